import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { ReleaseAnalytics } from '../../../shared/releases';
import { formatNumber } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { useCoverage } from './coverage-api';

/**
 * The release's outcome as tiers, each narrower than the one before, each with what it counts: sent →
 * delivered → opened by people → clicked or downloaded → published. No audience estimates.
 */
export function OutcomeTiers({ data, releaseId, sentAt }: { data: ReleaseAnalytics; releaseId: string; sentAt: string | null }) {
  const { t } = useTranslation('coverage');
  const coverage = useCoverage(releaseId, sentAt);
  const articles = coverage.data;
  const tiers = [
    { key: 'recipients', value: formatNumber(data.recipients) },
    { key: 'delivered', value: formatNumber(data.delivered), extra: t('tiers.deliveryRate', { value: formatNumber(data.deliveryRate) }) },
    {
      key: 'opened',
      value: formatNumber(data.uniqueOpens),
      extra: `${t('tiers.openRate', { value: formatNumber(data.openRate) })} · ${t('tiers.machineApart', { value: formatNumber(data.machineOpens) })}`,
    },
    {
      key: 'engaged',
      value: formatNumber(data.uniqueClicks),
      extra: t('tiers.downloads', { count: data.downloads, value: formatNumber(data.downloads) }),
    },
    {
      key: 'published',
      value: articles ? formatNumber(articles.verbatim + articles.earned) : '…',
      extra: articles ? t('tiers.publishedSplit', { verbatim: formatNumber(articles.verbatim), earned: formatNumber(articles.earned) }) : undefined,
    },
  ];
  return (
    <Card>
      <CardHeader title={t('tiers.title')} description={t('tiers.description')} />
      <CardBody>
        {/* Two to a row on a phone, without the definitions, so the recipients come soon after. */}
        <ol className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-5" aria-label={t('tiers.title')}>
          {tiers.map((tier, i) => (
            <li key={tier.key} className="relative rounded-lg border border-slate-200 p-2 sm:p-3" data-testid={`tier-${tier.key}`}>
              <h3 className="text-xs font-medium text-slate-500">{t(`tiers.${tier.key}`)}</h3>
              <p className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl">{tier.value}</p>
              {tier.extra && <p className="text-xs text-slate-600">{tier.extra}</p>}
              <p className="mt-2 hidden text-xs text-slate-500 sm:block">{t(`tiers.${tier.key}Definition`)}</p>
              {i < tiers.length - 1 && (
                <ChevronRight className="flip-rtl absolute -end-3 top-1/2 hidden h-5 w-5 -translate-y-1/2 text-slate-300 md:block" aria-hidden />
              )}
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
