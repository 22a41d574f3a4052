import { useTranslation } from 'react-i18next';
import { Newspaper } from 'lucide-react';
import type { RecentCoverage as Recent } from '../../../shared/coverage';
import { formatNumber } from '../../lib/i18n';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useRecentCoverage } from './dashboard-queries';

/**
 * The dashboard's line on coverage: articles found for the user's releases in the last 30 days. Its texts are
 * the dashboard's own, so the first screen does not fetch the whole coverage namespace for four lines.
 */
export function RecentCoverage() {
  const recent = useRecentCoverage();
  return (
    <QueryState query={recent} loading={<CoverageLine />}>
      {(found) => <CoverageLine recent={found} />}
    </QueryState>
  );
}

/** The card, its figures in place of a placeholder once they are known. */
function CoverageLine({ recent }: { recent?: Recent }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5" data-testid="recent-coverage">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Newspaper className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-500">{t('coverage.title')}</h2>
        {!recent ? (
          <Skeleton className="mt-1 h-6 w-48" />
        ) : recent.articles === 0 ? (
          <p className="text-slate-700">{t('coverage.none')}</p>
        ) : (
          <p className="text-slate-700">
            <span className="text-lg font-bold text-slate-900">{t('coverage.articles', { count: recent.articles, value: formatNumber(recent.articles) })}</span>{' '}
            {t('coverage.releases', { count: recent.releases, value: formatNumber(recent.releases) })}
          </p>
        )}
      </div>
    </Card>
  );
}
