import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminWorkspaceDetail } from '../../../shared/admin';
import { formatDate } from '../../lib/i18n';
import { formatForViewer } from '../../lib/zoned-time';
import { Badge } from '../../ui/feedback';
import { HELD_TONE, releaseTone } from '../../ui/status-tones';
import { OwnText } from '../../ui/own-text';
import { deliveryLogPath } from './delivery-log-tab';
import { Cell, DeskSection, DeskTable } from './desk-section';

/** The workspace's releases with their states; a scheduled release of a suspended workspace is held. */
export function CustomerReleases({ releases }: { releases: AdminWorkspaceDetail['releases'] }) {
  const { t } = useTranslation(['desk', 'releases']);
  return (
    <DeskSection title={t('releases.title')} empty={releases.length === 0} emptyText={t('releases.empty')}>
      <DeskTable label={t('releases.title')} columns={[t('releases.release'), t('releases.brand'), t('releases.status'), t('releases.when')]}>
        {releases.map((release) => (
          <tr key={release.id} data-testid="release-row">
            <Cell>
              <OwnText className="w-fit max-w-80 font-medium text-slate-900">{release.title || t('releases.untitled')}</OwnText>
              {/* Only a release that went out has deliveries to look at. */}
              {(release.sentAt || release.status === 'sending') && (
                <Link
                  to={deliveryLogPath(release.id)}
                  aria-label={t('releases.deliveryLogOf', { title: release.title || t('releases.untitled') })}
                  className="text-xs text-brand-700 hover:underline"
                >
                  {t('releases.deliveryLog')}
                </Link>
              )}
            </Cell>
            <Cell>
              <OwnText className="w-fit max-w-48">{release.brand}</OwnText>
            </Cell>
            <Cell>
              <span className="flex flex-wrap gap-1">
                <Badge className="whitespace-nowrap" tone={releaseTone(release.status)}>
                  {t(`releases:status.${release.status}`, { defaultValue: release.status })}
                </Badge>
                {release.held && <Badge className="whitespace-nowrap" tone={HELD_TONE}>{t('releases.held')}</Badge>}
              </span>
              {release.allowance !== 'none' && (
                <span className="mt-1 block text-xs text-slate-500">{t(`releases.allowance.${release.allowance}`)}</span>
              )}
            </Cell>
            <Cell last className="whitespace-nowrap text-slate-600">
              {release.sentAt
                ? t('releases.sentAt', { date: formatDate(release.sentAt, true) })
                : release.scheduledAt
                  ? t('releases.scheduledAt', { date: formatForViewer(release.scheduledAt, release.timeZone) })
                  : '—'}
            </Cell>
          </tr>
        ))}
      </DeskTable>
    </DeskSection>
  );
}

/** The workspace's public newsrooms, one per brand. */
export function CustomerNewsrooms({ newsrooms }: { newsrooms: AdminWorkspaceDetail['newsrooms'] }) {
  const { t } = useTranslation('desk');
  return (
    <DeskSection title={t('newsrooms.title')} empty={newsrooms.length === 0} emptyText={t('newsrooms.empty')}>
      <ul className="divide-y divide-slate-100 text-sm">
        {newsrooms.map((newsroom) => (
          <li key={newsroom.brandId} className="flex flex-wrap items-center gap-2 py-2">
            <OwnText className="min-w-0 font-medium text-slate-900">{newsroom.name}</OwnText>
            {newsroom.slug && newsroom.enabled ? (
              <a href={`/newsroom/${encodeURIComponent(newsroom.slug)}`} className="text-brand-700 hover:underline" dir="ltr">
                /newsroom/{newsroom.slug}
              </a>
            ) : null}
            <Badge tone={newsroom.enabled ? 'green' : 'slate'}>{t(newsroom.enabled ? 'newsrooms.public' : 'newsrooms.off')}</Badge>
          </li>
        ))}
      </ul>
    </DeskSection>
  );
}
