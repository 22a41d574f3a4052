import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../src/server/test/accounts';
import { DEFAULT_SELLER } from '../src/server/invoices/seller';
import { seriousViolations } from './axe';
import { startStack, type Stack } from './harness';

/**
 * Issue 29 from the buyer's side: billing details with a tax number checked by country, the VAT quoted
 * before payment, the tax invoice on its printable page and as a PDF, in English and in Arabic. The seller
 * is the fresh installation's (DEFAULT_SELLER): registered in the UAE and in Saudi Arabia, so a Saudi
 * buyer's invoice carries the ZATCA QR code.
 */

const SCREENSHOTS = path.resolve('.e2e-artifacts');
const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(() => stack.close());

/** A verified trial customer, owner of their workspace, signed in in a fresh browser profile. */
async function buyer(name: string, locale: 'en-US' | 'ar') {
  const user = await insertAccount(stack.db, {
    email: `${name.toLowerCase()}@buyer.test`,
    passwordHash: 'unused',
    companyName: `${name} Trading`,
    firstName: name,
    lastName: 'Buyer',
    verified: true,
  });
  return stack.signedInPage(user.id, { locale });
}

async function pay(page: Page, labels: { card: string; expiry: string; cvc: string; pay: RegExp }) {
  await page.getByLabel(labels.card).fill('4242 4242 4242 4242');
  await page.getByLabel(labels.expiry).fill(FUTURE_EXPIRY);
  await page.getByLabel(labels.cvc).fill('123');
  await page.getByRole('button', { name: labels.pay }).click();
}

/** The first bytes of the PDF the page's Download PDF button saves. */
async function downloadedPdfHead(page: Page, button: RegExp): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).first().click()]);
  const file = await download.path();
  return fs.readFileSync(file).subarray(0, 5).toString('latin1');
}

