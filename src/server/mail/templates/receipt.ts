import { emailLocale, greeting, longDateUtc, renderLayout, type EmailLanguage, type RenderedEmail } from './layout.js';

/** What a receipt states about a purchase. */
export type ReceiptFacts = {
  receiptNumber: string;
  /** The package's name in each language. */
  planName: Record<EmailLanguage, string>;
  amountCents: number;
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

/** The receipt sent after each purchase; the same figures are listed in the billing history. */
export function receiptMessage(input: ReceiptFacts & { firstName: string; billingLink: string; language: EmailLanguage }): RenderedEmail {
  const currency = input.currency.toUpperCase();
  const date = longDateUtc(input.paidAt, input.language);
  if (input.language === 'ar') {
    // "299.00 USD": the code, not a symbol that reads as another currency's in Arabic.
    const amount = new Intl.NumberFormat(emailLocale('ar'), { style: 'currency', currency, currencyDisplay: 'code' }).format(input.amountCents / 100);
    const releases = pressReleasesAr(input.balanceAfter);
    return renderLayout({
      language: 'ar',
      subject: `إيصال نشر رقم ${input.receiptNumber}`,
      preheader: `${input.planName.ar}، ${amount}. رصيدك الآن: ${releases}.`,
      greeting: greeting(input.firstName, 'ar'),
      paragraphs: [`شكرًا لشرائك. استلمنا دفعتك، ورصيد حسابك الآن: ${releases}.`],
      facts: [
        ['رقم الإيصال', input.receiptNumber],
        ['الباقة', input.planName.ar],
        ['المبلغ المدفوع', amount],
        ['التاريخ', date],
        ['البيانات الصحفية المتاحة', String(input.balanceAfter)],
      ],
      action: { label: 'عرض سجل المدفوعات', url: input.billingLink },
      notes: ['احتفظ بهذه الرسالة في سجلاتك. باقة لمرة واحدة: لا تجديد ولا رسوم أخرى.'],
    });
  }
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(input.amountCents / 100);
  const releases = input.balanceAfter === 1 ? '1 press release' : `${input.balanceAfter} press releases`;
  return renderLayout({
    subject: `Your Nashr receipt ${input.receiptNumber}`,
    preheader: `${input.planName.en}, ${amount}. You can now send ${releases}.`,
    greeting: greeting(input.firstName),
    paragraphs: [`Thank you for your purchase. Your payment was received and your account now has ${releases} to send.`],
    facts: [
      ['Receipt number', input.receiptNumber],
      ['Package', input.planName.en],
      ['Amount paid', `${amount} ${currency}`],
      ['Date', date],
      ['Press releases available', String(input.balanceAfter)],
    ],
    action: { label: 'View your billing history', url: input.billingLink },
    notes: ['Keep this email for your records. One-time package: nothing renews and nothing more will be charged.'],
  });
}
