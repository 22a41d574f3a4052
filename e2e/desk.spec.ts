import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { invoices, refunds, workspaces } from '../src/server/db/schema';
import { insertAccount, type AccountFields } from '../src/server/test/accounts';
import { startStack, type Stack } from './harness';

/**
 * The operator's desk (issue 29): a super admin finds a customer by a member's address, refunds part of a
 * purchase, sees the credit note, suspends the workspace and, in Arabic, reactivates it.
 */

const SCREENSHOTS = path.resolve('.e2e-artifacts');
const shot = (name: string) => path.join(SCREENSHOTS, name);
const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

async function createAccount(firstName: string, lastName: string, fields: AccountFields = {}) {
  return insertAccount(stack.db, {
    email: `${firstName.toLowerCase()}@gulfhorizon.test`,
    passwordHash: await hashPassword('password123'),
    firstName,
    lastName,
    verified: true,
    ...fields,
  });
}

/** A purchase as the checkout makes it: billing details, an intent, the demo card, and crediting. */
async function buyThroughTheApi(page: Page, planId: 'package_1' | 'package_2') {
  const ok = async (response: Awaited<ReturnType<Page['request']['post']>>): Promise<{ clientSecret: string; paymentIntentId: string }> => {
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { clientSecret: string; paymentIntentId: string };
  };
  await ok(
    await page.request.put('/api/billing/profile', {
      data: { legalName: 'Gulf Horizon Public Relations LLC', address: 'Office 301, Bay Square 5, Business Bay, Dubai', country: 'UAE', taxNumber: '' },
    }),
  );
  const intent = await ok(await page.request.post('/api/subscription/create', { data: { planId } }));
  await ok(
    await page.request.post('/api/subscription/demo/confirm', {
      data: { clientSecret: intent.clientSecret, cardNumber: '4242424242424242', expiry: FUTURE_EXPIRY, cvc: '123' },
    }),
  );
  await ok(await page.request.post('/api/subscription/process-success', { data: { paymentIntentId: intent.paymentIntentId } }));
}

