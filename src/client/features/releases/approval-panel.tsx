import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Undo2 } from 'lucide-react';
import type { PressRelease, SendPressReleaseResponse } from '../../../shared/releases';
import { returnReleaseSchema } from '../../../shared/workspaces';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { isolate, translateMessage } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useCan } from '../../lib/workspace';
import { Button } from '../../ui/button';
import { ConfirmDialog, Dialog } from '../../ui/dialog';
import { Field, Textarea } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { usePersonName } from './release-people';
import { useApproveRelease, useReturnRelease } from './releases-api';

/**
 * On a release waiting for the workspace's approval, for those who may publish: approve it (it then goes
 * as their own send would, spending the allowance) or return it to its writer with a comment.
 */
export function ApprovalPanel({ release }: { release: PressRelease }) {
  const { t } = useTranslation('releases');
  const can = useCan();
  const name = usePersonName();
  const approve = useApproveRelease();
  const giveBack = useReturnRelease();
  const { data: user } = useCurrentUser();
  const author = release.author;
  // Approval is a second person's: the server refuses the author's own (SECOND_APPROVER_REQUIRED).
  const ownRelease = !!author && author.id === user?.id;
  if (release.status !== 'awaiting_approval' || !can('publish') || ownRelease) return null;
  return (
    <DecisionPanel
      id="approval-panel"
      texts="releases:approval"
      approve={() => approve.mutateAsync(release.id)}
      approving={approve.isPending}
      confirmText={t('approval.approveText', { title: isolate(release.title) })}
      giveBack={(comment) => giveBack.mutateAsync({ id: release.id, comment })}
    >
      <p className="mt-1">{author ? t('approval.textBy', { name: name(author) }) : t('approval.text')}</p>
    </DecisionPanel>
  );
}

type DecisionTexts = 'releases:approval' | 'brands:clientApproval';

/**
 * A release waiting for someone's decision (the workspace's approver, or the brand's client): its title,
 * what the decision does (`children`), Approve (asked first with `confirmText`) and Return with a required
 * comment. `texts` names the block of texts both share (title, approve, approveTitle, approved,
 * approvedDescription, approveFailed and those of the return); a failure is told and goes to `onFailure`.
 */
export function DecisionPanel({
  id,
  texts,
  approve,
  approving,
  confirmText,
  giveBack,
  onFailure,
  children,
}: {
  id: string;
  texts: DecisionTexts;
  approve: () => Promise<SendPressReleaseResponse>;
  approving: boolean;
  confirmText: string;
  giveBack: (comment: string) => Promise<unknown>;
  onFailure?: (error: unknown, closeReturn: () => void) => void;
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
