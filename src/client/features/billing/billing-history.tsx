import { useTranslation } from 'react-i18next';
import { Receipt } from 'lucide-react';
import type { PaymentRecord } from '../../../shared/billing';
import { formatDate, formatNumber } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import { TableHead } from '../../ui/table';
import { useBillingHistory } from './billing-api';
import { formatCents } from '../../lib/money';
import { InvoiceLinks } from './invoice-links';

/**
 * PRODUCT.md §3 billing history: every purchase with its receipt number, date, plan, amount (VAT included)
 * and balance after, its tax invoice to view or download (issue 29), and the releases Nashr granted.
 */
export function BillingHistory() {
  const { t } = useTranslation('billing');
  const history = useBillingHistory();
  return (
    <Card>
      <CardHeader title={t('history.title')} description={t('history.description')} />
      <CardBody>
        <QueryState
          query={history}
          loading={<RowsSkeleton rows={3} height="h-10" />}
          isEmpty={noEntries}
          empty={
            <EmptyState
              icon={<Receipt className="h-10 w-10" aria-hidden />}
              title={t('history.empty')}
              description={t('history.emptyText')}
            />
          }
        >
          {(list) => (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[56rem] text-sm">
                <TableHead
                  labels={[
                    t('history.receipt'),
                    t('history.date'),
                    t('history.plan'),
                    t('history.amount'),
                    t('history.added'),
                    t('history.balanceAfter'),
                    t('history.status'),
                    t('history.invoice'),
                  ]}
                />
                <tbody>
                  {list.map((payment) => (
                    <HistoryRow key={payment.id} payment={payment} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryState>
      </CardBody>
    </Card>
  );
}

/** A purchase with its tax invoice, or releases granted by Nashr (no amount, no invoice). */
function HistoryRow({ payment }: { payment: PaymentRecord }) {
  const { t } = useTranslation('billing');
  const grant = payment.kind === 'grant';
  return (
    <tr className="border-b border-slate-100 align-top last:border-0" data-testid={`history-${payment.kind}`}>
      <td className="whitespace-nowrap py-3 pe-4 font-mono text-xs">
        <bdi dir="ltr">{payment.receiptNumber || '—'}</bdi>
      </td>
      <td className="py-3 pe-4">{formatDate(payment.createdAt, true)}</td>
      <td className="py-3 pe-4 font-medium text-slate-900">
        {grant || !payment.planId ? t('history.granted') : t(`planNames.${payment.planId}`, { defaultValue: payment.planId })}
      </td>
      <td className="py-3 pe-4">
        {grant ? '—' : <bdi dir="ltr">{formatCents(payment.amount, payment.currency)}</bdi>}
        {!grant && payment.vat ? (
          <span className="block text-xs text-slate-500">
            {t('history.vatIncluded')} <bdi dir="ltr">{formatCents(payment.vat, payment.currency)}</bdi>
          </span>
        ) : null}
      </td>
      <td className="py-3 pe-4">
        <bdi dir="ltr">+{formatNumber(payment.releases)}</bdi>
        {payment.refundedReleases > 0 && (
          <span className="block text-xs text-amber-700" data-testid="refunded-releases">
            {t('history.refunded', { count: payment.refundedReleases, n: formatNumber(payment.refundedReleases) })}
          </span>
        )}
      </td>
      <td className="py-3 pe-4">
        {payment.balanceAfter === null ? '—' : t('history.releases', { count: payment.balanceAfter, n: formatNumber(payment.balanceAfter) })}
      </td>
      <td className="py-3 pe-4">
        <Badge tone={payment.status === 'succeeded' || grant ? 'green' : 'slate'}>
          {grant ? t('history.statuses.granted') : t(`history.statuses.${payment.status}`, { defaultValue: payment.status })}
        </Badge>
      </td>
      <td className="py-3">
        {payment.invoiceId && payment.invoiceNumber ? (
          <>
            <span className="block whitespace-nowrap font-mono text-xs">
              <bdi dir="ltr">{payment.invoiceNumber}</bdi>
            </span>
            {payment.poNumber && (
              <span className="block text-xs text-slate-500">
                {t('history.po')} <bdi>{payment.poNumber}</bdi>
              </span>
            )}
            <InvoiceLinks id={payment.invoiceId} number={payment.invoiceNumber} />
          </>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
