import { useTranslation } from 'react-i18next';
import type { PlanId } from '../../../shared/billing';
import { REVERSE_CHARGE_TEXT, type DisplayAmounts, type Quote } from '../../../shared/invoices';
import { formatNumber, isolate } from '../../lib/i18n';
import { Skeleton } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useQuote } from './billing-api';
import { formatCents } from '../../lib/money';

/** What the buyer will pay for the plan, VAT shown before payment (issue 29): asked once details exist. */
export function QuoteSummary({ planId, enabled }: { planId: PlanId; enabled: boolean }) {
  const quote = useQuote(planId, enabled);
  if (!enabled) return null;
  return (
    <QueryState query={quote} loading={<Skeleton className="h-32" />}>
      {(found) => <QuoteLines quote={found} />}
    </QueryState>
  );
}

function QuoteLines({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('billing');
  const money = (cents: number) => formatCents(cents, quote.currency);
  return (
    <section aria-label={t('quote.label')} data-testid="quote" className="rounded-lg border border-slate-200 p-4">
      <dl className="space-y-2 text-sm">
        <Line label={t('quote.subtotal')} value={money(quote.subtotal)} />
        <Line
          label={t('quote.vat', { rate: formatNumber(quote.vatRate) })}
          value={money(quote.vat)}
          testId="quote-vat"
        />
        <Line label={t('quote.total')} value={money(quote.total)} strong testId="quote-total" />
      </dl>
      {quote.reverseCharge && (
        <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="reverse-charge">
          {REVERSE_CHARGE_TEXT[i18n.language === 'ar' ? 'ar' : 'en']}
        </p>
      )}
      {quote.display && !quote.reverseCharge && <DisplayVat display={quote.display} />}
    </section>
  );
}

function Line({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={strong ? 'flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900' : 'flex justify-between gap-4 text-slate-700'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <bdi dir="ltr">{value}</bdi>
      </dd>
    </div>
  );
}

/** The VAT in the invoice's second currency, with the rate and its date (or that it is fixed), as the invoice will state it. */
export function DisplayVat({ display }: { display: DisplayAmounts }) {
  const { t } = useTranslation('billing');
  return (
    <p className="mt-3 text-xs text-slate-600" data-testid="quote-display-vat">
      {t(display.fixed ? 'quote.displayVatFixed' : 'quote.displayVat', {
        amount: isolate(formatCents(display.vat, display.currency)),
        currency: isolate(display.currency),
        rate: isolate(display.rate),
        date: isolate(display.rateDate),
      })}
    </p>
  );
}
