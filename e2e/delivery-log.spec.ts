import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/auth/password';
import { deliveries, deliveryReports } from '../src/server/db/schema';
import { insertAccount } from '../src/server/test/accounts';
import type { ReleaseId } from '../src/shared/ids';
import { startBackgroundWork, type BackgroundWork } from '../src/server/worker';
import { seedListOfJournalists } from './contacts-seed';
import { startStack, type Stack } from './harness';
import { createPerson } from './people';

/**
 * The delivery log (issue 29): a customer sends a release to a list through the real engine and SMTP peer;
 * the super admin finds the journalist's address and reads what their server answered, in English and Arabic.
 */

const SCREENSHOTS = path.resolve('.e2e-artifacts');
const shot = (name: string) => path.join(SCREENSHOTS, name);
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const TITLE = 'Levant Media opens an Amman newsroom';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let stack: Stack;
let work: BackgroundWork;
beforeAll(async () => {
  stack = await startStack();
  // The harness does not deliver by itself; the log needs a delivery the engine really made.
  work = await startBackgroundWork(stack.deps, quiet);
});
afterAll(async () => {
  await work?.stop();
  await stack?.close();
});

async function sendNow(page: Page, listId: string): Promise<ReleaseId> {
  const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: {
      action: 'send_now',
      language: 'english',
      title: TITLE,
      releaseDate: '2026-11-25',
      location: 'Amman, Jordan',
      content: '<p>Levant Media opens a newsroom in Amman to cover the region in Arabic and English, every day of the week.</p>',
      boilerplate: 'Levant Media publishes news across the Levant in two languages.',
      contactName: 'Layla Haddad',
      contactEmail: 'layla@levant.example',
      contactPhone: '+962 6 555 0100',
      recipientLists: [listId],
      attachments: [{ originalName: 'facts.pdf', base64Content: PDF.toString('base64') }],
    },
  });
  expect([200, 202], await res.text()).toContain(res.status());
  return ((await res.json()) as { pressRelease: { id: ReleaseId } }).pressRelease.id;
}

/** The delivery once the engine has an answer from the SMTP peer for it (waited for: poll's default second is too short on a loaded machine). */
async function deliveredTo(releaseId: ReleaseId) {
  let row: typeof deliveries.$inferSelect | undefined;
  await expect
    .poll(async () => {
      [row] = await stack.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
      return row?.status;
    }, { timeout: 30_000 })
    .toBe('sent');
  return row!;
}

describe('the delivery log', () => {
  it('answers "did this journalist get that release, and what did their server say?" in English and Arabic', async () => {
    const root = await insertAccount(stack.db, {
      email: 'noor@nashr.test',
      passwordHash: await hashPassword('password123'),
      firstName: 'Noor',
      lastName: 'Operator',
      verified: true,
      role: 'super_admin',
      userType: 'super_admin',
      companyName: 'Nashr',
    });
    const owner = await createPerson(stack.db, 'levant.test', 'Rana', 'Saleh', { companyName: 'Levant Media' });
    const listId = await seedListOfJournalists(stack, owner.workspaceId, 'Business desk', 1);
    const releaseId = await sendNow(await stack.signedInPage(owner.id), listId);
    const delivery = await deliveredTo(releaseId);
    expect(delivery.smtpResponse).toMatch(/^250 /);
    // Accepted, then a full mailbox reported later by the receiving side.
    await stack.db.insert(deliveryReports).values({ deliveryId: delivery.id, email: delivery.email, kind: 'soft', status: '4.2.2', detail: 'Mailbox full' });

    const page = await stack.signedInPage(root.id);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Delivery log' }).click();
    await page.getByText('Search by a name, an address or a release').waitFor();
    const search = page.getByRole('searchbox', { name: 'Name or address' });

    // Too short a part is said beside the field; nothing is asked.
    await search.fill('ab');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('At least 3 characters').waitFor();

    // Part of the journalist's address, typed as someone would, in capitals.
    await search.fill(delivery.email.split('@')[0].slice(0, 6).toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('delivery-row');
    await row.getByText(TITLE).waitFor();

    // A new search clears the old results at once; an address nobody sent to finds none.
    await search.fill('nobody@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No deliveries').waitFor();
    expect(await row.count()).toBe(0);

    // A release picked by part of its title, not by an id.
    await search.fill('');
    const picker = page.getByRole('combobox', { name: 'Release' });
    await picker.fill(TITLE.slice(3, 12).toLowerCase());
    await page.getByRole('option', { name: new RegExp(TITLE) }).click();
    await page.getByTestId('release-chosen').getByText(TITLE).waitFor();
    await row.getByText(TITLE).waitFor();
    await page.screenshot({ path: shot('delivery-log-picked-en.png'), fullPage: true });
    await expect(row.getByText('Sent', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByTestId('smtp-answer').textContent()).resolves.toBe(delivery.smtpResponse);
    await expect(row.getByRole('link', { name: 'Levant Media' }).getAttribute('href')).resolves.toBe(`/admin/workspaces/${owner.workspaceId}`);
    expect(await row.locator('td').allTextContents()).toEqual([
      `${TITLE}Levant Media`,
      delivery.email,
      'Sent',
      '1',
      expect.any(String),
      delivery.smtpResponse,
      expect.stringMatching(/^Soft bounce · .+4\.2\.2 Mailbox full$/),
      'None',
      '0',
      '0',
    ]);
    await page.screenshot({ path: shot('delivery-log-en.png'), fullPage: true });

    // From the customer's page, the release's own log.
    await page.goto(`/admin/workspaces/${owner.workspaceId}`);
    await page.getByRole('link', { name: `Delivery log of ${TITLE}` }).click();
    await page.waitForURL(`**/admin?tab=deliveries&releaseId=${releaseId}`);
    await page.getByTestId('delivery-row').getByText(delivery.email).waitFor();
    await page.getByTestId('release-chosen').getByText(TITLE).waitFor();

    // In Arabic: right to left, the status translated, the server's answer still reading left to right.
    const arabic = await stack.signedInPage(root.id, { locale: 'ar-AE' });
    await arabic.context().addInitScript(() => localStorage.setItem('nashr-language', 'ar'));
    await arabic.goto(`/admin?tab=deliveries&email=${encodeURIComponent(delivery.email)}`);
    await arabic.locator('html[dir="rtl"]').waitFor();
    await expect(arabic.getByRole('tab', { name: 'سجل التسليم' }).getAttribute('aria-selected')).resolves.toBe('true');
    const arabicRow = arabic.getByTestId('delivery-row');
    await arabicRow.getByText('أُرسل', { exact: true }).waitFor();
    await arabicRow.getByText('ارتداد مؤقت').waitFor();
    const answer = arabicRow.getByTestId('smtp-answer');
    await expect(answer.textContent()).resolves.toBe(delivery.smtpResponse);
    await expect(answer.evaluate((node) => getComputedStyle(node).direction)).resolves.toBe('ltr');
    await arabic.screenshot({ path: shot('delivery-log-ar.png'), fullPage: true });

    await arabic.setViewportSize({ width: 390, height: 844 });
    await arabicRow.getByText('أُرسل', { exact: true }).waitFor();
    await arabic.screenshot({ path: shot('delivery-log-ar-phone.png'), fullPage: true });
  });
});
