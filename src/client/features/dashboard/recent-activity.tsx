import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Activity } from 'lucide-react';
import type { ActivityType } from '../../../shared/campaigns';
import { errorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, ErrorState, Skeleton } from '../../ui/feedback';
import { useRecentActivity } from './dashboard-queries';

const TONES: Record<ActivityType, 'slate' | 'green' | 'amber' | 'red' | 'blue'> = {
  delivered: 'slate',
  opened: 'green',
  clicked: 'blue',
  downloaded: 'blue',
  bounced: 'red',
  unsubscribed: 'amber',
};

/** The last things that happened to the user's recent campaigns, live while one is sending. */
export function RecentActivity() {
  const { t } = useTranslation('dashboard');
  const { data, isPending, isError, error, refetch } = useRecentActivity();
  return (
    <Card>
      <CardHeader title={t('activity.title')} />
      <CardBody>
        {isPending ? (
          <div className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : isError ? (
          <ErrorState message={translateMessage(errorMessage(error))} onRetry={() => refetch()} />
        ) : data.items.length === 0 ? (
          <EmptyState icon={<Activity className="h-10 w-10" aria-hidden />} title={t('activity.empty')} />
        ) : (
          <ul className="divide-y divide-slate-100" aria-live="polite" aria-label={t('activity.title')}>
            {data.items.map((item, i) => (
              <li key={`${item.at}-${item.type}-${i}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <Badge tone={TONES[item.type]}>{t(`activity.types.${item.type}`)}</Badge>
                <span className="min-w-0 flex-1 break-words text-slate-700">
                  <bdi className="font-medium text-slate-900">{item.name || t('activity.someone')}</bdi>
                  {item.outlet && (
                    <>
                      {' · '}
                      <bdi>{item.outlet}</bdi>
                    </>
                  )}
                  {' — '}
                  <Link to={`/analytics/${item.releaseId}`} className="text-brand-700 hover:underline">
                    <bdi>{item.releaseTitle}</bdi>
                  </Link>
                </span>
                <time dateTime={item.at} className="text-xs text-slate-500">
                  {formatDate(item.at, true)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
