import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, FileText } from 'lucide-react';
import { downloadFile, errorMessage } from '../../lib/api';
import { translateMessage } from '../../lib/i18n';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast';
import { invoicePdfPath } from './billing-api';

export const invoicePagePath = (id: string) => `/billing/invoices/${encodeURIComponent(id)}`;

/** A document's two ways out of a table: its printable page and its PDF. */
export function InvoiceLinks({ id, number }: { id: string; number: string }) {
  const { t } = useTranslation('billing');
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      <Link
        to={invoicePagePath(id)}
        className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        aria-label={t('invoices.viewLabel', { number })}
      >
        <FileText className="h-4 w-4" aria-hidden />
        {t('invoices.view')}
      </Link>
      <DownloadPdfButton id={id} number={number} variant="link" />
    </span>
  );
}

/** Fetches the PDF with the session and saves it under the server's file name (the document's number). */
export function DownloadPdfButton({ id, number, variant = 'secondary' }: { id: string; number: string; variant?: 'link' | 'secondary' }) {
  // As a link among links it sits flush with them, without a button's padding.
  const flush = variant === 'link' ? 'h-auto px-0' : undefined;
  const { t } = useTranslation('billing');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(invoicePdfPath(id), `${number}.pdf`);
    } catch (error) {
      toast({ title: t('invoices.downloadFailed'), description: translateMessage(errorMessage(error)), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      size="sm"
      className={flush}
      loading={busy}
      onClick={() => void download()}
      aria-label={t('invoices.downloadLabel', { number })}
    >
      {!busy && <Download className="h-4 w-4" aria-hidden />}
      {t('invoices.download')}
    </Button>
  );
}
