import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REVERSE_CHARGE_TEXT, type InvoiceDocument } from '../../shared/invoices.js';
import { decodeQr, describeWithPoppler, extractText, pageCount, requirePoppler } from '../test/pdf-readback.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { DEFAULT_SELLER } from './seller.js';
import { readZatcaQr, zatcaQr } from './zatca.js';

const seller = (country: string) => {
  const registration = DEFAULT_SELLER.registrations.find((r) => r.country === country);
  const { legalName, legalNameAr, address, addressAr } = DEFAULT_SELLER;
  return { legalName, legalNameAr, address, addressAr, country, taxNumber: registration?.taxNumber ?? null };
};

const line = (unitPrice: number, vatRate: number) => ({
  description: 'Growth package: 5 press releases',
  descriptionAr: 'باقة النمو: 5 بيانات صحفية',
  quantity: 1,
  unitPrice,
  vatRate,
  vatAmount: Math.round((unitPrice * vatRate) / 100),
  net: unitPrice,
});

/** A UAE business invoiced in USD at 5 %, the VAT also in dirhams. */
const uaeInvoice: InvoiceDocument = {
  id: '0b9b7f0e-3f3c-4c1e-9a55-5a1d2c3b4e01',
  number: 'NSR-INV-000042',
  kind: 'invoice',
  issuedAt: '2026-11-26T10:15:00.000Z',
  supplyDate: '2026-11-25',
  refersTo: null,
  paymentId: '6f4d8c2a-1b3e-4f5a-8c7d-9e0f1a2b3c4d',
  seller: seller('UAE'),
  buyer: {
    legalName: 'Gulf Horizon Real Estate LLC',
    address: 'Marina Plaza, Floor 12, Dubai Marina, Dubai',
    country: 'UAE',
    taxNumber: '100987654300003',
    kind: 'business',
  },
  poNumber: 'PO-2026-118',
  lines: [line(149900, 5)],
  currency: 'usd',
  subtotal: 149900,
  vatRate: 5,
  vat: 7495,
  total: 157395,
  reverseCharge: false,
  display: { currency: 'AED', rate: '3.6725', rateDate: '1997-11-01', vat: 27525, total: 578033 },
  qr: null,
};

/**
 * A Saudi business, its name in Arabic, invoiced at 15 % under the seller's Saudi registration: the VAT and
 * total also in riyals at the fixed 3.75, and ZATCA's QR with those riyal amounts.
 */
const saudiInvoice: InvoiceDocument = {
  ...uaeInvoice,
  id: '0b9b7f0e-3f3c-4c1e-9a55-5a1d2c3b4e02',
  number: 'NSR-INV-000043',
  seller: seller('Saudi Arabia'),
  buyer: {
    legalName: 'شركة الأفق للتطوير العقاري (Riyadh)',
    address: 'طريق الملك فهد، حي العليا، الرياض 12214',
    country: 'Saudi Arabia',
    taxNumber: '300000000000003',
    kind: 'business',
  },
  poNumber: null,
  lines: [line(149900, 15)],
  vatRate: 15,
  vat: 22485,
  total: 172385,
  // 224.85 USD × 3.75 = 843.1875 SAR; 1,723.85 USD × 3.75 = 6,464.4375 SAR
  display: { currency: 'SAR', rate: '3.75', rateDate: '2026-11-25', fixed: true, vat: 84319, total: 646444 },
  qr: zatcaQr({
    sellerName: DEFAULT_SELLER.legalName,
    vatNumber: '310234567800003',
    timestamp: '2026-11-26T10:15:00Z',
    total: '6464.44',
    vat: '843.19',
  }),
};

/** An Egyptian business: no UAE or Saudi VAT; the buyer accounts for it under the reverse charge. */
const egyptInvoice: InvoiceDocument = {
  ...uaeInvoice,
  id: '0b9b7f0e-3f3c-4c1e-9a55-5a1d2c3b4e03',
  number: 'NSR-INV-000044',
  buyer: {
    legalName: 'Nile Communications S.A.E.',
    address: '12 Tahrir Street, Garden City, Cairo',
    country: 'Egypt',
    taxNumber: '123-456-789',
    kind: 'business',
  },
  poNumber: null,
  lines: [line(149900, 0)],
  vatRate: 0,
  vat: 0,
  total: 149900,
  reverseCharge: true,
  display: { currency: 'AED', rate: '3.6725', rateDate: '1997-11-01', vat: 0, total: 550508 },
};

