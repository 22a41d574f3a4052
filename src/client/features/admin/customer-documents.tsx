import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../shared/invoices';
import { formatDate } from '../../lib/i18n';
import { formatCents } from '../../lib/money';
import { Badge } from '../../ui/feedback';
import { Cell, DeskSection, DeskTable } from './desk-section';

/**
 * The customer's tax invoices and credit notes, by number (the PDFs are the customer's own downloads;
 * the operator quotes the number).
 */
export function CustomerDocuments({ invoices }: { invoices: InvoiceSummary[] }) {
  const { t } = useTranslation('desk');
  return (
    <DeskSection title={t('documents.title')} empty={invoices.length === 0} emptyText={t('documents.empty')}>
      <DeskTable
        label={t('documents.title')}
        columns={[t('documents.number'), t('documents.kind'), t('documents.issued'), t('documents.total'), t('documents.vat'), t('documents.refersTo')]}
      >
        {invoices.map((document) => (
          <tr key={document.id} data-testid="document-row">
            <Cell className="whitespace-nowrap font-medium text-slate-900">
              <bdi dir="ltr">{document.number}</bdi>
            </Cell>
            <Cell>
              <Badge className="whitespace-nowrap" tone={document.kind === 'credit_note' ? 'amber' : 'slate'}>{t(`documents.kinds.${document.kind}`)}</Badge>
            </Cell>
            <Cell className="whitespace-nowrap">{formatDate(document.issuedAt, true)}</Cell>
            <Cell className="whitespace-nowrap">
              <bdi dir="ltr">{formatCents(document.total, document.currency)}</bdi>
            </Cell>
            <Cell className="whitespace-nowrap">
              <bdi dir="ltr">{formatCents(document.vat, document.currency)}</bdi>
            </Cell>
            <Cell last className="whitespace-nowrap">
              {document.refersToNumber ? <bdi dir="ltr">{document.refersToNumber}</bdi> : '—'}
            </Cell>
          </tr>
        ))}
      </DeskTable>
    </DeskSection>
  );
}
