import { greeting, renderLayout, type RenderedEmail } from './layout.js';

/** What a receipt states about a purchase. */
export type ReceiptFacts = {
  receiptNumber: string;
  planName: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  balanceAfter: number;
};

/** The receipt sent after each purchase; the same figures are listed in the billing history. */
export function receiptMessage(input: ReceiptFacts & { firstName: string; billingLink: string }): RenderedEmail {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: input.currency.toUpperCase() }).format(input.amountCents / 100);
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(input.paidAt);
  const releases = input.balanceAfter === 1 ? '1 press release' : `${input.balanceAfter} press releases`;
  return renderLayout({
    subject: `Your Nashr receipt ${input.receiptNumber}`,
    preheader: `${input.planName}, ${amount}. You can now send ${releases}.`,
    greeting: greeting(input.firstName),
    paragraphs: [`Thank you for your purchase. Your payment was received and your account now has ${releases} to send.`],
    facts: [
      ['Receipt number', input.receiptNumber],
      ['Package', input.planName],
      ['Amount paid', `${amount} ${input.currency.toUpperCase()}`],
      ['Date', `${date} UTC`],
      ['Press releases available', String(input.balanceAfter)],
    ],
    action: { label: 'View your billing history', url: input.billingLink },
    notes: ['Keep this email for your records. One-time package: nothing renews and nothing more will be charged.'],
  });
}
