import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CheckCircle2, Lock, Pencil } from 'lucide-react';
import type { CreatePaymentResponse, Plan } from '../../../shared/billing';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { useToast } from '../../ui/toast';
import { useBillingProfile, useProcessSuccess, useQuote } from './billing-api';
import { BillingProfileContent } from './billing-details-card';
import { DemoCardForm } from './demo-card-form';
import { formatCents, formatDollars } from '../../lib/money';
import { PurchaseOrderForm } from './purchase-order-form';
import { QuoteSummary } from './quote-summary';
import { afterPaymentPath } from './return-path';

// Stripe's code is fetched only when the server runs with Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** SPEC §9: the page reloads 1.5 s after a successful payment (or goes back to the release it was bought for). */
const RELOAD_AFTER_PAYMENT_MS = 1500;

export type PaymentOutcome = {
  onSucceeded: (paymentIntentId: string) => void;
  onFailed: (message: string | undefined) => void;
  onProcessing: () => void;
};

/**
 * SPEC §2 payment view, 'Complete Your Purchase', in three steps (issue 29): the billing details (asked once,
 * shown with an edit link afterwards), the quote with its VAT and an optional purchase order reference, and
 * the provider's card form. Editing the details after the payment was opened starts the payment again,
 * because the invoice states the VAT quoted when the payment was opened.
 */
export function PaymentView({ plan, onCancel }: { plan: Plan; onCancel: () => void }) {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const profile = useBillingProfile();
  const processSuccess = useProcessSuccess();
  const [editingProfile, setEditingProfile] = useState(false);
  const [order, setOrder] = useState<{ payment: CreatePaymentResponse; poNumber: string | null } | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [searchParams] = useSearchParams();
  const destination = afterPaymentPath(searchParams);
  const hasProfile = profile.isSuccess && profile.data !== null && !editingProfile;
  const quote = useQuote(plan.id, hasProfile);
  const paying = succeeded || processSuccess.isPending;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(
      () => window.location.assign(destination),
      RELOAD_AFTER_PAYMENT_MS,
    );
    return () => clearTimeout(timer);
  }, [succeeded, destination]);

  const outcome: PaymentOutcome = {
    onSucceeded: (paymentIntentId) => {
      toast({ title: t('toasts.paymentSuccessful'), description: t('toasts.paymentSuccessfulDescription') });
      // A failed notification is tolerated: the server also learns of the payment from the provider's webhook.
      processSuccess.mutate(paymentIntentId, { onSettled: () => setSucceeded(true) });
    },
    onFailed: (message) => {
      toast({
        title: t('toasts.paymentFailed'),
        description: message ? translateMessage(message) : translateMessage('A processing error occurred.'),
        variant: 'destructive',
      });
    },
    onProcessing: () => toast({ title: t('toasts.processing') }),
  };

  const editProfile = () => {
    setOrder(null);
    setEditingProfile(true);
  };

  return (
    <section aria-labelledby="checkout-title" className="mx-auto max-w-2xl space-y-4">
      <div>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={paying}>
          <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
          {t('checkout.back')}
        </Button>
      </div>
      <div className="text-center">
        <h2 id="checkout-title" className="text-2xl font-bold text-slate-900">
          {t('checkout.title')}
        </h2>
        <p className="mt-1 flex items-center justify-center gap-1 text-sm text-slate-600">
          <Lock className="h-4 w-4" aria-hidden />
          {t('checkout.secure')}
        </p>
      </div>
      <Card data-testid="checkout-billing">
        <CardHeader
          title={t('checkout.billingStep')}
          description={hasProfile ? t('checkout.billingStepDone') : t('checkout.billingStepDescription')}
          action={
            hasProfile && !paying ? (
              <Button variant="link" size="sm" onClick={editProfile}>
                <Pencil className="h-4 w-4" aria-hidden />
                {t('profile.edit')}
              </Button>
            ) : undefined
          }
        />
        <CardBody>
          <BillingProfileContent editing={editingProfile} submitLabel={t('checkout.saveAndContinue')} onDone={() => setEditingProfile(false)} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title={t('checkout.details')} description={t('checkout.detailsDescription')} />
        <CardBody className="space-y-5">
          <div className="flex items-center justify-between rounded-lg bg-slate-50 px-4 py-3">
            <div>
              <p className="font-semibold text-slate-900">{translateMessage(plan.name)}</p>
              <p className="text-sm text-slate-600">{t('plans.badge', { count: plan.pressReleaseLimit })}</p>
            </div>
            <p className="text-xl font-bold text-brand-800">{formatDollars(plan.price)}</p>
          </div>
          {!hasProfile ? (
            <p className="text-sm text-slate-600" data-testid="checkout-needs-profile">
              {t('checkout.needsProfile')}
            </p>
          ) : (
            <QuoteSummary planId={plan.id} enabled={hasProfile} />
          )}
          {paying ? (
            <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
              <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
              <p className="font-semibold text-slate-900">{t('toasts.paymentSuccessful')}</p>
              <p className="text-sm text-slate-600">{t('checkout.redirecting')}</p>
            </div>
          ) : !hasProfile || !quote.isSuccess ? null : !order ? (
            <PurchaseOrderForm planId={plan.id} onCreated={(payment, poNumber) => setOrder({ payment, poNumber })} />
          ) : (
            <>
              {order.poNumber && (
                <p className="text-sm text-slate-700" data-testid="checkout-po">
                  {t('checkout.poNumber')}: <bdi>{order.poNumber}</bdi>
                </p>
              )}
              <CardForm payment={order.payment} amount={formatCents(quote.data.total, quote.data.currency)} outcome={outcome} />
            </>
          )}
        </CardBody>
      </Card>
    </section>
  );
}

/** The provider's card form: the demo provider's, or Stripe's (fetched only when the server uses Stripe). */
function CardForm({ payment, amount, outcome }: { payment: CreatePaymentResponse; amount: string; outcome: PaymentOutcome }) {
  const { t } = useTranslation('billing');
  if (payment.provider === 'demo') return <DemoCardForm clientSecret={payment.clientSecret} amount={amount} {...outcome} />;
  return (
    <Suspense fallback={<Spinner label={t('checkout.loadingForm')} className="py-8" />}>
      <StripePaymentForm publishableKey={payment.publishableKey} clientSecret={payment.clientSecret} amount={amount} {...outcome} />
    </Suspense>
  );
}
