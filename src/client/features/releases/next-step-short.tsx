import { useTranslation } from 'react-i18next';
import type { PressRelease } from '../../../shared/releases';
import type { ReleaseStatus } from '../../../shared/release-statuses';
import { formatForViewer } from '../../lib/zoned-time';
import { useIsClientSeat } from './lifecycle-words';

/**
 * A few words for lists (releases, dashboard) under a release that is moving or waiting for its owner. Apart
 * from next-step.tsx, whose release-page block brings Withdraw and its dialog, which a list does not show.
 */
const SHORT_STATES: readonly ReleaseStatus[] = [
  'awaiting_approval',
  'awaiting_client_approval',
  'in_review',
  'changes_requested',
  'scheduled',
  'sending',
];
export function NextStepShort({ release }: { release: Pick<PressRelease, 'status' | 'scheduledAt' | 'timeZone'> }) {
  const { t } = useTranslation('releases');
  // A client seat makes no changes: a returned release is with the agency.
  const clientSeat = useIsClientSeat();
  if (!SHORT_STATES.includes(release.status)) return null;
  const key = clientSeat && release.status === 'changes_requested' ? 'changes_requested_agency' : release.status;
  return (
    <span className="text-xs text-slate-500" data-testid="next-step-short">
      {t(`short.${key}`, {
        when: release.scheduledAt ? formatForViewer(release.scheduledAt, release.timeZone) : '',
      })}
    </span>
  );
}
