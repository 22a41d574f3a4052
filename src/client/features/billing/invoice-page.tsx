import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, FileQuestion, Printer } from 'lucide-react';
import { DOCUMENT_TITLES, type InvoiceDocument } from '../../../shared/invoices';
import { useDocumentTitle } from '../../lib/document-title';
import { Button } from '../../ui/button';
import { EmptyState, Spinner } from '../../ui/feedback';
import { QueryState } from '../../ui/query-state';
import { useInvoice } from './billing-api';
import { InvoiceSheet } from './invoice-sheet';
import { DownloadPdfButton } from './invoice-links';

/**
 * /billing/invoices/:id: a tax invoice or credit note as printed, English and Arabic side by side, with
 * Print (the app's chrome is not printed) and the PDF. Another workspace's document is a 404 like a missing one.
 */
export default function InvoicePage() {
  const { t, i18n } = useTranslation('billing');
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  useDocumentTitle(invoice.data ? `${DOCUMENT_TITLES[invoice.data.kind][lang]} ${invoice.data.number}` : t('invoices.pageTitle'));

  return (
    <QueryState
      query={invoice}
      loading={<Spinner label={t('invoices.loading')} className="min-h-[50vh]" />}
      notFound={<EmptyState icon={<FileQuestion className="h-10 w-10" aria-hidden />} title={t('invoices.notFound')} description={t('invoices.notFoundText')} />}
      frame={(state) => (
        <main className="mx-auto max-w-3xl px-4 py-8">
          <BackLink />
          <div className="mt-4">{state}</div>
        </main>
      )}
    >
      {(document) => <Invoice document={document} />}
    </QueryState>
  );
}

function Invoice({ document }: { document: InvoiceDocument }) {
  const { t } = useTranslation('billing');
  return (
    <main className="invoice-page mx-auto max-w-4xl px-4 py-8 print:max-w-none print:p-0">
      <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <div className="flex flex-wrap gap-2">
          <DownloadPdfButton id={document.id} number={document.number} />
          <Button size="sm" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden />
            {t('invoices.print')}
          </Button>
        </div>
      </div>
      <InvoiceSheet document={document} />
    </main>
  );
}

function BackLink() {
  const { t } = useTranslation('billing');
  return (
    <Link to="/subscription" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="flip-rtl h-4 w-4" aria-hidden />
      {t('invoices.back')}
    </Link>
  );
}