/** The UAE invoice refunded: a credit note referring to it. */
const creditNote: InvoiceDocument = {
  ...uaeInvoice,
  id: '0b9b7f0e-3f3c-4c1e-9a55-5a1d2c3b4e04',
  number: 'NSR-CN-000007',
  kind: 'credit_note',
  issuedAt: '2026-11-27T08:00:00.000Z',
  supplyDate: '2026-11-27',
  refersTo: { id: uaeInvoice.id, number: uaeInvoice.number },
  poNumber: null,
};

/** Every field at the longest the forms accept, three lines, the QR and the reverse charge: still one page. */
const words = (word: string, length: number) =>
  Array.from({ length: 120 }, (_, i) => `${word}${i}`).join(' ').slice(0, length).trim();
const arabicWords = (length: number) =>
  Array.from({ length: 120 }, (_, i) => `شارع ${i}`).join('، ').slice(0, length).trim();
const longestDocument: InvoiceDocument = {
  ...saudiInvoice,
  seller: { ...saudiInvoice.seller, legalName: words('Seller', 200), legalNameAr: arabicWords(200), address: words('Street', 500), addressAr: arabicWords(500) },
  buyer: { ...saudiInvoice.buyer, legalName: words('Buyer', 200), address: `${words('Road', 494)} LastRd` },
  poNumber: 'P'.repeat(60),
  lines: [line(99999999, 15), line(99999999, 15), line(99999999, 15)],
  reverseCharge: true,
  display: uaeInvoice.display,
};

// ---------------------------------------------------------------- reading the PDF back

let workDir = '';

async function renderToFile(document: InvoiceDocument, name: string): Promise<string> {
  const file = path.join(workDir, `${name}.pdf`);
  fs.writeFileSync(file, await renderInvoicePdf(document));
  return file;
}

const withoutPunctuation = (text: string) => text.replace(/[،,.:()]/g, ' ').replace(/\s+/g, ' ');

