import { describe, expect, it } from 'vitest';
import { accountExistsMessage, confirmEmailChangeMessage, emailChangeNoticeMessage } from './account-address.js';
import { firstCoverageMessage } from './coverage.js';
import type { EmailLanguage, RenderedEmail } from './layout.js';
import { creditNoteMessage } from './credit-note.js';
import { confirmFollowMessage } from './newsroom.js';
import { passwordResetMessage } from './password-reset.js';
import { receiptMessage } from './receipt.js';
import { signInLinkMessage } from './sign-in-link.js';
import { approvedMessage, changesRequestedMessage, rejectedMessage, reviewQueueAlertMessage } from './review.js';
import { verifyEmailMessage } from './verify-email.js';

/**
 * Every email the service writes to a person, in English and in Arabic: an Arabic email reads right to
 * left and holds no English of ours — the only Latin letters are what the reader gave us (names, titles,
 * addresses, links) and the brand.
 */

const link = 'https://app.nashr.test/somewhere?token=abc';
const paidAt = new Date('2026-11-26T08:30:00Z');

const everyEmail = (language: EmailLanguage): Record<string, RenderedEmail> => ({
  verify: verifyEmailMessage({ link, validHours: 24, language }),
  reset: passwordResetMessage({ firstName: 'Layla', link, validMinutes: 60, language }),
  signInLink: signInLinkMessage({ firstName: 'Layla', link, validMinutes: 15, language }),
  exists: accountExistsMessage({ firstName: 'Layla', forgotLink: link, language }),
  confirmChange: confirmEmailChangeMessage({ link, validHours: 24, language }),
  changeNotice: emailChangeNoticeMessage({ firstName: 'Layla', newEmail: 'new@company.test', forgotLink: link, language }),
  receipt: receiptMessage({
    firstName: 'Layla',
    billingLink: link,
    invoiceLink: link,
    pdfLink: link,
    language,
    receiptNumber: 'NSR-2026-000042',
    invoiceNumber: 'NSR-INV-000042',
    planName: { en: 'Double Release', ar: 'بيانان' },
    amountCents: 29900,
    vatCents: 1424,
    currency: 'usd',
    paidAt,
    balanceAfter: 5,
  }),
  creditNote: creditNoteMessage({
    firstName: 'Layla',
    billingLink: link,
    language,
    creditNoteNumber: 'NSR-CN-000007',
    invoiceNumber: 'NSR-INV-000042',
    releases: 2,
    amountCents: 49900,
    vatCents: 2376,
    currency: 'usd',
    issuedAt: paidAt,
  }),
  approvedNow: approvedMessage({ firstName: 'Layla', title: 'Gulf Wire', link, language, startedAt: paidAt, scheduledAt: null, recipients: 120, scheduleHadPassed: true }),
  approvedLater: approvedMessage({ firstName: 'Layla', title: 'Gulf Wire', link, language, startedAt: null, scheduledAt: paidAt, recipients: 120, scheduleHadPassed: false }),
  changes: changesRequestedMessage({ firstName: 'Layla', title: 'Gulf Wire', link, language, comment: 'Add a quote' }),
  rejected: rejectedMessage({ firstName: 'Layla', title: 'Gulf Wire', link, language, reason: 'Not news' }),
  queue: reviewQueueAlertMessage({ firstName: 'Omar', waiting: 3, link, language }),
  coverage: firstCoverageMessage({
    language: language === 'ar' ? 'arabic' : 'english',
    firstName: 'Layla',
    releaseTitle: 'Gulf Wire',
    outlet: 'Arabian Business',
    articleTitle: 'Gulf Wire opens',
    kind: 'earned',
    link,
  }),
  follow: confirmFollowMessage({ companyName: 'Gulf Wire', link, language: language === 'ar' ? 'arabic' : 'english' }),
});

/** The Latin words of a text once the reader's own values, the brand and the link are taken out. */
function ourLatinWords(text: string): string[] {
  const given = [link, 'new@company.test', 'Layla', 'Omar', 'Gulf Wire opens', 'Gulf Wire', 'Arabian Business', 'Add a quote', 'Not news', 'NSR-2026-000042', 'NSR-CN-000007', 'NSR-INV-000042', 'Nashr', 'USD', 'UTC'];
  let rest = text;
  for (const value of given) rest = rest.split(value).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('account emails in the reader’s language', () => {
  it('writes every Arabic email right to left, with nothing of ours in English', () => {
    for (const [name, email] of Object.entries(everyEmail('ar'))) {
      expect(email.html, name).toContain('<html lang="ar" dir="rtl">');
      expect(ourLatinWords(email.subject), name).toEqual([]);
      expect(ourLatinWords(email.text), name).toEqual([]);
      // The HTML's own words (markup and styles aside) are the text's.
      expect(email.html, name).not.toMatch(/If the button does not work|You received this email|Premium PR Distribution/);
    }
  });

  it('writes every English email left to right, in English', () => {
    for (const [name, email] of Object.entries(everyEmail('en'))) {
      expect(email.html, name).toContain('<html lang="en" dir="ltr">');
      // A follower need not have an account: their email says it came from the newsroom's form.
      expect(email.text, name).toMatch(
        name === 'follow' ? /You received this email because this address was entered in the follow form of Gulf Wire's newsroom\./ : /You received this email because of an action on your Nashr account\./,
      );
      expect(email.text, name).not.toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('states a receipt’s figures in Arabic with Latin digits and the right plural', () => {
    const receipt = (balanceAfter: number) =>
      receiptMessage({ firstName: '', billingLink: link, invoiceLink: link, pdfLink: link, language: 'ar', receiptNumber: 'NSR-1', invoiceNumber: 'NSR-INV-000001', planName: { en: 'Single Release', ar: 'بيان واحد' }, amountCents: 9900, vatCents: 0, currency: 'usd', paidAt, balanceAfter });
    expect(receipt(1).text).toContain('رصيد حسابك الآن: بيان صحفي واحد.');
    expect(receipt(2).text).toContain('رصيد حسابك الآن: بيانان صحفيان.');
    expect(receipt(5).text).toContain('رصيد حسابك الآن: 5 بيانات صحفية.');
    expect(receipt(11).text).toContain('رصيد حسابك الآن: 11 بيانًا صحفيًا.');
    expect(receipt(100).text).toContain('رصيد حسابك الآن: 100 بيان صحفي.');
    expect(receipt(5).text).toContain('التاريخ: 26 نوفمبر 2026');
    expect(receipt(5).text).toMatch(/المبلغ المدفوع: \S*99\.00\sUSD\n/);
    expect(receipt(5).text).toContain('الباقة: بيان واحد');
    expect(receipt(5).text.startsWith('نشر - توزيع البيانات الصحفية')).toBe(true);
    expect(receipt(5).text).toContain('\nمرحبًا،\n');
  });
});
