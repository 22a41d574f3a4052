import { useTranslation } from 'react-i18next';
import { Newspaper } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { formatNumber, translateMessage } from '../../lib/i18n';
import { Card } from '../../ui/card';
import { ErrorState, Skeleton } from '../../ui/feedback';
import { useRecentCoverage } from './dashboard-queries';

/**
 * The dashboard's line on coverage: articles found for the user's releases in the last 30 days. Its texts are
 * the dashboard's own, so the first screen does not fetch the whole coverage namespace for four lines.
 */
export function RecentCoverage() {
  const { t } = useTranslation('dashboard');
  const recent = useRecentCoverage();
  if (recent.isError) return <ErrorState message={translateMessage(errorMessage(recent.error))} onRetry={() => void recent.refetch()} />;
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5" data-testid="recent-coverage">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Newspaper className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-slate-500">{t('coverage.title')}</h2>
        {recent.isPending ? (
          <Skeleton className="mt-1 h-6 w-48" />
        ) : recent.data.articles === 0 ? (
          <p className="text-slate-700">{t('coverage.none')}</p>
        ) : (
          <p className="text-slate-700">
            <span className="text-lg font-bold text-slate-900">{t('coverage.articles', { count: recent.data.articles, value: formatNumber(recent.data.articles) })}</span>{' '}
            {t('coverage.releases', { count: recent.data.releases, value: formatNumber(recent.data.releases) })}
          </p>
        )}
      </div>
    </Card>
  );
}
