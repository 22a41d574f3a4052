import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PressRelease } from '../../../shared/releases';
import { ApiError } from '../../lib/api';
import { isolate } from '../../lib/i18n';
import { formatForViewer } from '../../lib/zoned-time';
import { useCan } from '../../lib/workspace';
import { RELEASES_PATH, useClientApproveRelease, useClientReturnRelease } from '../releases/releases-api';
import { DecisionPanel } from '../releases/approval-panel';
import { brandName } from './brand-picker';

/**
 * On a release waiting for the brand's client, for that client: approve it (it goes on as the agency's
 * send would, at its scheduled time if it has one) or return it to the agency with a comment.
 */
export function ClientApprovalPanel({ release }: { release: PressRelease }) {
  const { t, i18n } = useTranslation('brands');
  const can = useCan();
  const queryClient = useQueryClient();
  const approve = useClientApproveRelease();
  const giveBack = useClientReturnRelease();
  if (release.status !== 'awaiting_client_approval' || !can('clientApprove')) return null;

  const scheduled =
    release.scheduledAt && Date.parse(release.scheduledAt) > Date.now()
      ? formatForViewer(release.scheduledAt, release.timeZone)
      : null;
  const title = isolate(release.title);
  // Someone decided first (409): nothing is left to decide, so the page asks for the release as it now is.
  const onFailure = (error: unknown, closeReturn: () => void) => {
    if (!(error instanceof ApiError) || error.status !== 409) return;
    closeReturn();
    void queryClient.invalidateQueries({ queryKey: [RELEASES_PATH, release.id] });
  };
  return (
    <DecisionPanel
      id="client-approval-panel"
      texts="brands:clientApproval"
      approve={() => approve.mutateAsync(release.id)}
      approving={approve.isPending}
      confirmText={
        scheduled
          ? t('clientApproval.approveTextScheduled', { title, when: scheduled })
          : t('clientApproval.approveTextNow', { title })
      }
      giveBack={(comment) => giveBack.mutateAsync({ id: release.id, comment })}
      onFailure={onFailure}
    >
      <p className="mt-1">
        {release.brand
          ? t('clientApproval.textFor', { brand: isolate(brandName(release.brand, i18n.language)) })
          : t('clientApproval.text')}
      </p>
      {scheduled && <p className="mt-1">{t('clientApproval.scheduledFor', { when: scheduled })}</p>}
    </DecisionPanel>
  );
}
