import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { countryIn } from '../../../shared/country-codes';
import { DOCUMENT_TITLES, REVERSE_CHARGE_TEXT, type InvoiceDocument } from '../../../shared/invoices';
import { formatCents } from '../../lib/money';

/** The Arabic column's country names: Arabic with Latin digits, as the rest of the product writes it. */
const ARABIC_LOCALE = 'ar-EG-u-nu-latn';

/**
 * A tax invoice or credit note as its PDF prints it: whatever language the reader chose, the document is
 * bilingual, English at the left and Arabic (right to left) at the right, so one printout serves both.
 * Labels come from the `invoice` texts of each language; values are the document's own, fixed at issue.
 */
export function InvoiceSheet({ document: doc }: { document: InvoiceDocument }) {
  const { t: en } = useTranslation('invoice', { lng: 'en' });
  const { t: ar } = useTranslation('invoice', { lng: 'ar' });
  const money = (cents: number) => formatCents(cents, doc.currency);
  const title = DOCUMENT_TITLES[doc.kind];

  return (
    <article dir="ltr" lang="en" className="invoice-sheet space-y-6 rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-900 shadow-sm sm:p-10" data-testid="invoice-sheet">
      <header className="flex items-start justify-between gap-6 border-b-2 border-brand-800 pb-4">
        <h1 className="flex flex-1 flex-wrap items-baseline justify-between gap-x-6 gap-y-1 text-2xl font-bold text-brand-900">
          <span>{title.en}</span>{' '}
          <span dir="rtl" lang="ar">
            {title.ar}
          </span>
        </h1>
      </header>

      <dl className="space-y-1" data-testid="invoice-meta">
        <Row label={doc.kind === 'invoice' ? 'number' : 'creditNoteNumber'}>
          <bdi className="font-mono font-semibold">{doc.number}</bdi>
        </Row>
        <Row label="issueDate">{doc.issuedAt.slice(0, 10)}</Row>
        <Row label="supplyDate">{doc.supplyDate}</Row>
        {doc.refersTo && (
          <Row label="refersTo">
            <bdi className="font-mono">{doc.refersTo.number}</bdi>
          </Row>
        )}
        {doc.reason && (
          <Row label="reason">
            <bdi data-testid="invoice-reason">{doc.reason}</bdi>
          </Row>
        )}
        {doc.poNumber && (
          <Row label="poNumber">
            <bdi>{doc.poNumber}</bdi>
          </Row>
        )}
      </dl>

      <div className="grid gap-4 md:grid-cols-2">
        <Party heading={en('seller')} headingAr={ar('seller')}>
          <TwoLanguages en={doc.seller.legalName} ar={doc.seller.legalNameAr} strong />
          <TwoLanguages en={doc.seller.address} ar={doc.seller.addressAr} />
          <TwoLanguages en={countryIn('en', doc.seller.country)} ar={countryIn(ARABIC_LOCALE, doc.seller.country)} />
          {doc.seller.taxNumber && (
            <dl>
              <Row label={taxNumberLabel(doc.seller.country)}>
                <bdi className="font-mono">{doc.seller.taxNumber}</bdi>
              </Row>
            </dl>
          )}
        </Party>
        <Party heading={en('buyer')} headingAr={ar('buyer')}>
          <p dir="auto" className="font-semibold">
            {doc.buyer.legalName}
          </p>
          {doc.buyer.legalNameAr && (
            <p dir="rtl" lang="ar" className="font-semibold" data-testid="invoice-buyer-name-ar">
              {doc.buyer.legalNameAr}
            </p>
          )}
          <p dir="auto" className="whitespace-pre-line">
            {doc.buyer.address}
          </p>
          <TwoLanguages en={countryIn('en', doc.buyer.country)} ar={countryIn(ARABIC_LOCALE, doc.buyer.country)} />
          <dl>
            <Row label={taxNumberLabel(doc.buyer.country)}>
              {doc.buyer.taxNumber ? <bdi className="font-mono">{doc.buyer.taxNumber}</bdi> : `${en('notRegistered')} · ${ar('notRegistered')}`}
            </Row>
          </dl>
        </Party>
      </div>

      <div className="overflow-x-auto">
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <thead>
            <tr className="bg-brand-50 text-brand-900">
              {(['description', 'quantity', 'unitPrice', 'vatRate', 'vatAmount', 'net'] as const).map((key, i) => (
                <th key={key} scope="col" className={`border border-slate-200 px-2 py-1.5 font-semibold ${i === 0 ? 'text-start' : 'text-end'}`}>
                  <span className="block">{en(key)}</span>
                  {/* Isolated, not a right-to-left block: it keeps the column's alignment under the English. */}
                  <span className="block font-normal" lang="ar">
                    <bdi>{ar(key)}</bdi>
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((line, i) => (
              <tr key={i}>
                <td className="border border-slate-200 px-2 py-1.5">
                  <span className="block">{line.description}</span>
                  <span className="block" dir="rtl" lang="ar">
                    {line.descriptionAr}
                  </span>
                </td>
                <td className="border border-slate-200 px-2 py-1.5 text-end">{line.quantity}</td>
                <td className="border border-slate-200 px-2 py-1.5 text-end">{money(line.unitPrice)}</td>
                <td className="border border-slate-200 px-2 py-1.5 text-end">{line.vatRate}%</td>
                <td className="border border-slate-200 px-2 py-1.5 text-end">{money(line.vatAmount)}</td>
                <td className="border border-slate-200 px-2 py-1.5 text-end">{money(line.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="flex flex-col-reverse items-stretch justify-between gap-6 md:flex-row md:items-end">
        <ZatcaQr payload={doc.qr} label={`${en('qr')} · ${ar('qr')}`} />
        <div className="space-y-2 md:w-[26rem]">
          <dl className="space-y-1" data-testid="invoice-totals">
            <Row label="subtotal">{money(doc.subtotal)}</Row>
            <Row label="vat" values={{ rate: doc.vatRate }}>
              <span data-testid="invoice-vat">{money(doc.vat)}</span>
            </Row>
            <Row label="total" className="border-t-2 border-brand-800 pt-1 text-base font-bold">
              <span data-testid="invoice-total">{money(doc.total)}</span>
            </Row>
            {doc.display && (
              <>
                <Row label="displayVat" values={{ currency: doc.display.currency }}>
                  <span data-testid="invoice-display-vat">{formatCents(doc.display.vat, doc.display.currency)}</span>
                </Row>
                <Row label="displayTotal" values={{ currency: doc.display.currency }}>
                  {formatCents(doc.display.total, doc.display.currency)}
                </Row>
              </>
            )}
          </dl>
          {doc.display && (
            <dl className="text-xs">
              <Row label="exchangeRate">
                <bdi dir="ltr">{`1 USD = ${doc.display.rate} ${doc.display.currency} (${doc.display.fixed ? `${en('fixedRate')} · ${ar('fixedRate')}` : doc.display.rateDate})`}</bdi>
              </Row>
            </dl>
          )}
        </div>
      </div>

      {doc.reverseCharge && (
        <div className="grid gap-2 rounded-md border border-slate-300 bg-slate-50 p-3 md:grid-cols-2" data-testid="invoice-reverse-charge">
          <p>{REVERSE_CHARGE_TEXT.en}</p>
          <p dir="rtl" lang="ar">
            {REVERSE_CHARGE_TEXT.ar}
          </p>
        </div>
      )}
    </article>
  );
}

/** What a registration is called where it was given: a UAE TRN, a Saudi VAT number, elsewhere a tax number. */
const taxNumberLabel = (country: string) => (country === 'UAE' ? 'taxNumberUae' : country === 'Saudi Arabia' ? 'taxNumberSaudi' : 'taxNumber');

/** The English label at the start of a line, the value, and the Arabic label at its end (labels first for readers). */
function Row({ label, values, className, children }: { label: string; values?: Record<string, unknown>; className?: string; children: ReactNode }) {
  const { t: en } = useTranslation('invoice', { lng: 'en' });
  const { t: ar } = useTranslation('invoice', { lng: 'ar' });
  return (
    <div className={`grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-baseline gap-3 ${className ?? ''}`}>
      <dt className="col-start-1 row-start-1 text-slate-600">{en(label, values)}</dt>
      {/* Start of a right-to-left line: its right edge. */}
      <dt className="col-start-3 row-start-1 text-start text-slate-600" dir="rtl" lang="ar">
        {ar(label, values)}
      </dt>
      <dd className="col-start-2 row-start-1 text-center">{children}</dd>
    </div>
  );
}

function Party({ heading, headingAr, children }: { heading: string; headingAr: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 p-4">
      <h2 className="flex justify-between gap-4 border-b border-slate-100 pb-1 font-semibold text-brand-900">
        <span>{heading}</span>
        <span dir="rtl" lang="ar">
          {headingAr}
        </span>
      </h2>
      {children}
    </section>
  );
}

/** One value in both languages, English at the start and Arabic at the end. */
function TwoLanguages({ en, ar, strong = false }: { en: string; ar: string; strong?: boolean }) {
  return (
    <div className={`grid grid-cols-2 gap-4 ${strong ? 'font-semibold' : ''}`}>
      <p className="whitespace-pre-line">{en}</p>
      <p className="whitespace-pre-line" dir="rtl" lang="ar">
        {ar}
      </p>
    </div>
  );
}

/** The ZATCA QR code, drawn in the browser from the document's Base64 TLV payload (the QR's whole text). */
function ZatcaQr({ payload, label }: { payload: string | null; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!payload) return;
    let current = true;
    void QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 1, width: 160 }).then((url) => current && setSrc(url));
    return () => {
      current = false;
    };
  }, [payload]);
  if (!payload || !src) return <div />;
  return (
    <figure className="flex flex-col items-center gap-1">
      <img src={src} alt={label} width={160} height={160} data-testid="invoice-qr" />
      <figcaption className="text-xs text-slate-500">{label}</figcaption>
    </figure>
  );
}
