import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PressRelease } from '../../../shared/releases';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDate, isolate, translateMessage } from '../../lib/i18n';
import { useCan } from '../../lib/workspace';
import { ConfirmDialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { RELEASES_PATH, useClientApproveRelease, useClientReturnRelease } from '../releases/releases-api';
import { DecisionPanel, ReturnWithCommentDialog } from '../releases/approval-panel';
import { brandName } from './brand-picker';

/**
 * On a release waiting for the brand's client, for that client: approve it (it goes on as the agency's
 * send would, at its scheduled time if it has one) or return it to the agency with a comment.
 */
export function ClientApprovalPanel({ release }: { release: PressRelease }) {
  const { t, i18n } = useTranslation('brands');
  const can = useCan();
  const toast = useToast();
  const approve = useClientApproveRelease();
  const stale = useStaleDecision(release.id);
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  if (release.status !== 'awaiting_client_approval' || !can('clientApprove')) return null;

  const scheduled =
    release.scheduledAt && Date.parse(release.scheduledAt) > Date.now()
      ? formatDate(release.scheduledAt, true)
      : null;
  const onApprove = async () => {
    try {
      const { pressRelease } = await approve.mutateAsync(release.id);
      const outcome =
        pressRelease.status === 'scheduled'
          ? 'scheduled'
          : pressRelease.status === 'in_review'
            ? 'in_review'
            : 'sent';
      toast({
        title: t('clientApproval.approved'),
        description: t(`clientApproval.approvedDescription.${outcome}`),
      });
    } catch (error) {
      stale(error);
      toast({
        title: t('clientApproval.approveFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <DecisionPanel
      id="client-approval-panel"
      texts="brands:clientApproval"
      onApprove={() => setConfirming(true)}
      onReturn={() => setReturning(true)}
      busy={approve.isPending}
    >
      <p className="mt-1">
        {release.brand
          ? t('clientApproval.textFor', { brand: isolate(brandName(release.brand, i18n.language)) })
          : t('clientApproval.text')}
      </p>
      {scheduled && <p className="mt-1">{t('clientApproval.scheduledFor', { when: scheduled })}</p>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('clientApproval.approveTitle')}
        description={
          scheduled
            ? t('clientApproval.approveTextScheduled', { title: isolate(release.title), when: scheduled })
            : t('clientApproval.approveTextNow', { title: isolate(release.title) })
        }
        confirmLabel={t('clientApproval.approve')}
        destructive={false}
        pending={approve.isPending}
        onConfirm={() => void onApprove()}
      />
      <ClientReturnDialog id={release.id} open={returning} onOpenChange={setReturning} onStale={stale} />
    </DecisionPanel>
  );
}

/** A decision someone already took (409): the page asks again for the release as it now stands. */
function useStaleDecision(id: string) {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 409)
      void queryClient.invalidateQueries({ queryKey: [RELEASES_PATH, id] });
  };
}

function ClientReturnDialog({
  id,
  open,
  onOpenChange,
  onStale,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStale: (error: unknown) => void;
}) {
  const giveBack = useClientReturnRelease();
  const onFailure = (error: unknown) => {
    onStale(error);
    // Someone decided first: nothing is left to return, so the dialog closes on the page as it now is.
    if (error instanceof ApiError && error.status === 409) onOpenChange(false);
  };
  return (
    <ReturnWithCommentDialog
      formId="client-return"
      texts="brands:clientApproval"
      open={open}
      onOpenChange={onOpenChange}
      giveBack={(comment) => giveBack.mutateAsync({ id, comment })}
      onFailure={onFailure}
    />
  );
}
