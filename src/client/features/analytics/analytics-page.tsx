import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BarChart3, FileText, Mail, MessageSquareReply, TrendingUp, Users } from 'lucide-react';
import type { AnalyticsDashboard, ReleasePerformance } from '../../../shared/releases';
import { formatDate, formatNumber } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/document-title';
import { useCurrentUser } from '../../lib/session';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { StatTile } from '../../ui/stat-tile';
import { cn } from '../../ui/cn';
import { useAnalyticsDashboard } from './analytics-api';
import { BrandFilter } from '../../ui/brand-filter';
import { useBrandParam, useBrands } from '../../lib/brands';
import { OwnText } from '../../ui/own-text';
import { mayOnPlatform } from '../../lib/workspace';

/** SPEC §9: the open badge is primary from 25% up. */
export const STRONG_OPEN_RATE = 25;
const MAX_RELEASES = 8;

/** SPEC §2 Analytics dashboard: three cards and the performance of up to 8 sent releases. */
export default function AnalyticsPage() {
  // The brands' words load with the page: the filter appears once the brands are known, without a suspense.
  const { t } = useTranslation(['analytics', 'brands']);
  const [brandId, setBrandId] = useBrandParam();
  const brands = useBrands();
  const dashboard = useAnalyticsDashboard(brandId || undefined);
  useDocumentTitle(t('title'));

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        <BrandFilter brands={brands.data} value={brandId} onChange={setBrandId} />
      </header>
      <QueryState query={dashboard} loading={<Figures />}>
        {(found) => <Figures data={found} />}
      </QueryState>
    </main>
  );
}

/** The four cards and the releases' performance, each with a placeholder in its place until the figures are known. */
function Figures({ data }: { data?: AnalyticsDashboard }) {
  const { t } = useTranslation('analytics');
  const { data: user } = useCurrentUser();
  const cards = [
    { label: t('cards.totalReleases'), value: data && formatNumber(data.totalReleases), icon: <FileText className="h-5 w-5" aria-hidden /> },
    { label: t('cards.averageOpenRate'), value: data && `${formatNumber(data.averageOpenRate ?? 0)}%`, icon: <TrendingUp className="h-5 w-5" aria-hidden /> },
    { label: t('cards.totalRecipients'), value: data && formatNumber(data.totalRecipients ?? 0), icon: <Users className="h-5 w-5" aria-hidden /> },
    { label: t('cards.replyRate'), value: data && `${formatNumber(data.replyRate ?? 0)}%`, icon: <MessageSquareReply className="h-5 w-5" aria-hidden /> },
  ];

  return (
    <>
      <section aria-label={t('cards.label')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <StatTile key={card.label} {...card} pending={!data} />
        ))}
      </section>
      <Card>
        <CardHeader title={t('performance.title')} description={t('performance.description')} />
        <CardBody>
          {!data ? (
            <RowsSkeleton rows={3} height="h-16" />
          ) : data.releases.length === 0 ? (
            <EmptyState icon={<BarChart3 className="h-10 w-10" aria-hidden />} title={t('performance.empty')} />
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('performance.title')}>
              {data.releases.slice(0, MAX_RELEASES).map((release) => (
                <PerformanceRow key={release.id} release={release} showOwner={mayOnPlatform(user, 'console')} />
              ))}
            </ul>
          )}
        </CardBody>
      </Card>
    </>
  );
}

function PerformanceRow({ release, showOwner }: { release: ReleasePerformance; showOwner: boolean }) {
  const { t } = useTranslation('analytics');
  const strong = release.openRate >= STRONG_OPEN_RATE;
  return (
    <li>
      <Link to={`/analytics/${release.id}`} className="flex flex-col gap-2 rounded-md px-2 py-3 hover:bg-slate-50 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <OwnText as="p" className="font-medium text-slate-900">
            {release.title}
          </OwnText>
          <p className="text-xs text-slate-500">
            {release.sentAt ? t('performance.sentOn', { when: formatDate(release.sentAt) }) : t(`status.${release.status}`)}
            {' · '}
            {t('performance.recipients', { count: release.recipientCount, value: formatNumber(release.recipientCount) })}
          </p>
          {showOwner && release.userEmail && (
            <p className="text-xs text-slate-500">
              {t('performance.by')} <span dir="ltr">{release.userEmail}</span>
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Mail className="h-4 w-4" aria-hidden />
            {t('performance.sent', { value: formatNumber(release.sent) })}
          </span>
          <span>{t('performance.opens', { count: release.opens, value: formatNumber(release.opens) })}</span>
          <span
            data-variant={strong ? 'primary' : 'secondary'}
            className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', strong ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
          >
            {t('performance.openBadge', { value: formatNumber(release.openRate) })}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="release-reply-rate">
            <MessageSquareReply className="h-4 w-4" aria-hidden />
            {t('performance.replyBadge', { value: formatNumber(release.replyRate ?? 0) })}
          </span>
        </div>
      </Link>
    </li>
  );
}
