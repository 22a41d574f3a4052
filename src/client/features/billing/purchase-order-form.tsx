import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { CreatePaymentResponse, PlanId } from '../../../shared/billing';
import { poNumberField } from '../../../shared/invoices';
import { errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { useToast } from '../../ui/toast';
import { useCreatePayment } from './billing-api';

const purchaseOrderSchema = z.object({ poNumber: poNumberField });

/**
 * The last step before the card: an optional purchase order reference for the invoice. Continuing opens the
 * payment with the provider, so the reference and the quoted VAT are fixed from here on.
 */
export function PurchaseOrderForm({
  planId,
  onCreated,
}: {
  planId: PlanId;
  onCreated: (payment: CreatePaymentResponse, poNumber: string | null) => void;
}) {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const create = useCreatePayment();
  const form = useForm({ resolver: zodResolver(purchaseOrderSchema), mode: 'onTouched', defaultValues: { poNumber: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ poNumber }) => {
    try {
      onCreated(await create.mutateAsync({ planId, ...(poNumber ? { poNumber } : {}) }), poNumber);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['poNumber']);
      toast({
        title: t('toasts.error'),
        description: translateMessage(errorMessage(error, 'Failed to create subscription')),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('checkout.orderLabel')} className="space-y-4">
      <Field
        id="po-number"
        label={t('checkout.poNumber')}
        hint={t('checkout.poNumberHint')}
        error={translateMessage(errors.poNumber?.message)}
      >
        <Input
          id="po-number"
          dir="auto"
          autoComplete="off"
          maxLength={80}
          invalid={!!errors.poNumber}
          aria-describedby={errors.poNumber ? 'po-number-error' : 'po-number-hint'}
          {...form.register('poNumber')}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {isSubmitting ? t('plans.processing') : t('checkout.continue')}
      </Button>
    </form>
  );
}
