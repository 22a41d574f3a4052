import { emailLocale, greeting, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';
import { longDateIn } from './zoned-date.js';

/** What a receipt states about a purchase. */
export type ReceiptFacts = {
  receiptNumber: string;
  /** The purchase's tax invoice. */
  invoiceNumber: string;
  /** The package's name in each language. */
  planName: Record<EmailLanguage, string>;
  /** VAT included, in cents. */
  amountCents: number;
  /** Cents of VAT inside the amount. */
  vatCents: number;
  currency: string;
  paidAt: Date;
  balanceAfter: number;
};

/** "n press releases" with Arabic's six plural forms (zero, one, two, three to ten, eleven to 99, the rest). */
export function pressReleasesAr(count: number): string {
  const forms: Record<Intl.LDMLPluralRule, string> = {
    zero: 'لا بيانات صحفية',
    one: 'بيان صحفي واحد',
    two: 'بيانان صحفيان',
    few: `${count} بيانات صحفية`,
    many: `${count} بيانًا صحفيًا`,
    other: `${count} بيان صحفي`,
  };
  return forms[new Intl.PluralRules('ar').select(count)];
}

/** Where the receipt sends the reader: the invoice's page (the button), its PDF and the billing history. */
type ReceiptLinks = { billingLink: string; invoiceLink: string; pdfLink: string };

/**
 * The receipt sent after each purchase, naming its tax invoice (its page and PDF); the same figures are
 * listed in the billing history.
 */
export function receiptMessage(
  input: ReceiptFacts & ReceiptLinks & { firstName: string; language: EmailLanguage; /** The buyer's zone, named beside the time. */ timeZone?: string | null },
): RenderedEmail {
  const currency = input.currency.toUpperCase();
  const date = longDateIn(input.paidAt, input.language, input.timeZone);
  if (input.language === 'ar') {
    // "299.00 USD": the code, not a symbol that reads as another currency's in Arabic.
    const money = (cents: number) => new Intl.NumberFormat(emailLocale('ar'), { style: 'currency', currency, currencyDisplay: 'code' }).format(cents / 100);
    const amount = money(input.amountCents);
    const releases = pressReleasesAr(input.balanceAfter);
    return renderLayout({
      language: 'ar',
      subject: `إيصال نشر رقم ${input.receiptNumber}`,
      preheader: `${input.planName.ar}، ${amount}. رصيدك الآن: ${releases}.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`شكرًا لشرائك. استلمنا دفعتك، ورصيد حسابك الآن: ${releases}.`],
      facts: [
        ['رقم الإيصال', input.receiptNumber],
        ['رقم الفاتورة الضريبية', input.invoiceNumber],
        ['الباقة', input.planName.ar],
        ['المبلغ المدفوع', amount],
        ['ضريبة القيمة المضافة', money(input.vatCents)],
        ['التاريخ', date],
        ['البيانات الصحفية المتاحة', String(input.balanceAfter)],
      ],
      action: { label: 'عرض الفاتورة الضريبية', url: input.invoiceLink },
      notes: [
        `تنزيل الفاتورة: ${input.pdfLink}`,
        `سجل المدفوعات: ${input.billingLink}`,
        'احتفظ بهذه الرسالة في سجلاتك. باقة لمرة واحدة: لا تجديد ولا رسوم أخرى.',
      ],
    });
  }
  const money = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  const amount = money(input.amountCents);
  const releases = input.balanceAfter === 1 ? '1 press release' : `${input.balanceAfter} press releases`;
  return renderLayout({
    subject: `Your Nashr receipt ${input.receiptNumber}`,
    preheader: `${input.planName.en}, ${amount}. You can now send ${releases}.`,
    greeting: greeting(input.firstName),
    paragraphs: [`Thank you for your purchase. Your payment was received and your account now has ${releases} to send.`],
    facts: [
      ['Receipt number', input.receiptNumber],
      ['Tax invoice', input.invoiceNumber],
      ['Package', input.planName.en],
      ['Amount paid', `${amount} ${currency}`],
      ['VAT included', `${money(input.vatCents)} ${currency}`],
      ['Date', date],
      ['Press releases available', String(input.balanceAfter)],
    ],
    action: { label: 'View your tax invoice', url: input.invoiceLink },
    notes: [
      `Invoice PDF: ${input.pdfLink}`,
      `Billing history: ${input.billingLink}`,
      'Keep this email for your records. One-time package: nothing renews and nothing more will be charged.',
    ],
  });
}
