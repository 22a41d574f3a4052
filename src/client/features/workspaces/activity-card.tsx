import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { formatDate } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
import { IsolatedText } from '../../ui/isolated-text';
import { Pager, pageCountOf } from '../../ui/pager';
import { activitySentence } from './activity-text';
import { useActivity } from './workspaces-api';

const PAGE_SIZE = 20;
/** The workspace's activity (owners and managers): invitations, role changes, approvals, sends and purchases. */
export function ActivityCard() {
  const { t } = useTranslation('workspaces');
  const [page, setPage] = useState(1);
  const activity = useActivity(page, PAGE_SIZE, true);
  const pageCount = pageCountOf(activity.data);
  return (
    <section aria-labelledby="activity-heading">
      <Card>
        <CardHeader title={<span id="activity-heading">{t('activity.title')}</span>} description={t('activity.description')} />
        <CardBody>
          <QueryState
            query={activity}
            loading={<RowsSkeleton rows={2} />}
            isEmpty={noItems}
            empty={<EmptyState icon={<History className="h-10 w-10" aria-hidden />} title={t('activity.empty')} />}
          >
            {(data) => (
              <>
                <ol className="divide-y divide-slate-100" data-testid="workspace-activity">
                  {data.items.map((item) => (
                    <li key={item.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-4">
                      <p className="flex-1 text-sm text-slate-800" data-testid="activity-sentence">
                        <IsolatedText text={activitySentence(t, item)} />
                      </p>
                      <time dateTime={item.createdAt} className="shrink-0 text-xs text-slate-500">
                        {formatDate(item.createdAt, true)}
                      </time>
                    </li>
                  ))}
                </ol>
                {pageCount > 1 && <Pager page={page} pageCount={pageCount} onPageChange={setPage} className="mt-4" />}
              </>
            )}
          </QueryState>
        </CardBody>
      </Card>
    </section>
  );
}