describe('tax invoices for the buyer', () => {
  let englishInvoicePath = '';

  it('asks for billing details once, refuses a malformed TRN, quotes the VAT and issues a tax invoice with its PDF', async () => {
    const page = await buyer('Marina', 'en-US');
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Get 2 Press Releases Now' }).click();
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();

    // No details yet: the checkout asks for them before the card, and names the UAE format.
    await page.getByLabel('Legal name', { exact: true }).fill('Marina Vista Properties LLC');
    // The Arabic legal name is written in Arabic letters.
    await page.getByLabel('Legal name in Arabic').fill('Marina Vista');
    await page.getByLabel('Address').fill('Office 1203, Marina Plaza\nDubai Marina, Dubai');
    await page.getByLabel('Country').selectOption('UAE');
    await page.getByText('UAE TRN: 15 digits starting with 100').waitFor();
    await page.getByLabel('Tax registration number').fill('200123456789003');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('A UAE TRN is 15 digits starting with 100').waitFor();
    await page.getByText('Write the Arabic legal name in Arabic letters').waitFor();
    await expect(page.getByLabel('Legal name in Arabic').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Tax registration number').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.getByLabel('Card number').count()).resolves.toBe(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // Digits typed in groups are one number.
    await page.getByLabel('Tax registration number').fill('100 1234 5678 9003');
    await page.getByLabel('Legal name in Arabic').fill('مارينا فيستا للعقارات ذ.م.م');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const summary = page.getByTestId('billing-profile-summary');
    await summary.getByText('100123456789003').waitFor();
    await summary.getByText('مارينا فيستا للعقارات ذ.م.م').waitFor();
    await expect(page.getByRole('button', { name: 'Edit' }).isVisible()).resolves.toBe(true);

    // The quote states the UAE VAT before payment, in dollars and in dirhams.
    const quote = page.getByTestId('quote');
    await quote.getByText('VAT (5%)').waitFor();
    const vat = (await page.getByTestId('quote-vat').textContent())!;
    const total = (await page.getByTestId('quote-total').textContent())!;
    expect(vat).toMatch(/^\$\d+\.\d\d$/);
    expect(vat).not.toBe('$0.00');
    // Figures are isolated inside the sentence (they keep their order in Arabic); read without the marks.
    const displayVat = (await page.getByTestId('quote-display-vat').textContent())!.replace(/[\u2066-\u2069]/g, '');
    expect(displayVat).toMatch(/^VAT in AED: AED\s?[\d,]+\.\d\d \(1 USD = 3\.6725 AED/);

    await page.getByLabel('Purchase order reference (optional)').fill('PO-7781');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('checkout-po').getByText('PO-7781').waitFor();
    await pay(page, { card: 'Card number', expiry: 'Expiry date', cvc: 'CVC', pay: new RegExp(`^Pay \\${total}$`) });
    await page.getByTestId('toast').getByText('Payment Successful').waitFor();

    // Back on the page: the account's words, the purchase with its invoice, and the invoices list.
    await page.waitForURL(/\/subscription\?success=true/);
    await page.getByText('Active account').waitFor();
    await expect(page.getByTestId('account-type').textContent()).resolves.toBe('Paid package');
    const purchase = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Double Release' }) });
    await purchase.getByText('PO-7781').waitFor();
    const invoices = page.getByTestId('invoices');
    await invoices.getByText('Tax invoice', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'billing-en.png'), fullPage: true });

    await purchase.getByRole('link', { name: /^View / }).click();
    await page.waitForURL(/\/billing\/invoices\/[0-9a-f-]{36}$/);
    englishInvoicePath = new URL(page.url()).pathname;
    const sheet = page.getByTestId('invoice-sheet');
    await sheet.getByRole('heading', { name: 'Tax Invoice فاتورة ضريبية' }).waitFor();
    await expect(sheet.getByText('Marina Vista Properties LLC').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('invoice-buyer-name-ar').textContent()).resolves.toBe('مارينا فيستا للعقارات ذ.م.م');
    // A UAE registration is a TRN.
    await expect(sheet.getByText('Tax number (TRN)').count()).resolves.toBe(2);
    await expect(sheet.getByText('100123456789003').isVisible()).resolves.toBe(true);
    await expect(sheet.getByText(DEFAULT_SELLER.registrations[0].taxNumber).isVisible()).resolves.toBe(true);
    await expect(sheet.getByText('PO-7781').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('invoice-vat').textContent()).resolves.toBe(vat);
    await expect(page.getByTestId('invoice-total').textContent()).resolves.toBe(total);
    await expect(page.getByTestId('invoice-display-vat').isVisible()).resolves.toBe(true);
    // A UAE buyer gets no ZATCA code.
    await expect(page.getByTestId('invoice-qr').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'invoice-en.png'), fullPage: true });
    await expect(seriousViolations(page)).resolves.toEqual([]);

    await expect(downloadedPdfHead(page, /^Download PDF/)).resolves.toMatch(/^%PDF-/);

    // Printed, the page is the invoice alone.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' }).isVisible()).resolves.toBe(false);
    await expect(page.getByRole('navigation').first().isVisible()).resolves.toBe(false);
    await expect(sheet.isVisible()).resolves.toBe(true);
  });

  it('speaks Arabic right to left: the details form, the Saudi format, the QR code and the invoice page', async () => {
    const page = await buyer('Rawabi', 'ar');
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'احصل على بيانين صحفيين الآن' }).click();
    await page.getByRole('heading', { name: 'أكمل عملية الشراء' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByLabel('الاسم القانوني', { exact: true }).fill('Rawabi Trading Company');
    await page.getByLabel('الاسم القانوني بالعربية').fill('Rawabi');
    await page.getByLabel('العنوان').fill('طريق الملك فهد، الرياض');
    await page.getByLabel('الدولة').selectOption('Saudi Arabia');
    await page.getByText('الرقم الضريبي في السعودية: 15 رقمًا تبدأ وتنتهي بالرقم 3', { exact: false }).waitFor();
    await page.getByLabel('رقم التسجيل الضريبي').fill('300000000000000');
    await page.getByRole('button', { name: 'حفظ ومتابعة' }).click();
    await page.getByText('الرقم الضريبي في السعودية 15 رقمًا تبدأ وتنتهي بالرقم 3', { exact: true }).waitFor();
    await page.getByText('اكتب الاسم القانوني بالعربية بحروف عربية').waitFor();
    await page.getByLabel('الاسم القانوني بالعربية').fill('شركة روابي للتجارة');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'billing-details-ar.png'), fullPage: true });

    await page.getByLabel('رقم التسجيل الضريبي').fill('300000000000003');
    await page.getByRole('button', { name: 'حفظ ومتابعة' }).click();
    await page.getByTestId('billing-profile-summary').getByText('300000000000003').waitFor();
    await page.getByTestId('quote').getByText(`ضريبة القيمة المضافة (${DEFAULT_SELLER.vatRates[2].rate}%)`).waitFor();
    // Under the seller's Saudi registration the VAT is stated in riyals, at the fixed rate.
    const saudiDisplayVat = (await page.getByTestId('quote-display-vat').textContent())!.replace(/[\u2066-\u2069]/g, '');
    expect(saudiDisplayVat).toContain('SAR');
    expect(saudiDisplayVat).toContain('1 USD = 3.75 SAR');
    expect(saudiDisplayVat).toContain('سعر صرف ثابت');
    await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
    await pay(page, { card: 'رقم البطاقة', expiry: 'تاريخ الانتهاء', cvc: 'رمز التحقق (CVC)', pay: /^ادفع / });
    await page.waitForURL(/\/subscription\?success=true/);
    await page.getByText('حساب فعّال').waitFor();

    const purchase = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'بيانان' }) });
    await purchase.getByRole('link', { name: /^عرض / }).click();
    await page.waitForURL(/\/billing\/invoices\/[0-9a-f-]{36}$/);
    const sheet = page.getByTestId('invoice-sheet');
    const arabicTitle = sheet.getByRole('heading', { level: 1 }).locator('[lang="ar"]');
    await expect(arabicTitle.textContent()).resolves.toBe('فاتورة ضريبية');
    await expect(arabicTitle.getAttribute('dir')).resolves.toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect(sheet.getByText('شركة روابي للتجارة').isVisible()).resolves.toBe(true);
    await expect(sheet.getByText('Rawabi Trading Company').isVisible()).resolves.toBe(true);
    // A Saudi registration is a VAT number, not a TRN; the VAT and total also in riyals at the fixed rate.
    await expect(sheet.getByText('VAT number').count()).resolves.toBe(2);
    await expect(sheet.getByText('TRN').count()).resolves.toBe(0);
    await expect(page.getByTestId('invoice-display-vat').textContent()).resolves.toContain('SAR');
    await sheet.getByText('1 USD = 3.75 SAR (fixed rate · سعر ثابت)').waitFor();
    // Seller registered in Saudi Arabia, buyer there: the ZATCA QR code is drawn.
    await page.getByTestId('invoice-qr').waitFor();
    await expect(page.getByTestId('invoice-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBeGreaterThan(0);
    await page.getByRole('button', { name: 'طباعة' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'invoice-ar.png'), fullPage: true });
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await expect(downloadedPdfHead(page, /^تنزيل PDF/)).resolves.toMatch(/^%PDF-/);

    // Another workspace's invoice is not found, like one that does not exist.
    expect(englishInvoicePath).toMatch(/^\/billing\/invoices\//);
    await page.goto(englishInvoicePath);
    await page.getByRole('heading', { name: 'الفاتورة غير موجودة' }).waitFor();
    await page.goto('/billing/invoices/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'الفاتورة غير موجودة' }).waitFor();
  });
});
