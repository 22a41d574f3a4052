import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClipboardCheck, Clock } from 'lucide-react';
import type { ReviewQueueItem } from '../../../shared/review';
import { REVIEW_TARGET_MINUTES } from '../../../shared/review-target';
import { useDocumentTitle } from '../../lib/document-title';
import { formatForViewer } from '../../lib/zoned-time';
import { formatNumber } from '../../lib/i18n';
import { Card } from '../../ui/card';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { Pager, pageCountOf } from '../../ui/pager';
import { useReviewQueue } from './review-api';
import { TurnaroundCard } from './turnaround-card';

/** The editors' queue (issue 11): waiting releases by deadline, each against the 30-minute promise. */
export default function ReviewQueuePage() {
  const { t } = useTranslation('review');
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);
  useDocumentTitle(t('queue.title'));
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('queue.title')}</h1>
        <p className="mt-1 text-slate-600">{t('queue.subtitle', { minutes: REVIEW_TARGET_MINUTES })}</p>
      </header>
      <TurnaroundCard />
      <QueryState
        query={queue}
        loading={<RowsSkeleton rows={3} height="h-24" />}
        isEmpty={noItems}
        empty={<EmptyState icon={<ClipboardCheck className="h-10 w-10" aria-hidden />} title={t('queue.empty')} description={t('queue.emptyText')} />}
      >
        {(found) => (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {t('queue.count', { count: found.total, n: formatNumber(found.total) })}
            </p>
            <ul className="space-y-3" aria-label={t('queue.title')}>
              {found.items.map((item) => (
                <QueueItem key={item.id} item={item} />
              ))}
            </ul>
            <Pager page={page} pageCount={pageCountOf(found)} onPageChange={setPage} />
          </>
        )}
      </QueryState>
    </main>
  );
}

/** Minutes left before the promise is missed: for Send Now 30 after submission, for a schedule its time. */
function minutesLeft(item: ReviewQueueItem): number {
  const deadline = item.scheduledAt ? Date.parse(item.scheduledAt) : Date.parse(item.submittedAt) + REVIEW_TARGET_MINUTES * 60_000;
  return Math.round((deadline - Date.now()) / 60_000);
}

function QueueItem({ item }: { item: ReviewQueueItem }) {
  const { t } = useTranslation('review');
  const left = minutesLeft(item);
  const waitingMinutes = Math.floor(item.waitingSeconds / 60);
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <Link to={`/admin/review/${item.id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline" dir="auto">
            {item.title}
          </Link>
          <p className="mt-1 text-sm text-slate-600">
            <bdi>{item.companyName}</bdi> · <bdi dir="ltr">{item.ownerEmail}</bdi>
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
            <span>{t(`languages.${item.language}`, { defaultValue: item.language })}</span>
            <span>{t('queue.recipients', { count: item.recipients, n: formatNumber(item.recipients) })}</span>
            {item.byVersion.length > 1 && (
              <span>
                {item.byVersion.map((v) => t('queue.perVersion', { version: t(`languages.${v.language}`), n: formatNumber(v.count) })).join(' · ')}
              </span>
            )}
            <span>{t('queue.waiting', { count: waitingMinutes, n: formatNumber(waitingMinutes) })}</span>
            <span>{item.scheduledAt ? t('queue.scheduledFor', { when: formatForViewer(item.scheduledAt, item.timeZone) }) : t('queue.sendNow')}</span>
          </p>
        </div>
        <Badge tone={left < 0 ? 'red' : left <= 10 ? 'amber' : 'green'} className="inline-flex items-center gap-1 whitespace-nowrap">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {left < 0 ? t('queue.overdue', { count: -left, n: formatNumber(-left) }) : t('queue.left', { count: left, n: formatNumber(left) })}
        </Badge>
      </Card>
    </li>
  );
}
