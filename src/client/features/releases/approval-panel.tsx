import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Undo2 } from 'lucide-react';
import type { PressRelease, SendPressReleaseResponse } from '../../../shared/releases';
import { returnReleaseSchema } from '../../../shared/workspaces';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { isolate, translateMessage } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useCan } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { ConfirmDialog, Dialog } from '../../ui/dialog';
import { Field, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { formatForViewer } from '../../lib/zoned-time';
import { ApprovalReview } from './approval-review';
import { useGatesText } from './lifecycle-words';
import { useAllowanceText } from './preflight-summary';
import { usePersonName } from './release-people';
import { RELEASES_PATH, useApproveRelease, useReleasePreflight, useReturnRelease } from './releases-api';

/**
 * On a release waiting for the workspace's approval, for those who may publish: what they approve (the
 * exact e-mail of each version, files, sender, send time, who receives it and the allowance after it),
 * then approve it (it goes as their own send would, spending the allowance) or return it to its writer
 * with a comment. Whoever wrote, edited or submitted the version cannot approve it (the server refuses with
 * SECOND_APPROVER_REQUIRED): its author reads why instead of the buttons, anyone else the server's refusal.
 */
export function ApprovalPanel({ release }: { release: PressRelease }) {
  const { t } = useTranslation(['releases', 'lifecycle']);
  const can = useCan();
  const name = usePersonName();
  const approve = useApproveRelease();
  const giveBack = useReturnRelease();
  const gates = useGatesText();
  const allowance = useAllowanceText();
  const { data: user } = useCurrentUser();
  const [refused, setRefused] = useState<string | null>(null);
  const onConflict = useConflictRefetch(release.id);
  const shown = release.status === 'awaiting_approval' && can('publish');
  const preflight = useReleasePreflight(release.id, shown);
  if (!shown) return null;
  const author = release.author;
  // Approval is a second person's: the server refuses the author's own (SECOND_APPROVER_REQUIRED).
  const ownRelease = !!author && author.id === user?.id;
  const onFailure = (error: unknown, closeReturn: () => void) => {
    if (error instanceof ApiError && error.code === 'SECOND_APPROVER_REQUIRED') setRefused(errorMessage(error));
    onConflict(error, closeReturn);
  };
  const blocked = ownRelease ? t('lifecycle:approve.ownVersion') : refused ? translateMessage(refused) : null;
  const after = gates(release.gatesAhead.slice(1), release.brand, 'afterApproval');
  return (
    <DecisionPanel
      id="approval-panel"
      texts="releases:approval"
      approve={() => approve.mutateAsync(release.id)}
      approving={approve.isPending}
      confirmText={
        <>
          <span className="block" data-testid="confirm-when">
            <SendWhen release={release} />
          </span>
          {after && <span className="mt-2 block">{after}</span>}
          {preflight.data && (
            <span className="mt-2 block" data-testid="confirm-allowance">
              {allowance(preflight.data.allowance)}
            </span>
          )}
        </>
      }
      giveBack={(comment) => giveBack.mutateAsync({ id: release.id, comment })}
      onFailure={onFailure}
      blocked={
        blocked && (
          <p role="alert" className="font-medium" data-testid="approval-blocked">
            {blocked}
          </p>
        )
      }
      details={<ApprovalReview release={release} preflight={preflight} allowance />}
    >
      <p className="mt-1">{author ? t('approval.textBy', { name: name(author) }) : t('approval.text')}</p>
    </DecisionPanel>
  );
}

/** "“Title” goes out on 09:00, 1 December 2026 (Riyadh)", or as soon as it is approved: the confirmation's first line. */
export function SendWhen({ release }: { release: Pick<PressRelease, 'title' | 'scheduledAt' | 'timeZone'> }) {
  const { t } = useTranslation('lifecycle');
  const title = isolate(release.title);
  return release.scheduledAt && Date.parse(release.scheduledAt) > Date.now()
    ? t('approve.confirmAt', { title, when: formatForViewer(release.scheduledAt, release.timeZone, 'long') })
    : t('approve.confirmNow', { title });
}

/**
 * Someone decided first, or the release moved on (409): nothing is left to decide here, so the page asks
 * for the release as it now is.
 */
export function useConflictRefetch(id: string) {
  const queryClient = useQueryClient();
  return (error: unknown, closeReturn: () => void) => {
    if (!(error instanceof ApiError) || error.status !== 409) return;
    closeReturn();
    void queryClient.invalidateQueries({ queryKey: [RELEASES_PATH, id] });
  };
}

type DecisionTexts = 'releases:approval' | 'brands:clientApproval';

/**
 * A release waiting for someone's decision (the workspace's approver, or the brand's client): its title,
 * what the decision does (`children`), Approve (asked first with `confirmText`) and Return with a required
 * comment, then what is decided on (`details`). `texts` names the block of texts both share (title,
 * approve, approveTitle, approved, approvedDescription, approveFailed and those of the return); a failure
 * is told and goes to `onFailure`. `blocked`: why this reader cannot decide, in place of the buttons.
 */
export function DecisionPanel({
  id,
  texts,
  approve,
  approving,
  confirmText,
  giveBack,
  onFailure,
  blocked,
  details,
  children,
}: {
  id: string;
  texts: DecisionTexts;
  approve: () => Promise<SendPressReleaseResponse>;
  approving: boolean;
  confirmText: ReactNode;
  giveBack: (comment: string) => Promise<unknown>;
  onFailure?: (error: unknown, closeReturn: () => void) => void;
  blocked?: ReactNode;
  details?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['releases', 'brands']);
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [returning, setReturning] = useState(false);
  const text = (key: string) => t(`${texts}.${key}`);
  const onApprove = async () => {
    try {
      const { pressRelease } = await approve();
      const outcome =
        pressRelease.status === 'scheduled'
          ? 'scheduled'
          : pressRelease.status === 'in_review'
            ? 'in_review'
            : 'sent';
      toast({ title: text('approved'), description: text(`approvedDescription.${outcome}`) });
    } catch (error) {
      toast({
        title: text('approveFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
      onFailure?.(error, () => setReturning(false));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="no-print rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid={id}
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {text('title')}
      </h2>
      {children}
      {blocked ? (
        <div className="mt-3">{blocked}</div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => setConfirming(true)} disabled={approving}>
            <CheckCircle2 className="h-4 w-4" aria-hidden />
            {text('approve')}
          </Button>
          <Button variant="secondary" onClick={() => setReturning(true)} disabled={approving}>
            <Undo2 className="flip-rtl h-4 w-4" aria-hidden />
            {text('return')}
          </Button>
        </div>
      )}
      {details}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={text('approveTitle')}
        description={confirmText}
        confirmLabel={text('approve')}
        destructive={false}
        pending={approving}
        onConfirm={() => void onApprove()}
      />
      <ReturnWithCommentDialog
        formId={`${id}-return`}
        texts={texts}
        open={returning}
        onOpenChange={setReturning}
        giveBack={giveBack}
        onFailure={(error) => onFailure?.(error, () => setReturning(false))}
      />
    </section>
  );
}

/**
 * A release given back with a required comment (by the workspace's approver, or the brand's client).
 * `texts` names the block of texts (returnTitle, returnText, comment, return, returned, returnedDescription,
 * returnFailed); a failure is told, stays open with the server's word on the field, and goes to `onFailure`.
 */
export function ReturnWithCommentDialog({
  formId,
  texts,
  open,
  onOpenChange,
  giveBack,
  onFailure,
}: {
  formId: string;
  texts: DecisionTexts;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  giveBack: (comment: string) => Promise<unknown>;
  onFailure?: (error: unknown) => void;
}) {
  const { t } = useTranslation(['releases', 'brands', 'common']);
  const toast = useToast();
  const form = useForm({
    resolver: zodResolver(returnReleaseSchema),
    mode: 'onTouched',
    defaultValues: { comment: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldId = `${formId}-comment`;
  const text = (key: string) => t(`${texts}.${key}`);
  const submit = form.handleSubmit(async ({ comment }) => {
    try {
      await giveBack(comment);
      toast({ title: text('returned'), description: text('returnedDescription') });
      form.reset();
      onOpenChange(false);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['comment']);
      toast({
        title: text('returnFailed'),
        description: translateMessage(errorMessage(error)),
        variant: 'destructive',
      });
      onFailure?.(error);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={text('returnTitle')}
      description={text('returnText')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form={`${formId}-form`} loading={isSubmitting}>
            {text('return')}
          </Button>
        </>
      }
    >
      <form id={`${formId}-form`} onSubmit={submit} noValidate>
        <Field id={fieldId} label={text('comment')} error={translateMessage(errors.comment?.message)}>
          <Textarea
            id={fieldId}
            rows={4}
            dir="auto"
            invalid={!!errors.comment}
            aria-describedby={errors.comment ? `${fieldId}-error` : undefined}
            {...form.register('comment')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
