import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { History } from 'lucide-react';
import { isWorkspaceRole, type WorkspaceActivity } from '../../../shared/workspaces';
import { errorMessage } from '../../lib/api';
import { formatDate, isolate, translateMessage } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyState, ErrorState, Skeleton } from '../../ui/feedback';
import { Pager } from '../../ui/pager';
import { useActivity } from './workspaces-api';

const PAGE_SIZE = 20;
/** Details naming a role: shown as the role's name in the reader's language. */
const ROLE_DETAILS = ['role', 'from', 'to'];

/**
 * One entry in words: the sentence of its action, with the names and values its details carry. Names and
 * titles are user text, isolated so a Latin name keeps its direction inside an Arabic sentence.
 */
export function activitySentence(t: TFunction<'workspaces'>, item: WorkspaceActivity): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(item.details ?? {})) {
    if (value === null || value === undefined) continue;
    values[key] = ROLE_DETAILS.includes(key) && isWorkspaceRole(value) ? t(`roles.${value}`) : isolate(String(value));
  }
  const actor = item.actor ? isolate(item.actor) : t('activity.system');
  return t(`activity.actions.${item.action}`, { ...values, actor, defaultValue: t('activity.unknown', { actor }) });
}

/** The workspace's activity (owners and managers): invitations, role changes, approvals, sends and purchases. */
export function ActivityCard() {
  const { t } = useTranslation('workspaces');
  const [page, setPage] = useState(1);
  const activity = useActivity(page, PAGE_SIZE, true);
  const pageCount = activity.data ? Math.max(1, Math.ceil(activity.data.total / activity.data.pageSize)) : 1;
  return (
    <section aria-labelledby="activity-heading">
      <Card>
        <CardHeader title={<span id="activity-heading">{t('activity.title')}</span>} description={t('activity.description')} />
        <CardBody>
          {activity.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : activity.isError ? (
            <ErrorState message={translateMessage(errorMessage(activity.error))} onRetry={() => activity.refetch()} />
          ) : activity.data.items.length === 0 ? (
            <EmptyState icon={<History className="h-10 w-10" aria-hidden />} title={t('activity.empty')} />
          ) : (
            <>
              <ol className="divide-y divide-slate-100" data-testid="workspace-activity">
                {activity.data.items.map((item) => (
                  <li key={item.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-4">
                    <p className="flex-1 text-sm text-slate-800">{activitySentence(t, item)}</p>
                    <time dateTime={item.createdAt} className="shrink-0 text-xs text-slate-500">
                      {formatDate(item.createdAt, true)}
                    </time>
                  </li>
                ))}
              </ol>
              {pageCount > 1 && <Pager page={page} pageCount={pageCount} onPageChange={setPage} className="mt-4" />}
            </>
          )}
        </CardBody>
      </Card>
    </section>
  );
}
