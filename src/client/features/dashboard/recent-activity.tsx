import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Activity } from 'lucide-react';
import type { ActivityItem, ActivityType } from '../../../shared/campaigns';
import { formatDate, isolate } from '../../lib/i18n';
import { IsolatedText } from '../../ui/isolated-text';
import { OwnText } from '../../ui/own-text';
import { titleFor } from '../../lib/release-title';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noItems } from '../../ui/query-state';
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
  const activity = useRecentActivity();
  return (
    <Card>
      <CardHeader title={t('activity.title')} />
      <CardBody>
        <QueryState
          query={activity}
          loading={<RowsSkeleton rows={3} height="h-10" />}
          isEmpty={noItems}
          empty={<EmptyState icon={<Activity className="h-10 w-10" aria-hidden />} title={t('activity.empty')} />}
        >
          {(data) => (
            <ul className="divide-y divide-slate-100" aria-live="polite" aria-label={t('activity.title')}>
              {data.items.map((item, i) => (
                <ActivityLine key={`${item.at}-${item.type}-${i}`} item={item} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

/**
 * One event as a small card that reads alike in both directions and at any width: what happened and when
 * on the first line, who (and their outlet) in one translated phrase with each name isolated, then the
 * release's title, in the reader's language when it has that version, on a line of its own.
 */
function ActivityLine({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation('dashboard');
  const name = item.name ? isolate(item.name) : t('activity.someone');
  const title = titleFor(
    { title: item.releaseTitle, translationTitle: item.releaseTranslationTitle, language: item.releaseLanguage },
    i18n.language,
  );
  return (
    <li className="py-3 text-sm" data-testid="activity-item">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Badge tone={TONES[item.type]}>{t(`activity.types.${item.type}`)}</Badge>
        <time dateTime={item.at} className="text-xs text-slate-500">
          {formatDate(item.at, true)}
        </time>
      </div>
      <p className="mt-1 font-medium text-slate-900" data-testid="activity-who">
        <IsolatedText text={item.outlet ? t('activity.whoAt', { name, outlet: isolate(item.outlet) }) : name} />
      </p>
      <Link to={`/analytics/${item.releaseId}`} className="block text-brand-700 hover:underline">
        <OwnText wrap>{title}</OwnText>
      </Link>
    </li>
  );
}
