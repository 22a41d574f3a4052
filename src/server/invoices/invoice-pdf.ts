import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { countryIn } from '../../shared/country-codes.js';
import { DOCUMENT_TITLES, REVERSE_CHARGE_TEXT, type DocumentLine, type InvoiceDocument } from '../../shared/invoices.js';
import { SAUDI_ARABIA } from './tax.js';
import { directionOf, drawLine, isolateLtr, registerFonts, wrapText, type Direction, type TextStyle } from './pdf-text.js';

/**
 * A tax invoice or credit note as one A4 page in English and Arabic (issue 29): what UAE Executive
 * Regulation Art. 59 asks a tax invoice to carry, the amounts again in the display currency, the reverse-charge
 * statement and ZATCA's QR code where they apply. English reads from the left edge, Arabic from the right,
 * so each label stands in both languages on its own side and the value between them.
 */

type Doc = PDFKit.PDFDocument;
type Pair = { en: string; ar: string };

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT_WIDTH = RIGHT - LEFT;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#cccccc';
const SHADE = '#f0f0f0';

const BODY: TextStyle = { size: 9 };
const BOLD: TextStyle = { size: 9, bold: true };
const SMALL: TextStyle = { size: 7.5, color: MUTED };
const HEADING: TextStyle = { size: 10, bold: true };
const TITLE: TextStyle = { size: 18, bold: true };

/** Naskh sits taller than Latin type; a line of 1.6 × the size keeps Arabic marks clear of the next line. */
const lineHeight = (style: TextStyle) => style.size * 1.6;
/** The baseline of a line whose box starts at `top`. */
const baselineOf = (top: number, style: TextStyle) => top + style.size * 1.15;

const LABELS = {
  seller: { en: 'Seller', ar: 'البائع' },
  buyer: { en: 'Buyer', ar: 'المشتري' },
  name: { en: 'Name', ar: 'الاسم' },
  nameAr: { en: 'Name in Arabic', ar: 'الاسم بالعربية' },
  address: { en: 'Address', ar: 'العنوان' },
  country: { en: 'Country', ar: 'الدولة' },
  taxNumber: { en: 'Tax number', ar: 'الرقم الضريبي' },
  invoiceNumber: { en: 'Invoice number', ar: 'رقم الفاتورة' },
  creditNoteNumber: { en: 'Credit note number', ar: 'رقم الإشعار الدائن' },
  issueDate: { en: 'Issue date', ar: 'تاريخ الإصدار' },
  supplyDate: { en: 'Date of supply', ar: 'تاريخ التوريد' },
  poNumber: { en: 'Purchase order', ar: 'رقم أمر الشراء' },
  refersTo: { en: 'Credits invoice', ar: 'الفاتورة الأصلية' },
  reason: { en: 'Reason for credit', ar: 'سبب الإشعار الدائن' },
  description: { en: 'Description', ar: 'الوصف' },
  quantity: { en: 'Qty', ar: 'الكمية' },
  unitPrice: { en: 'Unit price', ar: 'سعر الوحدة' },
  vatRate: { en: 'VAT rate', ar: 'نسبة الضريبة' },
  vatAmount: { en: 'VAT', ar: 'مبلغ الضريبة' },
  net: { en: 'Net amount', ar: 'المبلغ الصافي' },
  subtotal: { en: 'Subtotal', ar: 'المجموع قبل الضريبة' },
  vat: { en: 'VAT', ar: 'ضريبة القيمة المضافة' },
  total: { en: 'Total including VAT', ar: 'الإجمالي شامل الضريبة' },
  displayTotal: { en: 'Total', ar: 'الإجمالي' },
  exchangeRate: { en: 'Exchange rate', ar: 'سعر الصرف' },
  on: { en: 'on', ar: 'بتاريخ' },
  fixedRate: { en: 'Fixed exchange rate', ar: 'سعر صرف ثابت' },
  saudiVatNumber: { en: 'VAT number', ar: 'رقم تسجيل ضريبة القيمة المضافة' },
  reverseCharge: { en: 'Reverse charge', ar: 'الاحتساب العكسي' },
  amountsIn: {
    en: 'Amounts in US dollars (USD) unless another currency is named.',
    ar: 'المبالغ بالدولار الأمريكي USD ما لم تذكر عملة أخرى.',
  },
} satisfies Record<string, Pair>;

// ---------------------------------------------------------------- figures