/** Arabic presentation forms: what extracted text holds when shaping was done by swapping characters. */
const PRESENTATION_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** Text in a band of the page (points from the top), the way a reader would see what is printed there. */
function textInBand(file: string, top: number, height: number): string {
  const args = ['-x', '0', '-y', String(top), '-W', '596', '-H', String(height), file, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8' }).replace(/[\u200E\u200F\u202A-\u202E]/g, '').replace(/\s+/g, ' ').trim();
}

/** The PDF read back with Poppler (src/server/test/pdf-readback.ts): its text, its pages, its QR code. */
describeWithPoppler('invoice PDF', () => {
  const files = new Map<InvoiceDocument, string>();
  const fileOf = (document: InvoiceDocument) => files.get(document)!;

  beforeAll(async () => {
    requirePoppler();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-invoice-pdf-'));
    const documents = { uaeInvoice, saudiInvoice, egyptInvoice, creditNote, longestDocument };
    for (const [name, document] of Object.entries(documents)) files.set(document, await renderToFile(document, name));
  }, 120_000);
  afterAll(() => {
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('prints what a UAE tax invoice must carry, in English, with the VAT and total in dirhams', () => {
    const text = extractText(fileOf(uaeInvoice), 'layout');
    for (const expected of [
      'Tax Invoice',
      'Invoice number NSR-INV-000042',
      'Issue date 2026-11-26',
      'Date of supply 2026-11-25',
      'Purchase order PO-2026-118',
      'Nashr FZ-LLC',
      'Office 1204, Building 7, Dubai Media City',
      'Tax number: 100234567800003',
      'Name Gulf Horizon Real Estate LLC',
      'Address Marina Plaza, Floor 12, Dubai Marina, Dubai',
      'Tax number 100987654300003',
      'Growth package: 5 press releases 1 1,499.00 5% 74.95 1,499.00',
      'Subtotal USD 1,499.00',
      'VAT 5% USD 74.95',
      'Total including VAT USD 1,573.95',
      'VAT in AED AED 275.25',
      'Total in AED AED 5,780.33',
      'Exchange rate: 1 USD = 3.6725 AED on 1997-11-01',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('Credits invoice');
  });

  it('gives the Arabic back as the letters written, in reading order, never as presentation forms', () => {
    const text = extractText(fileOf(uaeInvoice), 'layout');
    expect(text).not.toMatch(PRESENTATION_FORMS);
    // Whole lines: the title beside the English one, Arabic labels beside their values.
    expect(text).toMatch(/^Tax Invoice فاتورة ضريبية$/m);
    expect(text).toMatch(/^Issue date 2026-11-26 تاريخ الإصدار$/m);
    expect(text).toMatch(/^Purchase order PO-2026-118 رقم أمر الشراء$/m);
    // Letters Naskh draws as one dotless shape (ي ت ب ن) and the hamza forms each come back as themselves.
    for (const word of ['ضريبية', 'المبنى', 'للإعلام', 'الإمارات', 'العربية', 'المتحدة', 'المشتري', 'الاسم', 'الصافي'])
      expect(text.split(/[\s:،.]+/)).toContain(word);
  });

  it("prints a Saudi buyer's Arabic name, the VAT and total in riyals at the fixed rate, and ZATCA's QR code with the riyal amounts", () => {
    const file = fileOf(saudiInvoice);
    const text = extractText(file, 'flow');
    expect(text).toContain('شركة الأفق للتطوير العقاري');
    // Poppler sets commas between Arabic words by rules of its own; the words and their order are the test.
    expect(withoutPunctuation(text)).toContain('طريق الملك فهد حي العليا الرياض 12214');
    const lines = extractText(file, 'layout');
    for (const expected of [
      'VAT number: 310234567800003',
      'VAT number 300000000000003',
      'Total including VAT USD 1,723.85',
      'VAT in SAR SAR 843.19',
      'Total in SAR SAR 6,464.44',
      'Fixed exchange rate: 1 USD = 3.75 SAR',
      'سعر صرف ثابت',
    ])
      expect(lines).toContain(expected);
    expect(text).not.toContain('AED');
    expect(text).not.toContain('Tax number');

    const payload = decodeQr(file);
    expect(payload).toBe(saudiInvoice.qr);
    expect(readZatcaQr(payload!)).toEqual({
      sellerName: 'Nashr FZ-LLC',
      vatNumber: '310234567800003',
      timestamp: '2026-11-26T10:15:00Z',
      total: '6464.44',
      vat: '843.19',
    });
  });

  it('has no QR code where ZATCA does not ask for one', () => {
    expect(decodeQr(fileOf(uaeInvoice))).toBeNull();
  });

  it('states the reverse charge in English and Arabic for a business abroad', () => {
    const text = extractText(fileOf(egyptInvoice), 'flow');
    expect(text).toContain(REVERSE_CHARGE_TEXT.en);
    expect(text).toContain(REVERSE_CHARGE_TEXT.ar);
    expect(text).toContain('الاحتساب العكسي');
    expect(text).toContain('Nile Communications S.A.E.');
    expect(text).toContain('Egypt / مصر');
    expect(text).toContain('VAT 0%');
    expect(text).not.toMatch(PRESENTATION_FORMS);
  });

  it('titles a credit note as one and names the invoice it credits', () => {
    const text = extractText(fileOf(creditNote), 'layout');
    expect(text).toMatch(/^Tax Credit Note إشعار دائن ضريبي$/m);
    expect(text).toMatch(/^Credit note number NSR-CN-000007 رقم الإشعار الدائن$/m);
    expect(text).toMatch(/^Credits invoice NSR-INV-000042 الفاتورة الأصلية$/m);
    expect(text).not.toContain('Tax Invoice');
  });

  it('is one A4 page, whatever the lengths', () => {
    for (const file of files.values()) expect(pageCount(file)).toBe(1);
    const info = execFileSync('pdfinfo', [fileOf(uaeInvoice)], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it('shrinks the longest document to fit above the footer, cutting nothing off', () => {
    const file = fileOf(longestDocument);
    const text = extractText(file, 'flow');
    expect(text).toContain('LastRd');
    expect(text).toContain(REVERSE_CHARGE_TEXT.en);
    // Below the footer's rule there is the footer and nothing else.
    expect(textInBand(file, 783, 59)).toBe(textInBand(fileOf(uaeInvoice), 783, 59));
    expect(textInBand(file, 783, 59)).toContain('Amounts in US dollars (USD)');
    expect(decodeQr(file)).toBe(longestDocument.qr);
  });
});
