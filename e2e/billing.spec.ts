import { companyBrandIdOf, type BrandId, type UserId, type WorkspaceId } from '../src/shared/ids';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { billingProfiles, brands, globalContacts, listContacts, payments, pressReleases, sessions, userLists, workspaces } from '../src/server/db/schema';
import { insertAccount } from '../src/server/test/accounts';
import { randomToken, sha256 } from '../src/server/http/tokens';
import { startStack, type Stack } from './harness';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * A verified trial customer (owner of their workspace) with a real session, signed in in a fresh browser profile.
 * Its billing details are on file, so the checkout goes from the quote to the card (invoices.spec.ts enters them).
 */
async function signedInTrialUser(name: string, options: { locale?: string } = {}): Promise<{ page: Page; workspaceId: WorkspaceId; userId: UserId }> {
  const user = await insertAccount(stack.db, {
    email: `${name.toLowerCase()}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: `${name} Media`,
    firstName: name,
    lastName: 'Customer',
    verified: true,
  });
  await stack.db.insert(billingProfiles).values({ workspaceId: user.workspaceId, legalName: `${name} Media FZ-LLC`, address: 'Dubai Media City, Dubai', country: 'UAE' });
  const sid = randomToken();
  await stack.db.insert(sessions).values({ idHash: sha256(sid), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  const page = await stack.newPage(options);
  // The machine running the suite may be busy; a slow first load is not a failure of these screens.
  page.setDefaultTimeout(30_000);
  await page.context().addCookies([{ name: 'sid', value: sid, url: stack.baseUrl }]);
  return { page, workspaceId: user.workspaceId, userId: user.id };
}

/** The checkout's quote step: no purchase order reference, on to the card form. */
async function continueToPayment(page: Page) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

async function payWithCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** A list of `size` fictional journalists at a reserved domain, in the workspace. */
async function createList(workspaceId: WorkspaceId, name: string, size: number) {
  const contacts = await stack.db
    .insert(globalContacts)
    .values(Array.from({ length: size }, (_, i) => ({ email: `desk${i}-${workspaceId.slice(0, 8)}@example.com`, firstName: 'Reporter', lastName: `${i}` })))
    .returning({ id: globalContacts.id });
  const [list] = await stack.db.insert(userLists).values({ workspaceId, name }).returning();
  await stack.db.insert(listContacts).values(contacts.map((c) => ({ listId: list.id, globalContactId: c.id })));
}

const PDF = { name: 'launch-facts.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

async function fillRelease(page: Page, listName: string) {
  await page.getByLabel(listName).check();
  await page.getByLabel('Title', { exact: true }).fill('Nashr opens its Riyadh office');
  await page.getByLabel('Location').fill('Riyadh, Saudi Arabia');
  await page
    .getByRole('textbox', { name: 'Content' })
    .fill('Nashr today opened its new office in Riyadh to serve newsrooms across the Gulf, with local editors and same-day distribution.');
  await page.getByLabel('Company boilerplate (About us)').fill('Nashr distributes press releases to media across the Middle East and North Africa.');
  await page.getByLabel('Contact name').fill('Sara Haddad');
  await page.getByLabel('Contact email').fill('sara@company.test');
  await page.getByLabel('Contact phone').fill('+971 4 555 0101');
  await page.getByLabel('Choose files').setInputFiles(PDF);
  await page.getByTestId('toast').getByText('Files attached').waitFor();
}

/** A new customer's release goes to an editor first: Send Now submits it for review (the press release is taken). */
async function sendNow(page: Page) {
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page.getByRole('dialog', { name: 'Send this press release?' }).getByRole('button', { name: 'Submit for review' }).click();
  await page.getByTestId('toast').getByText('Submitted for review').waitFor();
}

describe('subscription', () => {
  it('takes a trial user from the purchase gate to payment and straight back to the same release, ready to send', async () => {
    const { page, workspaceId } = await signedInTrialUser('Buyer');
    await createList(workspaceId, 'Gulf Business Desk', 2);
    await page.goto('/editor');
    await page.getByRole('region', { name: 'Purchase Required' }).waitFor();
    await fillRelease(page, 'Gulf Business Desk');
    await page.getByRole('button', { name: 'Purchase Press Release Packages' }).click();
    // The work is saved before leaving, and the way back is part of the address.
    await page.waitForURL(/\/subscription\?return=%2Feditor%2F[0-9a-f-]{36}$/);
    const releaseId = decodeURIComponent(new URL(page.url()).searchParams.get('return')!).split('/').pop()!;

    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await page.getByText('Free User').waitFor();
    // The plans arrive with their own request, after the status.
    await page.getByText('Most Popular').waitFor();
    await expect(page.getByText('Secure Payments').isVisible()).resolves.toBe(true);
    await page.getByText('No purchases yet').waitFor();
    await page.getByRole('link', { name: 'Back to your press release' }).waitFor();

    await page.getByRole('button', { name: 'Get 2 Press Releases Now' }).click();
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await continueToPayment(page);
    await page.getByText('TEST MODE').waitFor();
    await payWithCard(page, '4242 4242 4242 4242');
    await page.getByTestId('toast').getByText('Payment Successful').waitFor();

    await page.waitForURL(`**/editor/${releaseId}?paid=1`);
    await page.getByText('Payment received. Your release is ready to send.').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Nashr opens its Riyadh office');
    expect(await page.getByRole('region', { name: 'Purchase Required' }).count()).toBe(0);
    const [row] = await stack.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(row).toMatchObject({ userType: 'active', monthlyPressReleaseLimit: 2 });
    expect(await stack.db.select().from(payments).where(eq(payments.workspaceId, workspaceId))).toHaveLength(1);

    await sendNow(page);
    await page.waitForURL(`**/analytics/${releaseId}`);
    const [spent] = await stack.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(spent).toMatchObject({ monthlyPressReleaseLimit: 2, pressReleasesUsedThisMonth: 1 });

    await page.goto('/subscription');
    // An account with a package is an active account, not a "subscriber" (issue 29).
    await page.getByText('Active account').waitFor();
    await expect(page.getByTestId('balance').textContent()).resolves.toBe('1 of 2 press releases available');
    await page.getByText('1 press release used').waitFor();
    const purchase = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Double Release' }) });
    await purchase.getByRole('cell', { name: /^NSR-\d{4}-\d{6}$/ }).waitFor();
    await purchase.getByRole('cell', { name: '2 releases' }).waitFor();
    await expect(page.getByTestId('trial-badge').count()).resolves.toBe(0);
    // The receipt email carries the number the history shows.
    const receiptNumber = await purchase.getByRole('cell', { name: /^NSR-\d{4}-/ }).textContent();
    const receipt = () => stack.smtp.messages.find((m) => m.parsed.subject === `Your Nashr receipt ${receiptNumber}`);
    await expect.poll(() => receipt()?.parsed.text).toContain('Package: Double Release');
  });

  it('shows Payment Failed for a declined card and credits nothing', async () => {
    const { page, workspaceId } = await signedInTrialUser('Declined');
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Get 1 Press Release Now' }).click();
    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await continueToPayment(page);
    await payWithCard(page, '4000 0000 0000 0002');
    await page.getByTestId('toast').getByText('Payment Failed').waitFor();
    await expect(page.getByTestId('toast').getByText('Your card was declined.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Complete Your Purchase' }).isVisible()).resolves.toBe(true);
    const [row] = await stack.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    expect(row).toMatchObject({ userType: 'trial', monthlyPressReleaseLimit: 0 });
  });

  it('shows field errors for an expired card without calling the card network', async () => {
    const { page } = await signedInTrialUser('Expired');
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Get 1 Press Release Now' }).click();
    await continueToPayment(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date').fill('01/20');
    await page.getByLabel('CVC').fill('1');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Card has expired').waitFor();
    await expect(page.getByText('CVC must be 3 or 4 digits').isVisible()).resolves.toBe(true);
  });

  it("lists the releases sent from the allowance with their brand, and narrows them and the analytics overview to one brand", async () => {
    const { page, workspaceId, userId } = await signedInTrialUser('Agency');
    // The workspace's first brand has the workspace's id; an agency adds a client's.
    const companyBrandId = companyBrandIdOf(workspaceId);
    await stack.db.update(brands).set({ name: 'Agency House' }).where(eq(brands.id, companyBrandId));
    const [client] = await stack.db.insert(brands).values({ workspaceId, name: 'Desert Bloom', nameAr: 'زهرة الصحراء' }).returning();
    const sentAt = new Date(Date.now() - 3_600_000);
    const release = (brandId: BrandId, title: string) => ({ workspaceId, brandId, authorId: userId, title, content: '<p>News.</p>', status: 'sent' as const, sentAt, allowanceUsed: true });
    await stack.db.insert(pressReleases).values([release(companyBrandId, 'Agency House hires a new director'), release(client.id, 'Desert Bloom opens in Dubai')]);

    await page.goto('/subscription');
    const spends = page.getByTestId('spends');
    await spends.getByRole('heading', { name: 'Releases sent from your allowance' }).waitFor();
    await spends.getByRole('link', { name: 'Desert Bloom opens in Dubai' }).waitFor();
    await expect(spends.getByRole('link', { name: 'Agency House hires a new director' }).isVisible()).resolves.toBe(true);
    await expect(spends.locator('tbody tr').count()).resolves.toBe(2);

    await spends.getByTestId('brand-filter').selectOption({ label: 'Desert Bloom' });
    await page.waitForURL(`**/subscription?brand=${client.id}`);
    await spends.getByRole('link', { name: 'Agency House hires a new director' }).waitFor({ state: 'detached' });
    await expect(spends.locator('tbody tr').count()).resolves.toBe(1);
    const row = spends.locator('tbody tr');
    await expect(row.getByRole('cell', { name: 'Desert Bloom', exact: true }).isVisible()).resolves.toBe(true);
    // The state, and what the release holds of the allowance (decision 026).
    await expect(row.getByRole('cell', { name: /^Sent\s*Spent: it went out$/ }).isVisible()).resolves.toBe(true);
    await expect(row.getByRole('link').getAttribute('href')).resolves.toMatch(/^\/analytics\/[0-9a-f-]{36}$/);

    // The Arabic page names the brand in Arabic and the status with the releases' own words.
    const arabic = await stack.newPage({ locale: 'ar' });
    arabic.setDefaultTimeout(30_000);
    await arabic.context().addCookies(await page.context().cookies());
    await arabic.goto(`/subscription?brand=${client.id}`);
    const arabicRow = arabic.getByTestId('spends').locator('tbody tr');
    await arabicRow.getByRole('cell', { name: 'زهرة الصحراء', exact: true }).waitFor();
    await expect(arabicRow.getByRole('cell', { name: /^مُرسل\s*مُستهلك: أُرسل البيان$/ }).isVisible()).resolves.toBe(true);
    await expect(arabicRow.count()).resolves.toBe(1);

    // The analytics overview narrows to the brand the same way.
    await page.goto('/analytics');
    const performance = page.getByRole('main');
    await performance.getByText('Agency House hires a new director').waitFor();
    await performance.getByText('Desert Bloom opens in Dubai').waitFor();
    await page.getByTestId('brand-filter').selectOption({ label: 'Desert Bloom' });
    await page.waitForURL(`**/analytics?brand=${client.id}`);
    await performance.getByText('Agency House hires a new director').waitFor({ state: 'detached' });
    await expect(performance.getByText('Desert Bloom opens in Dubai').isVisible()).resolves.toBe(true);
  });

  it('speaks Arabic right-to-left', async () => {
    const { page } = await signedInTrialUser('Arabic', { locale: 'ar' });
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'اختر باقتك' }).waitFor();
    await page.getByRole('button', { name: 'احصل على بيانين صحفيين الآن' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });
});