/** "1,234.50": grouped, two decimals, Latin digits (as both the UAE and ZATCA print amounts). */
function decimal(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
const money = (cents: number, currency = 'USD') => `${currency} ${decimal(cents)}`;
const percent = (rate: number) => `${rate.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
/** The calendar day of an ISO timestamp, in UTC like every date the product stores. */
const day = (iso: string) => iso.slice(0, 10);

/** A Saudi registration is a VAT number, as ZATCA names it; elsewhere a tax number. */
const taxNumberLabel = (country: string): Pair => (country === SAUDI_ARABIA ? LABELS.saudiVatNumber : LABELS.taxNumber);

// ---------------------------------------------------------------- text blocks

type Column = { x: number; width: number };

/**
 * A paragraph wrapped into a column from its top; returns the top of what follows. It reads in `base`
 * direction, or in that of its first letter (a buyer's name may be in either language); right-to-left text
 * is set against the column's right edge, the rest against its left.
 */
function block(doc: Doc, text: string, style: TextStyle, column: Column, top: number, base?: Direction): number {
  const direction = base ?? directionOf(text);
  const align = direction === 'rtl' ? 'right' : 'left';
  let y = top;
  for (const line of wrapText(doc, text, direction, style, column.width)) {
    drawLine(doc, line, direction, style, { x: column.x, width: column.width, baseline: baselineOf(y, style), align });
    y += lineHeight(style);
  }
  return y;
}

/** A number or amount set against a column's right edge. */
function figure(doc: Doc, text: string, style: TextStyle, column: Column, top: number): void {
  drawLine(doc, text, 'ltr', style, { x: column.x, width: column.width, baseline: baselineOf(top, style), align: 'right' });
}

function rule(doc: Doc, y: number, from = LEFT, to = RIGHT): void {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

const EN_LABEL: Column = { x: LEFT, width: 120 };
const VALUE: Column = { x: LEFT + 125, width: CONTENT_WIDTH - 250 };
const AR_LABEL: Column = { x: RIGHT - 120, width: 120 };

/** English label | value | Arabic label; the row is as tall as its tallest part. */
function labelledRow(doc: Doc, label: Pair, value: string, top: number): number {
  const bottoms = [
    block(doc, label.en, { ...BODY, color: MUTED }, EN_LABEL, top, 'ltr'),
    block(doc, value, BODY, VALUE, top),
    block(doc, label.ar, { ...BODY, color: MUTED }, AR_LABEL, top, 'rtl'),
  ];
  return Math.max(...bottoms);
}

/** English on the left half of the page and Arabic on the right, from the same top; returns the lower end. */
function sideBySide(doc: Doc, text: Pair, style: TextStyle, top: number, gap = 0): number {
  const half = (CONTENT_WIDTH - gap) / 2;
  const en = block(doc, text.en, style, { x: LEFT, width: half }, top, 'ltr');
  const ar = block(doc, text.ar, style, { x: RIGHT - half, width: half }, top, 'rtl');
  return Math.max(en, ar);
}

/** A heading in both languages across the page, underlined. */
function sectionHeading(doc: Doc, heading: Pair, top: number): number {
  const bottom = sideBySide(doc, heading, HEADING, top);
  rule(doc, bottom + 1);
  return bottom + 5;
}

// ---------------------------------------------------------------- sections

function header(doc: Doc, document: InvoiceDocument, top: number): number {
  return sideBySide(doc, DOCUMENT_TITLES[document.kind], TITLE, top) + 6;
}

/** Number, dates, the buyer's purchase order and, for a credit note, the invoice it corrects and why. */
function facts(doc: Doc, document: InvoiceDocument, top: number): number {
  const rows: Array<[Pair, string | null]> = [
    [document.kind === 'invoice' ? LABELS.invoiceNumber : LABELS.creditNoteNumber, document.number],
    [LABELS.issueDate, day(document.issuedAt)],
    [LABELS.supplyDate, document.supplyDate],
    [LABELS.refersTo, document.refersTo?.number ?? null],
    [LABELS.reason, document.reason ?? null],
    [LABELS.poNumber, document.poNumber],
  ];
  let y = top;
  for (const [label, value] of rows) if (value) y = labelledRow(doc, label, value, y);
  return y + 8;
}

/** The seller speaks both languages: its English details on the left half, its Arabic ones on the right. */
function seller(doc: Doc, document: InvoiceDocument, top: number): number {
  const { seller: s } = document;
  const gap = 20;
  let y = sectionHeading(doc, LABELS.seller, top);
  // The seller's address names its country already (the settings ask for a full address in each language).
  y = sideBySide(doc, { en: s.legalName, ar: s.legalNameAr }, BOLD, y, gap);
  y = sideBySide(doc, { en: s.address, ar: s.addressAr }, BODY, y, gap);
  if (s.taxNumber) {
    const label = taxNumberLabel(s.country);
    const taxNumber = { en: `${label.en}: ${s.taxNumber}`, ar: `${label.ar}: ${isolateLtr(s.taxNumber)}` };
    y = sideBySide(doc, taxNumber, BOLD, y, gap);
  }
  return y + 8;
}

/** The buyer's details are printed as the buyer wrote them, in whichever language that was, and the Arabic legal name when given. */
function buyer(doc: Doc, document: InvoiceDocument, top: number): number {
  const { buyer: b } = document;
  let y = sectionHeading(doc, LABELS.buyer, top);
  y = labelledRow(doc, LABELS.name, b.legalName, y);
  if (b.legalNameAr) y = labelledRow(doc, LABELS.nameAr, b.legalNameAr, y);
  y = labelledRow(doc, LABELS.address, b.address, y);
  const arabicCountry = countryIn('ar', b.country);
  y = labelledRow(doc, LABELS.country, arabicCountry === b.country ? b.country : `${b.country} / ${arabicCountry}`, y);
  if (b.taxNumber) y = labelledRow(doc, taxNumberLabel(b.country), b.taxNumber, y);
  return y + 8;
}

type TableColumn = Column & { label: Pair; cell: (line: DocumentLine) => string };

const TABLE_COLUMNS: TableColumn[] = (() => {
  const specs: Array<[Pair, number, (line: DocumentLine) => string]> = [
    [LABELS.description, 175, () => ''],
    [LABELS.quantity, 45, (line) => String(line.quantity)],
    [LABELS.unitPrice, 75, (line) => decimal(line.unitPrice)],
    [LABELS.vatRate, 60, (line) => percent(line.vatRate)],
    [LABELS.vatAmount, 70, (line) => decimal(line.vatAmount)],
    [LABELS.net, CONTENT_WIDTH - 425, (line) => decimal(line.net)],
  ];
  let x = LEFT;
  return specs.map(([label, width, cell]) => {
    const column = { x, width, label, cell };
    x += width;
    return column;
  });
})();
const CELL_PAD = 4;
const inner = (column: Column): Column => ({ x: column.x + CELL_PAD, width: column.width - 2 * CELL_PAD });

/** Column headings in English over Arabic; the description's Arabic stands at its column's right edge. */
function tableHeader(doc: Doc, top: number): number {
  const height = lineHeight(BOLD) + lineHeight(SMALL) + 6;
  doc.rect(LEFT, top, CONTENT_WIDTH, height).fill(SHADE);
  TABLE_COLUMNS.forEach((column, index) => {
    const cell = inner(column);
    if (index === 0) block(doc, column.label.en, BOLD, cell, top + 3, 'ltr');
    else figure(doc, column.label.en, BOLD, cell, top + 3);
    block(doc, column.label.ar, { ...SMALL, color: INK }, cell, top + 3 + lineHeight(BOLD), 'rtl');
  });
  return top + height;
}

/** One line of the document: the description in English over Arabic, the figures on the first line. */
function tableRow(doc: Doc, line: DocumentLine, top: number): number {
  const [description, ...figures] = TABLE_COLUMNS;
  const y = top + 4;
  let bottom = block(doc, line.description, BODY, inner(description), y, 'ltr');
  bottom = block(doc, line.descriptionAr, BODY, inner(description), bottom, 'rtl');
  for (const column of figures) figure(doc, column.cell(line), BODY, inner(column), y);
  rule(doc, bottom + 3);
  return bottom + 4;
}

function lineTable(doc: Doc, document: InvoiceDocument, top: number): number {
  let y = tableHeader(doc, top);
  for (const line of document.lines) y = tableRow(doc, line, y);
  return y + 10;
}

const TOTALS = { x: LEFT + 235, width: CONTENT_WIDTH - 235 };
const TOTAL_EN: Column = { x: TOTALS.x, width: 95 };
const TOTAL_VALUE: Column = { x: TOTALS.x + 95, width: 85 };
const TOTAL_AR: Column = { x: TOTALS.x + 190, width: TOTALS.width - 190 };

function totalRow(doc: Doc, label: Pair, value: string, top: number, style: TextStyle = BODY): number {
  const labelStyle = style.bold ? style : { ...style, color: MUTED };
  const bottoms = [
    block(doc, label.en, labelStyle, TOTAL_EN, top, 'ltr'),
    block(doc, label.ar, labelStyle, TOTAL_AR, top, 'rtl'),
  ];
  figure(doc, value, style, TOTAL_VALUE, top);
  return Math.max(...bottoms) + 2;
}

/**
 * Subtotal, VAT and total in USD; then the VAT and total in the display currency with the rate used and
 * its date, as the UAE asks when an invoice is not in dirhams.
 */
function totals(doc: Doc, document: InvoiceDocument, top: number): number {
  const rate = percent(document.vatRate);
  const vatLabel = { en: `${LABELS.vat.en} ${rate}`, ar: `${LABELS.vat.ar} ${isolateLtr(rate)}` };
  let y = totalRow(doc, LABELS.subtotal, money(document.subtotal), top);
  y = totalRow(doc, vatLabel, money(document.vat), y);
  rule(doc, y, TOTALS.x, RIGHT);
  y = totalRow(doc, LABELS.total, money(document.total), y + 3, BOLD);
  const display = document.display;
  if (!display) return y;
  const currency = display.currency;
  const inCurrency = (label: Pair) => ({ en: `${label.en} in ${currency}`, ar: `${label.ar} ${isolateLtr(currency)}` });
  y = totalRow(doc, inCurrency(LABELS.vat), money(display.vat, currency), y + 6);
  y = totalRow(doc, inCurrency(LABELS.displayTotal), money(display.total, currency), y);
  const exchange = `1 USD = ${display.rate} ${currency}`;
  // A pegged currency's rate is the same every day: said to be fixed rather than dated.
  const en = display.fixed
    ? `${LABELS.fixedRate.en}: ${exchange}`
    : `${LABELS.exchangeRate.en}: ${exchange} ${LABELS.on.en} ${display.rateDate}`;
  const ar = display.fixed
    ? `${LABELS.fixedRate.ar}: ${isolateLtr(exchange)}`
    : `${LABELS.exchangeRate.ar}: ${isolateLtr(exchange)} ${LABELS.on.ar} ${isolateLtr(display.rateDate)}`;
  y = block(doc, en, SMALL, TOTALS, y + 2, 'ltr');
  return block(doc, ar, SMALL, TOTALS, y, 'rtl');
}

const QR_SIZE = 120;

/**
 * ZATCA's QR code beside the totals. Drawn at a whole number of pixels per module and a quiet zone of
 * four modules, as scanners expect.
 */
async function zatcaCode(doc: Doc, payload: string, top: number): Promise<number> {
  const png = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
  doc.image(png, LEFT, top, { width: QR_SIZE, height: QR_SIZE });
  return top + QR_SIZE;
}

/** The statement the UAE and Saudi Arabia ask for when the buyer accounts for the VAT. */
function reverseCharge(doc: Doc, top: number): number {
  const y = sectionHeading(doc, LABELS.reverseCharge, top);
  return sideBySide(doc, REVERSE_CHARGE_TEXT, BODY, y, 20) + 8;
}

const FOOTER_TOP = PAGE.height - PAGE.margin - lineHeight(SMALL);
/** The content stops this far above the footer's rule. */
const CONTENT_BOTTOM = FOOTER_TOP - 16;

function footer(doc: Doc): void {
  rule(doc, FOOTER_TOP - 4);
  sideBySide(doc, LABELS.amountsIn, SMALL, FOOTER_TOP);
}

/** Everything above the footer, from the page's top margin; returns where it ends. */
async function drawContent(doc: Doc, document: InvoiceDocument): Promise<number> {
  let y = header(doc, document, PAGE.margin);
  y = facts(doc, document, y);
  y = seller(doc, document, y);
  y = buyer(doc, document, y);
  y = lineTable(doc, document, y);
  const totalsTop = y;
  y = totals(doc, document, totalsTop);
  if (document.qr) y = Math.max(y, await zatcaCode(doc, document.qr, totalsTop));
  if (document.reverseCharge) y = reverseCharge(doc, y + 12);
  return y;
}

/**
 * The same document object, drawing nothing: it measures where the content would end. Text widths are
 * still measured by the real document (and remembered for the drawing that follows).
 */
function measuringCanvas(doc: Doc): Doc {
  const measuring: Doc = new Proxy(doc, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (property === 'widthOfString') return (value as Doc['widthOfString']).bind(target);
      if (property === 'font' || property === 'fontSize')
        return (...args: unknown[]) => {
          (value as (...a: unknown[]) => unknown).apply(target, args);
          return measuring;
        };
      return typeof value === 'function' ? () => measuring : value;
    },
  });
  return measuring;
}

/**
 * The content at full size when it fits above the footer (every document with ordinary lengths does);
 * otherwise all of it scaled down about the top centre, so that the longest names and addresses the
 * forms accept still give one page with nothing cut off.
 */
async function drawFitted(doc: Doc, document: InvoiceDocument): Promise<void> {
  const bottom = await drawContent(measuringCanvas(doc), document);
  const scale = Math.min(1, (CONTENT_BOTTOM - PAGE.margin) / (bottom - PAGE.margin));
  doc.save();
  if (scale < 1) doc.scale(scale, scale, { origin: [PAGE.width / 2, PAGE.margin] });
  await drawContent(doc, document);
  doc.restore();
}

/** The document's PDF: one A4 page, the fonts embedded (subsets), nothing fetched from elsewhere. */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const title = DOCUMENT_TITLES[document.kind];
  // Margins of 0 and lineBreak: false on every text keep pdfkit from ever starting a second page itself.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: `${title.en} ${document.number}`, Author: document.seller.legalName },
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  await drawFitted(doc, document);
  footer(doc);
  doc.end();
  return done;
}
