import { useTranslation } from 'react-i18next';
import type { PressRelease } from '../../../shared/releases';
import { isolate } from '../../lib/i18n';
import { formatForViewer } from '../../lib/zoned-time';
import { useCan } from '../../lib/workspace';
import { useClientApproveRelease, useClientReturnRelease, useReleasePreflight } from './releases-api';
import { DecisionPanel, useConflictRefetch } from './approval-panel';
import { ApprovalReview } from './approval-review';
import { brandName } from '../../lib/brands';

/**
 * On a release waiting for the brand's client, for that client: what they approve (each version's exact
 * e-mail, its files, sender, send time and how many receive it where — counts, never addresses), then
 * approve it (it goes on as the agency's send would, at its scheduled time if it has one) or return it to
 * the agency with a comment.
 */
export function ClientApprovalPanel({ release }: { release: PressRelease }) {
  const { t, i18n } = useTranslation('brands');
  const can = useCan();
  const approve = useClientApproveRelease();
  const giveBack = useClientReturnRelease();
  const onFailure = useConflictRefetch(release.id);
  const shown = release.status === 'awaiting_client_approval' && can('clientApprove');
  const preflight = useReleasePreflight(release.id, shown);
  if (!shown) return null;

  const scheduled =
    release.scheduledAt && Date.parse(release.scheduledAt) > Date.now()
      ? formatForViewer(release.scheduledAt, release.timeZone)
      : null;
  const title = isolate(release.title);
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
      details={<ApprovalReview release={release} preflight={preflight} allowance={false} />}
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
