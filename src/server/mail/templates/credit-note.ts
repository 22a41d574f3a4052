import { emailLocale, greeting, longDateUtc, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';
import { pressReleasesAr } from './receipt.js';

/** What a refund's e-mail states: the credit note, the invoice it corrects, what came back. */
export type CreditNoteFacts = {
  creditNoteNumber: string;
  /** The invoice the credit note refers to; null for a purchase made before tax invoices. */
  invoiceNumber: string | null;
  releases: number;
  /** Cents, VAT included. */
  amountCents: number;
  vatCents: number;
  currency: string;
  issuedAt: Date;
};

const money = (cents: number, currency: string, language: EmailLanguage) =>
  new Intl.NumberFormat(language === 'ar' ? emailLocale('ar') : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    // The code, not a symbol that reads as another currency's in Arabic.
    currencyDisplay: language === 'ar' ? 'code' : 'symbol',
  }).format(cents / 100);

/**
 * Sent to the buyer after a refund, with the credit note's number; the document comes attached as a PDF when it
 * could be drawn (`attached`), and is in the billing history either way.
 */
export function creditNoteMessage(input: CreditNoteFacts & { firstName: string; billingLink: string; language: EmailLanguage; attached?: boolean }): RenderedEmail {
  const amount = money(input.amountCents, input.currency, input.language);
  const vat = money(input.vatCents, input.currency, input.language);
  const date = longDateUtc(input.issuedAt, input.language);
  if (input.language === 'ar') {
    const releases = pressReleasesAr(input.releases);
    return renderLayout({
      language: 'ar',
      subject: `إشعار دائن ضريبي من نشر رقم ${input.creditNoteNumber}`,
      preheader: `استرداد ${amount} عن ${releases}.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [
        `أعدنا ${amount} إلى بطاقتك عن ${releases} لم تُستخدم، وأزلناها من رصيد حسابك. أصدرنا لذلك إشعارًا دائنًا ضريبيًا${input.attached ? '، مرفقًا بهذه الرسالة بصيغة PDF' : ''}.`,
      ],
      facts: [
        ['رقم الإشعار الدائن', input.creditNoteNumber],
        ...(input.invoiceNumber ? ([['الفاتورة الضريبية', input.invoiceNumber]] as Array<[string, string]>) : []),
        ['البيانات الصحفية المستردة', String(input.releases)],
        ['المبلغ المسترد', amount],
        ['منها ضريبة القيمة المضافة', vat],
        ['التاريخ', date],
      ],
      action: { label: 'عرض سجل المدفوعات', url: input.billingLink },
      notes: ['قد يستغرق ظهور المبلغ في كشف حسابك بضعة أيام عمل حسب المصرف.'],
    });
  }
  const releases = input.releases === 1 ? '1 press release' : `${input.releases} press releases`;
  return renderLayout({
    subject: `Your Nashr tax credit note ${input.creditNoteNumber}`,
    preheader: `${amount} refunded for ${releases}.`,
    greeting: greeting(input.firstName),
    paragraphs: [
      `We have refunded ${amount} to your card for ${releases} you had not used, and removed them from your account's allowance. A tax credit note records the refund${input.attached ? '; it is attached as a PDF' : ''}.`,
    ],
    facts: [
      ['Credit note number', input.creditNoteNumber],
      ...(input.invoiceNumber ? ([['Tax invoice', input.invoiceNumber]] as Array<[string, string]>) : []),
      ['Press releases refunded', String(input.releases)],
      ['Amount refunded', `${amount} ${input.currency.toUpperCase()}`],
      ['of which VAT', vat],
      ['Date', date],
    ],
    action: { label: 'View your billing history', url: input.billingLink },
    notes: ['Depending on your bank, the refund may take a few working days to appear on your statement.'],
  });
}
