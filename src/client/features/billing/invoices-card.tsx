import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { InvoiceSummary } from '../../../shared/invoices';
import { formatDate } from '../../lib/i18n';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Badge, EmptyState, RowsSkeleton } from '../../ui/feedback';
import { QueryState, noEntries } from '../../ui/query-state';
import { TableHead } from '../../ui/table';
import { useInvoices } from './billing-api';
import { formatCents } from '../../lib/money';
import { InvoiceLinks } from './invoice-links';

/** The workspace's tax invoices and credit notes, newest first, each with its page and PDF. */
export function InvoicesCard() {
  const { t } = useTranslation('billing');
  const invoices = useInvoices();
  return (
    <Card data-testid="invoices">
      <CardHeader title={t('invoices.title')} description={t('invoices.description')} />
      <CardBody>
        <QueryState
          query={invoices}
          loading={<RowsSkeleton rows={2} />}
          isEmpty={noEntries}
          empty={<EmptyState icon={<FileText className="h-10 w-10" aria-hidden />} title={t('invoices.empty')} description={t('invoices.emptyText')} />}
        >
          {(list) => (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[48rem] text-sm">
                <TableHead
                  labels={[
                    t('invoices.kind'),
                    t('invoices.number'),
                    t('invoices.date'),
                    t('invoices.vat'),
                    t('invoices.total'),
                    t('invoices.refersTo'),
                    t('invoices.documents'),
                  ]}
                />
                <tbody>
                  {list.map((invoice) => (
                    <InvoiceRow key={invoice.id} invoice={invoice} />
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

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('billing');
  const money = (cents: number) => <bdi dir="ltr">{formatCents(cents, invoice.currency)}</bdi>;
  return (
    <tr className="border-b border-slate-100 last:border-0">
      <td className="py-3 pe-4">
        <Badge tone={invoice.kind === 'invoice' ? 'blue' : 'amber'}>{t(`invoices.kinds.${invoice.kind}`)}</Badge>
      </td>
      <td className="whitespace-nowrap py-3 pe-4 font-mono text-xs">
        <bdi dir="ltr">{invoice.number}</bdi>
      </td>
      <td className="py-3 pe-4">{formatDate(invoice.issuedAt)}</td>
      <td className="py-3 pe-4">{money(invoice.vat)}</td>
      <td className="py-3 pe-4 font-medium text-slate-900">{money(invoice.total)}</td>
      <td className="whitespace-nowrap py-3 pe-4 font-mono text-xs">
        <bdi dir="ltr">{invoice.refersToNumber ?? '—'}</bdi>
      </td>
      <td className="py-3">
        <InvoiceLinks id={invoice.id} number={invoice.number} />
      </td>
    </tr>
  );
}
