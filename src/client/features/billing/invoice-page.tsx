import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, FileQuestion, Printer } from 'lucide-react';
import { DOCUMENT_TITLES } from '../../../shared/invoices';
import { ApiError, errorMessage } from '../../lib/api';
import { useDocumentTitle } from '../../lib/document-title';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState, Spinner } from '../../ui/feedback';
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

  if (invoice.isPending) return <Spinner label={t('invoices.loading')} className="min-h-[50vh]" />;
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <main className="mx-auto max-w-3xl px-4 py-8">
        <BackLink />
        <div className="mt-4">
          {missing ? (
            <EmptyState
              icon={<FileQuestion className="h-10 w-10" aria-hidden />}
              title={t('invoices.notFound')}
              description={t('invoices.notFoundText')}
            />
          ) : (
            <ErrorState message={translateMessage(errorMessage(invoice.error))} onRetry={() => void invoice.refetch()} />
          )}
        </div>
      </main>
    );
  }
  const document = invoice.data;
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
