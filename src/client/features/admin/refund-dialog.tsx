import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { prorated, refundSchema, type AdminWorkspaceDetail, type RefundInput } from '../../../shared/admin';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatDate, formatNumber, translateMessage } from '../../lib/i18n';
import { formatCents } from '../../lib/money';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, Input, Textarea } from '../../ui/field';
import { Notice } from '../../ui/notice';
import { useToast } from '../../ui/toast';
import { useRefundPurchase } from './desk-api';

export type Purchase = AdminWorkspaceDetail['purchases'][number];

/** The server's figures when a refund would take back spent releases (422 REFUND_EXCEEDS_UNSPENT). */
type RefusedFigures = { releases: number; spent: number; refunded: number; unspent: number };

function refusedFigures(error: unknown): RefusedFigures | null {
  if (!(error instanceof ApiError) || error.code !== 'REFUND_EXCEEDS_UNSPENT') return null;
  const details = (error.body as { details?: Partial<RefusedFigures> } | undefined)?.details;
  if (!details) return null;
  const { releases = 0, spent = 0, refunded = 0, unspent = 0 } = details;
  return { releases, spent, refunded, unspent };
}

/**
 * Refunds some or all of a purchase's unspent releases: how many (the most that can be refunded is shown)
 * and why (the credit note prints it), then a confirmation with the amount going back, since the card is
 * refunded and a credit note issued at once. A refusal shows the server's figures, which may be newer than
 * the page's.
 */
export function RefundDialog({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const { t } = useTranslation('desk');
  const toast = useToast();
  const refund = useRefundPurchase();
  const [confirming, setConfirming] = useState<RefundInput | null>(null);
  const [problem, setProblem] = useState<{ message: string; figures: RefusedFigures | null } | null>(null);
  const form = useForm({
    resolver: zodResolver(refundSchema),
    defaultValues: { releases: Math.max(purchase.refundable, 1), reason: '' },
  });
  const { errors } = form.formState;

  const ask = form.handleSubmit((values) => {
    setProblem(null);
    setConfirming(values);
  });

  const send = () => {
    if (confirming === null) return;
    refund.mutate(
      { paymentId: purchase.id, ...confirming },
      {
        onSuccess: (result) => {
          toast({
            title: t('refund.done', { count: result.releases, formatted: formatNumber(result.releases) }),
            description: t('refund.doneText', { amount: formatCents(result.amount, 'usd'), number: result.creditNote.number }),
          });
          onClose();
        },
        onError: (error) => {
          setConfirming(null);
          applyServerFieldErrors(error, form.setError, ['releases', 'reason']);
          setProblem({ message: translateMessage(errorMessage(error)), figures: refusedFigures(error) });
        },
      },
    );
  };

  const close = (open: boolean) => !open && !refund.isPending && onClose();
  const title = t('refund.title', { date: formatDate(purchase.createdAt) });

  if (confirming !== null) {
    const k = confirming.releases;
    // What the server will refund: the same proration, the last releases taking what is left.
    const amount = prorated(purchase.amount, purchase.refundedAmount, k, { releases: purchase.releases, refunded: purchase.refundedReleases });
    return (
      <Dialog
        open
        onOpenChange={close}
        title={title}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={refund.isPending}>
              {t('refund.back')}
            </Button>
            <Button variant="destructive" onClick={send} loading={refund.isPending}>
              {t('refund.confirm', { count: k, formatted: formatNumber(k) })}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">
          {t('refund.confirmText', { count: k, formatted: formatNumber(k), total: formatNumber(purchase.releases) })}
        </p>
        <dl className="mt-3 grid gap-1 text-sm">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">{t('refund.amount')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="refund-amount">
              <bdi dir="ltr">{formatCents(amount, 'usd')}</bdi>
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">{t('refund.reasonOnNote')}</dt>
            <dd className="min-w-0 break-words text-slate-900">
              <bdi>{confirming.reason.trim()}</bdi>
            </dd>
          </div>
        </dl>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={close}
      title={title}
      description={t('refund.description')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('refund.cancel')}
          </Button>
          <Button type="submit" form="refund-form" disabled={purchase.refundable === 0 && !problem}>
            {t('refund.next')}
          </Button>
        </>
      }
    >
      {problem && (
        <Notice tone="error" title={t('refund.refused')}>
          <p>{problem.message}</p>
          {problem.figures && <RefusedFiguresList figures={problem.figures} />}
        </Notice>
      )}
      <form id="refund-form" onSubmit={ask} noValidate>
        <Field
          id="refund-releases"
          label={t('refund.releases')}
          error={translateMessage(errors.releases?.message)}
        >
          <Input
            id="refund-releases"
            type="number"
            inputMode="numeric"
            min={1}
            max={purchase.refundable}
            className="w-32"
            invalid={!!errors.releases}
            aria-describedby={errors.releases ? 'refund-releases-error refund-maximum' : 'refund-maximum'}
            {...form.register('releases', { valueAsNumber: true })}
          />
        </Field>
        <p id="refund-maximum" className="mt-2 text-sm text-slate-600" data-testid="refund-maximum">
          {t('refund.maximum', {
            refundable: formatNumber(purchase.refundable),
            releases: formatNumber(purchase.releases),
            refunded: formatNumber(purchase.refundedReleases),
          })}
        </p>
        <div className="mt-4">
          <Field id="refund-reason" label={t('refund.reason')} error={translateMessage(errors.reason?.message)} hint={t('refund.reasonHint')}>
            <Textarea
              id="refund-reason"
              rows={3}
              dir="auto"
              invalid={!!errors.reason}
              aria-describedby={errors.reason ? 'refund-reason-error' : 'refund-reason-hint'}
              {...form.register('reason')}
            />
          </Field>
        </div>
      </form>
    </Dialog>
  );
}

function RefusedFiguresList({ figures }: { figures: RefusedFigures }) {
  const { t } = useTranslation('desk');
  const rows: Array<[string, number]> = [
    [t('refund.figures.releases'), figures.releases],
    [t('refund.figures.spent'), figures.spent],
    [t('refund.figures.refunded'), figures.refunded],
    [t('refund.figures.unspent'), figures.unspent],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[auto_auto] justify-start gap-x-4 gap-y-1" data-testid="refund-figures">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="font-semibold">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
