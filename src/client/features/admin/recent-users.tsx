import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PeopleSkeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useAdminStats } from './admin-api';
import { displayName, initials, RoleBadge } from './user-labels';
import { OwnText } from '../../ui/own-text';

/** SPEC §2 'Recent Users': the latest sign-ups (at most 8), from the stats call. */
export function RecentUsers() {
  const { t } = useTranslation('admin');
  const stats = useAdminStats();
  return (
    <Card className="h-fit">
      <CardHeader title={t('recent.title')} />
      <CardBody>
        <QueryState
          query={stats}
          loading={<PeopleSkeleton label={t('recent.loading')} />}
          isEmpty={(answer) => answer.recentUsers.length === 0}
          empty={<p className="py-6 text-center text-sm text-slate-500">{t('recent.empty')}</p>}
        >
          {(answer) => (
            <ul className="space-y-4" aria-label={t('recent.title')}>
              {answer.recentUsers.map((user) => (
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
        </QueryState>
      </CardBody>
    </Card>
  );
}
