import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CheckCircle2, Globe2, ShieldCheck, Zap } from 'lucide-react';
import type { Plan, SubscriptionStatus } from '../../../shared/billing';
import { useDocumentTitle } from '../../lib/document-title';
import { mayOnPlatform, useCan } from '../../lib/workspace';
import { useCurrentUser } from '../../lib/session';
import { Spinner } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useSubscriptionStatus } from '../../lib/subscription-status';
import { useProcessSuccess } from './billing-api';
import { BillingDetailsCard } from './billing-details-card';
import { BillingHistory } from './billing-history';
import { CurrentStatusCard } from './current-status-card';
import { InvoicesCard } from './invoices-card';
import { PaymentView } from './payment-view';
import { PlansGrid } from './plans-grid';
import { SpendsCard } from './spends-card';
import { afterPaymentPath, returnPathFrom } from './return-path';

/**
 * /subscription (SPEC §2): plans and purchase, the current balance, the releases that used it (issue 28)
 * the billing details, the billing history and the tax invoices and credit notes (issue 29).
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('title'));
  const status = useSubscriptionStatus();
  // Buying, and the purchases and receipts, belong to owners and managers (the 'billing' action): decided
  // once the session is known, so an owner never sees the "ask your workspace" note flash by.
  const session = useCurrentUser();
  const billing = useCan()('billing');
  const [checkout, setCheckout] = useState<Plan | null>(null);
  const [searchParams] = useSearchParams();
  useReturnFromRedirect(searchParams);

  const loading = <Spinner label={t('loading')} className="min-h-[50vh]" />;
  if (session.isPending) return loading;
  // Those who run the service send without an allowance: nothing to buy, no billing of their own.
  const unmetered = mayOnPlatform(session.data, 'unmetered');
  return (
    <QueryState query={status} loading={loading} frame={(state) => <main className="mx-auto max-w-3xl px-4 py-8">{state}</main>}>
      {(current) => (
        <Subscription status={current} unmetered={unmetered} billing={billing} checkout={checkout} onCheckout={setCheckout} searchParams={searchParams} />
      )}
    </QueryState>
  );
}

/** The page once the balance is known: the plans or the checkout, and for those who pay, what they bought. */
function Subscription({
  status: current,
  unmetered,
  billing,
  checkout,
  onCheckout: setCheckout,
  searchParams,
}: {
  status: SubscriptionStatus;
  unmetered: boolean;
  billing: boolean;
  checkout: Plan | null;
  onCheckout: (plan: Plan | null) => void;
  searchParams: URLSearchParams;
}) {
  const { t } = useTranslation('billing');
  return (
    <main className="pb-12">
      <Hero status={current} />
      <div className="mx-auto max-w-5xl space-y-8 px-4">
        {returnPathFrom(searchParams) && (
          <Link to={returnPathFrom(searchParams)!} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
            {t('backToRelease')}
          </Link>
        )}
        {searchParams.get('success') === 'true' && (
          <div
            role="status"
            className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
          >
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
            <div>
              <p className="font-semibold">{t('success.title')}</p>
              <p className="text-sm">{t('success.text')}</p>
            </div>
          </div>
        )}
        <CurrentStatusCard status={current} unmetered={unmetered} />
        {!billing ? (
          <p role="note" className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700" data-testid="billing-role-note">
            {t('roleNote')}
          </p>
        ) : checkout ? (
          <PaymentView plan={checkout} onCancel={() => setCheckout(null)} />
        ) : (
          <PlansGrid unmetered={unmetered} onChoose={setCheckout} />
        )}
        <TrustPoints />
        {billing && <SpendsCard />}
        {/* The checkout shows the same details with its own form; one form for them on the page is enough. */}
        {!unmetered && billing && !checkout && <BillingDetailsCard />}
        {!unmetered && billing && <BillingHistory />}
        {!unmetered && billing && <InvoicesCard />}
      </div>
    </main>
  );
}

function Hero({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('billing');
  return (
    <section className="mb-8 bg-gradient-to-br from-brand-800 to-brand-600 px-4 py-12 text-center text-white">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('hero.title')}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-brand-100">{t('hero.subtitle')}</p>
      {status.userType === 'active' && (
        <p
          className="mt-5 inline-flex rounded-full bg-white/15 px-4 py-1.5 text-sm font-medium"
          data-testid="remaining-pill"
        >
          {t('hero.remaining', { count: status.remaining, total: status.monthlyPressReleaseLimit })}
        </p>
      )}
    </section>
  );
}

function TrustPoints() {
  const { t } = useTranslation('billing');
  const points = [
    { key: 'secure', icon: <ShieldCheck className="h-6 w-6" aria-hidden /> },
    { key: 'coverage', icon: <Globe2 className="h-6 w-6" aria-hidden /> },
    { key: 'instant', icon: <Zap className="h-6 w-6" aria-hidden /> },
  ];
  return (
    <section aria-label={t('trust.label')} className="grid gap-4 sm:grid-cols-3">
      {points.map((point) => (
        <div
          key={point.key}
          className="flex flex-col items-center rounded-xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200"
        >
          <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            {point.icon}
          </span>
          <h2 className="mt-3 font-semibold text-slate-900">{t(`trust.${point.key}.title`)}</h2>
          <p className="mt-1 text-sm text-slate-600">{t(`trust.${point.key}.text`)}</p>
        </div>
      ))}
    </section>
  );
}

/**
 * Stripe may send the browser away (3-D Secure) and back to /subscription?success=true&payment_intent=…;
 * the server is told once, and the webhook covers the case where this never runs.
 */
function useReturnFromRedirect(searchParams: URLSearchParams) {
  const processSuccess = useProcessSuccess();
  const navigate = useNavigate();
  const reported = useRef(false);
  const paymentIntentId = searchParams.get('payment_intent');
  const succeeded = searchParams.get('redirect_status') === 'succeeded';
  const backToRelease = returnPathFrom(searchParams) ? afterPaymentPath(searchParams) : undefined;
  useEffect(() => {
    if (!paymentIntentId || !succeeded || reported.current) return;
    reported.current = true;
    processSuccess.mutate(paymentIntentId, { onSettled: () => backToRelease && navigate(backToRelease) });
  }, [paymentIntentId, succeeded, processSuccess, backToRelease, navigate]);
}
