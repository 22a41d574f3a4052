import { useTranslation } from 'react-i18next';
import { REVIEW_TARGET_MINUTES } from '../../../shared/review-target';
import { formatNumber } from '../../lib/i18n';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import type { ReviewStats } from '../../../shared/review';
import { useReviewStats } from './review-api';

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 60));

/** Turnaround over the last 30 days: median and 90th percentile to decision, approvals started on time. */
export function TurnaroundCard() {
  const stats = useReviewStats();
  return (
    <QueryState query={stats} loading={<Skeleton className="h-24" />}>
      {(found) => <Turnaround stats={found} />}
    </QueryState>
  );
}

function Turnaround({ stats: s }: { stats: ReviewStats }) {
  const { t } = useTranslation('review');
  const figure = (label: string, value: string) => (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
  const none = t('stats.none');
  const median = minutes(s.medianSeconds);
  const p90 = minutes(s.p90Seconds);
  return (
    <Card className="p-4">
      <h2 className="text-sm font-semibold text-slate-700">{t('stats.title', { days: s.days })}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="review-stats">
        {figure(t('stats.decided'), formatNumber(s.decided))}
        {figure(t('stats.median'), median === null ? none : t('stats.minutes', { count: median, n: formatNumber(median) }))}
        {figure(t('stats.p90'), p90 === null ? none : t('stats.minutes', { count: p90, n: formatNumber(p90) }))}
        {figure(
          t('stats.onTime', { minutes: REVIEW_TARGET_MINUTES }),
          s.startedWithinTarget === null ? none : `${formatNumber(Math.round(s.startedWithinTarget * 100))}%`,
        )}
      </dl>
    </Card>
  );
}