describe('the operator’s desk', () => {
  it('finds a customer by a member’s address, refunds a release, suspends it, and in Arabic reactivates it', async () => {
    const root = await createAccount('Noor', 'Operator', { role: 'super_admin', userType: 'super_admin', companyName: 'Nashr' });
    const owner = await createAccount('Mariam', 'Khoury', { companyName: 'Gulf Horizon PR' });
    const member = await createAccount('Yousef', 'Haddad', { memberOf: { workspaceId: owner.workspaceId, role: 'writer' }, verified: false });
    const customer = await stack.signedInPage(owner.id);
    await buyThroughTheApi(customer, 'package_2');

    // Found by the address of a member who is not the owner.
    const page = await stack.signedInPage(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Workspaces' }).click();
    await page.getByRole('searchbox', { name: 'Search workspaces' }).fill(member.email);
    await page.getByRole('listitem', { name: 'Gulf Horizon PR' }).getByRole('link', { name: 'Gulf Horizon PR' }).click();
    await page.waitForURL(`**/admin/workspaces/${owner.workspaceId}`);
    await page.getByRole('heading', { level: 1, name: 'Gulf Horizon PR' }).waitFor();

    const members = page.getByRole('region', { name: 'Members' });
    await members.getByRole('row', { name: 'Yousef Haddad' }).getByText('Not verified').waitFor();
    await members.getByRole('row', { name: 'Mariam Khoury' }).getByText('Verified', { exact: true }).waitFor();
    await expect(page.getByTestId('allowance').getByText('Releases in the allowance').isVisible()).resolves.toBe(true);

    // More than the purchase holds is refused with the server's figures.
    const purchases = page.getByRole('region', { name: 'Purchases and grants' });
    await purchases.getByRole('button', { name: /^Refund the purchase of / }).click();
    let dialog = page.getByRole('dialog', { name: /^Refund the purchase of / });
    await dialog.getByText('At most 2 of 2 releases can be refunded now (0 already refunded).').waitFor();
    await dialog.getByLabel('Releases to refund').fill('3');
    await dialog.getByLabel('Reason', { exact: true }).fill('The customer asked for their money back');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    dialog = page.getByRole('dialog', { name: /^Refund the purchase of / });
    await dialog.getByRole('button', { name: 'Refund 3 releases' }).click();
    await dialog.getByText('The refund was not made').waitFor();
    await expect(dialog.getByTestId('refund-figures').textContent()).resolves.toBe('Releases bought2Spent0Already refunded0Unspent2');
    expect(await stack.db.select().from(refunds)).toHaveLength(0);

    // One release back: the card refunded, a credit note issued and listed.
    await dialog.getByLabel('Releases to refund').fill('1');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Refund 1 release' }).click();
    await page.getByTestId('toast').getByText('Refunded 1 release').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [creditNote] = await stack.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(creditNote).toBeDefined();
    const documents = page.getByRole('region', { name: 'Invoices and credit notes' });
    const creditRow = documents.getByRole('row').filter({ has: page.getByRole('cell', { name: creditNote.number, exact: true }) });
    await creditRow.getByText('Credit note').waitFor();
    await purchases.getByText('1 release').waitFor();
    await expect(page.getByTestId('allowance').textContent()).resolves.toBe('Releases in the allowance1Used0Left1');

    // The verification e-mail again, for the member who never confirmed, asked first.
    await members.getByRole('button', { name: `Resend verification to ${member.email}` }).click();
    const resend = page.getByRole('dialog', { name: 'Resend the verification e-mail?' });
    await resend.getByRole('button', { name: 'Resend verification' }).click();
    await page.getByTestId('toast').getByText(`Verification e-mail sent to ${member.email}`).waitFor();
    await expect.poll(() => stack.smtp.messages.some((m) => m.envelopeTo.includes(member.email))).toBe(true);

    // Releases granted with a reason, the form's errors first.
    await page.getByRole('button', { name: 'Grant releases' }).click();
    const grant = page.getByRole('dialog', { name: 'Grant releases to Gulf Horizon PR' });
    await grant.getByLabel('Releases', { exact: true }).fill('0');
    await grant.getByRole('button', { name: 'Grant', exact: true }).click();
    await grant.getByText('Releases must be a whole number from 1 to 100').waitFor();
    await grant.getByText('A reason is required').waitFor();
    await grant.getByLabel('Releases', { exact: true }).fill('2');
    await grant.getByLabel('Reason').fill('Compensation for the delayed send');
    await grant.getByRole('button', { name: 'Grant', exact: true }).click();
    await grant.waitFor({ state: 'detached' });
    await purchases.getByTestId('grants').getByText('Compensation for the delayed send').waitFor();
    await expect(page.getByTestId('allowance').textContent()).resolves.toBe('Releases in the allowance3Used0Left3');
    // The granted releases are named apart: no refund pays for them.
    await expect(page.getByTestId('allowance-granted').textContent()).resolves.toBe(
      '2 of the releases left were granted by Nashr: they are counted as spent last and are never refunded.',
    );

    // Suspended with a reason: asked for first, then shown on the page.
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend Gulf Horizon PR?' });
    await suspend.getByRole('button', { name: 'Suspend workspace' }).click();
    await suspend.getByText('A reason is required').waitFor();
    await suspend.getByLabel('Reason').fill('Card chargeback under review');
    await suspend.getByRole('button', { name: 'Suspend workspace' }).click();
    await suspend.waitFor({ state: 'detached' });
    const banner = page.getByTestId('suspended-banner');
    await banner.getByText('Card chargeback under review').waitFor();
    const [suspended] = await stack.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    expect(suspended).toMatchObject({ suspendedReason: 'Card chargeback under review' });
    expect(suspended.suspendedAt).not.toBeNull();
    await page.screenshot({ path: shot('desk-customer-en.png'), fullPage: true });

    // The admin switches to Arabic: the same page right to left, and reactivation works.
    await page.getByTestId('language-switch').click();
    await page.locator('html[dir="rtl"]').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Gulf Horizon PR' }).waitFor();
    await page.getByText('معلّقة منذ', { exact: false }).waitFor();
    await page.getByRole('region', { name: 'الفواتير والإشعارات الدائنة' }).getByText('إشعار دائن').waitFor();
    await page.screenshot({ path: shot('desk-customer-ar-suspended.png'), fullPage: true });
    await page.getByRole('button', { name: 'إعادة التفعيل' }).click();
    const reactivate = page.getByRole('dialog', { name: 'إعادة تفعيل مساحة العمل هذه؟' });
    await reactivate.getByRole('button', { name: 'إعادة التفعيل' }).click();
    await page.getByTestId('toast').getByText('عادت Gulf Horizon PR نشطة').waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'تعليق' }).waitFor();
    const [active] = await stack.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    expect(active).toMatchObject({ suspendedAt: null, suspendedReason: null });
    await page.screenshot({ path: shot('desk-customer-ar.png'), fullPage: true });
  });

  it('shows the seller settings with field errors in both languages', async () => {
    const root = await createAccount('Salma', 'Operator', { role: 'super_admin', userType: 'super_admin', companyName: 'Nashr Ops' });
    const page = await stack.signedInPage(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Seller' }).click();
    const form = page.getByRole('form', { name: 'Seller on invoices' });
    await expect(form.getByLabel('Legal name (Arabic)').getAttribute('dir')).resolves.toBe('rtl');
    await form.getByLabel('Tax number 1').fill('12345');
    await form.getByLabel('Invoice number prefix').fill('inv');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('A UAE TRN is 15 digits starting with 100').waitFor();
    await form.getByText('An invoice prefix is 1 to 12 capital letters, digits or dashes').waitFor();
    await form.getByLabel('Tax number 1').fill('100 2345 6780 0003');
    await form.getByLabel('Invoice number prefix').fill('NSR');
    await form.getByLabel('Legal name (English)').fill('Nashr Media FZ-LLC');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').getByText('Seller settings saved').waitFor();
    const saved = await (await page.request.get('/api/admin/seller')).json();
    expect(saved).toMatchObject({ legalName: 'Nashr Media FZ-LLC', registrations: expect.arrayContaining([{ country: 'UAE', taxNumber: '100234567800003' }]) });
    await page.screenshot({ path: shot('desk-seller-en.png'), fullPage: true });

    await page.getByTestId('language-switch').click();
    await page.locator('html[dir="rtl"]').waitFor();
    const arabicForm = page.getByRole('form', { name: 'البائع في الفواتير' });
    await expect(arabicForm.getByLabel('الاسم القانوني (بالعربية)').getAttribute('dir')).resolves.toBe('rtl');
    await arabicForm.getByLabel('بادئة رقم الفاتورة').fill('');
    await arabicForm.getByRole('button', { name: 'حفظ' }).click();
    await arabicForm.getByText('بادئة الفاتورة من 1 إلى 12 حرفًا لاتينيًا كبيرًا أو رقمًا أو شرطة').waitFor();
    await page.screenshot({ path: shot('desk-seller-ar.png'), fullPage: true });
  });
});
