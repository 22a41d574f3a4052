import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { formatDate, translateMessage } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ErrorState, Skeleton } from '../../ui/feedback';
import { useAdminStats } from './admin-api';
import { displayName, initials, RoleBadge } from './user-labels';
import { OwnText } from '../../ui/own-text';

/** SPEC §2 'Recent Users': the latest sign-ups (at most 8), from the stats call. */
export function RecentUsers() {
  const { t } = useTranslation('admin');
  const { data, isPending, isError, error, refetch } = useAdminStats();
  return (
    <Card className="h-fit">
      <CardHeader title={t('recent.title')} />
      <CardBody>
        {isPending ? (
          <ul className="space-y-4" aria-busy="true" aria-label={t('recent.loading')}>
            {Array.from({ length: 5 }, (_, i) => (
              <li key={i} className="flex items-center gap-3">
                <Skeleton className="h-9 w-9 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-3.5 w-2/3" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              </li>
            ))}
          </ul>
        ) : isError ? (
          <ErrorState message={translateMessage(errorMessage(error))} onRetry={() => void refetch()} />
        ) : data.recentUsers.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('recent.empty')}</p>
        ) : (
          <ul className="space-y-4" aria-label={t('recent.title')}>
            {data.recentUsers.map((user) => (
              <li key={user.id} className="flex items-center gap-3">
                <span
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                  aria-hidden
                >
                  {initials(user)}
                </span>
                <div className="min-w-0 flex-1">
                  <OwnText as="p" className="text-sm font-medium text-slate-900">
                    {displayName(user)}
                  </OwnText>
                  {/* The company cut at its own end; the date stays whole beside it. */}
                  <p className="flex min-w-0 gap-1 text-xs text-slate-500">
                    <OwnText className="min-w-0">{user.companyName}</OwnText>
                    <span className="shrink-0">· {formatDate(user.createdAt)}</span>
                  </p>
                </div>
                <RoleBadge role={user.role} />
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
