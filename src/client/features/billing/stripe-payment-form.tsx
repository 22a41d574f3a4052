import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/feedback';
import type { PaymentOutcome } from './payment-view';
import { stripeReturnUrl } from './return-path';

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded from Stripe's host once per key, as its terms require. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (!stripeByKey.has(publishableKey)) stripeByKey.set(publishableKey, loadStripe(publishableKey));
  return stripeByKey.get(publishableKey)!;
}

type Props = { publishableKey: string | null; clientSecret: string; amount: string } & PaymentOutcome;

/** Stripe Elements for the PaymentIntent the server created; confirmation returns to /subscription?success=true. */
export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  const { t, i18n } = useTranslation('billing');
  const stripe = useMemo(() => (publishableKey ? stripeFor(publishableKey) : null), [publishableKey]);
  if (!stripe) return <ErrorState message={t('checkout.notConfigured')} />;
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: i18n.language === 'ar' ? 'ar' : 'en' }}>
      <CardPayment {...rest} />
    </Elements>
  );
}

function CardPayment({
  amount,
  onSucceeded,
  onFailed,
  onProcessing,
}: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const { t } = useTranslation('billing');
  const [searchParams] = useSearchParams();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: stripeReturnUrl(searchParams) },
        redirect: 'if_required',
      });
      if (error) onFailed(error.message);
      else if (paymentIntent?.status === 'succeeded') onSucceeded(paymentIntent.id);
      else onProcessing();
    } catch {
      onFailed('An unexpected error occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={t('checkout.details')}>
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" loading={busy} disabled={!stripe || !elements}>
        {busy ? t('plans.processing') : t('demo.pay', { amount })}
      </Button>
    </form>
  );
}
