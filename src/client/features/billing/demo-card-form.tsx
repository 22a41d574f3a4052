import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';
import { demoConfirmSchema } from '../../../shared/billing';
import { ApiError, errorMessage } from '../../lib/api';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Field, Input } from '../../ui/field';
import { useConfirmDemoPayment } from './billing-api';
import type { PaymentOutcome } from './payment-view';

const cardSchema = demoConfirmSchema.pick({ cardNumber: true, expiry: true, cvc: true });
const FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;

/** Groups card digits by four as they are typed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Adds the slash of MM/YY as the digits are typed. */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The demo provider's card form, clearly marked as test mode: no card network is involved, and
 * Stripe's test numbers decide the outcome (4242… succeeds, 4000 0000 0000 0002 is declined).
 */
export function DemoCardForm({
  clientSecret,
  amount,
  onSucceeded,
  onFailed,
}: { clientSecret: string; amount: string } & PaymentOutcome) {
  const { t } = useTranslation('billing');
  const confirm = useConfirmDemoPayment();
  const form = useForm({
    resolver: zodResolver(cardSchema),
    mode: 'onTouched',
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await confirm.mutateAsync({ clientSecret, ...values });
      onSucceeded(result.paymentIntentId);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, FIELDS);
      const declined = error instanceof ApiError && error.status === 402;
      if (declined) form.setError('cardNumber', { type: 'server', message: errorMessage(error) });
      onFailed(errorMessage(error, 'An unexpected error occurred'));
    }
  });

  const fieldError = (name: (typeof FIELDS)[number]) => translateMessage(errors[name]?.message);

  return (
    <form onSubmit={submit} noValidate aria-label={t('demo.formLabel')} className="space-y-4">
      <div
        className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-900"
        role="note"
      >
        <p className="flex items-center gap-2 text-sm font-bold tracking-wide">
          <FlaskConical className="h-4 w-4" aria-hidden />
          {t('demo.badge')}
        </p>
        <p className="mt-1 text-sm">{t('demo.explanation')}</p>
        <ul className="mt-2 space-y-0.5 text-sm">
          <li>
            <span dir="ltr" className="font-mono">
              4242 4242 4242 4242
            </span>{' '}
            — {t('demo.succeeds')}
          </li>
          <li>
            <span dir="ltr" className="font-mono">
              4000 0000 0000 0002
            </span>{' '}
            — {t('demo.declined')}
          </li>
        </ul>
      </div>
      <Field id="card-number" label={t('demo.cardNumber')} error={fieldError('cardNumber')}>
        <Input
          id="card-number"
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          invalid={!!errors.cardNumber}
          aria-describedby={errors.cardNumber ? 'card-number-error' : undefined}
          {...form.register('cardNumber', {
            onChange: (e) => (e.target.value = groupDigits(e.target.value)),
          })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label={t('demo.expiry')} error={fieldError('expiry')}>
          <Input
            id="card-expiry"
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('demo.expiryPlaceholder')}
            invalid={!!errors.expiry}
            aria-describedby={errors.expiry ? 'card-expiry-error' : undefined}
            {...form.register('expiry', { onChange: (e) => (e.target.value = formatExpiry(e.target.value)) })}
          />
        </Field>
        <Field id="card-cvc" label={t('demo.cvc')} error={fieldError('cvc')}>
          <Input
            id="card-cvc"
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            invalid={!!errors.cvc}
            aria-describedby={errors.cvc ? 'card-cvc-error' : undefined}
            {...form.register('cvc')}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        {isSubmitting ? t('plans.processing') : t('demo.pay', { amount })}
      </Button>
    </form>
  );
}
