import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { brands, pressReleases } from '../src/server/db/schema';
import type { BrandId, ReleaseId } from '../src/shared/ids';
import { startStack, type Stack } from './harness';
import { createPerson as createPersonIn, type Person, type PersonOptions } from './people';
import { seriousViolations } from './axe';
import { seedListOfJournalists } from './contacts-seed';

/**
 * Agencies and their clients end to end (issue 28): a publisher picks the client's brand in the editor
 * (its boilerplate and contact fill in, the preview's From is the brand's) and sends; the release waits for
 * the brand's client, who sees only their brand's releases, returns it with a comment the publisher reads
 * in the editor, then approves it; the client opens their brand's report and downloads it as CSV. In
 * Arabic on a phone: the client approves and opens the report.
 */

/** Screenshots of each step, to look at (the browser tests' artefacts folder). */
const SCREENSHOTS = path.resolve('.e2e-artifacts');
const shot = (name: string) => path.join(SCREENSHOTS, name);

let stack: Stack;
beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  stack = await startStack();
});
afterAll(() => stack?.close());

const createPerson = (firstName: string, lastName: string, options: PersonOptions = {}): Promise<Person> =>
  createPersonIn(stack.db, 'agency.test', firstName, lastName, options);

/** The agency's own brand (made with the workspace) gets its defaults; a client's brand asks for approval. */
async function seedAgency(suffix: string, language: 'english' | 'arabic' = 'english') {
  const owner = await createPerson('Hala', 'Mansour', { companyName: `Gulf Bridge PR ${suffix}` });
  await stack.db
    .update(brands)
    .set({
      boilerplate: 'Gulf Bridge PR advises companies across the Gulf on their news.',
      contactName: 'Hala Mansour',
      contactEmail: 'hala@gulfbridge.example',
      contactPhone: '+971 4 555 0100',
    })
    .where(eq(brands.id, owner.companyBrandId));
  const [client] = await stack.db
    .insert(brands)
    .values({
      workspaceId: owner.workspaceId,
      name: `Riyadh Dates ${suffix}`,
      nameAr: `تمور الرياض ${suffix}`,
      senderName: `Riyadh Dates ${suffix}`,
      boilerplate: 'Riyadh Dates grows and exports premium dates from the Kingdom.',
      boilerplateAr: 'تمور الرياض تزرع أجود التمور في المملكة وتصدرها.',
      contactName: 'Faisal Otaibi',
      contactEmail: 'faisal@riyadhdates.example',
      contactPhone: '+966 11 555 0199',
      language,
      clientApproval: true,
    })
    .returning();
  const listId = await seedListOfJournalists(stack, owner.workspaceId, 'Gulf Business Desk', 2);
  return { owner, brand: client, listId };
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

/**
 * Holds the page's GET requests to addresses matching `pattern` (its refreshes) until `letThrough`, which
 * stops holding and sends the held ones on: a page that has not yet heard of a change made elsewhere.
 */
async function holdReads(page: Page, pattern: RegExp) {
  const held: Route[] = [];
  const hold = (route: Route) => {
    if (route.request().method() === 'GET') held.push(route);
    else void route.fallback();
  };
  await page.route(pattern, hold);
  return {
    async letThrough() {
      await page.unroute(pattern, hold);
      // A held read the page has given up on (it asked again after the refusal) is already handled.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

const PDF = { name: 'facts.pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

/** A release through the API, as the editor would send it: a draft, or sent at once. */
async function releaseViaApi(
  page: Page,
  fields: {
    listId: string;
    title: string;
    brandId: BrandId;
    action?: 'save_draft' | 'send_now';
    language?: 'english' | 'arabic';
    boilerplate?: string;
    contact?: [string, string, string];
  },
): Promise<{ id: ReleaseId; status: string }> {
  const [contactName, contactEmail, contactPhone] = fields.contact ?? [
    'Hala Mansour',
    'hala@gulfbridge.example',
    '+971 4 555 0100',
  ];
  const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: {
      action: fields.action ?? 'save_draft',
      brandId: fields.brandId,
      language: fields.language ?? 'english',
      title: fields.title,
      releaseDate: '2026-11-25',
      location: 'Riyadh, Saudi Arabia',
      content:
        '<p>Riyadh Dates opens a packing house in Al-Kharj to ship its dates to Europe and Asia every week of the season.</p>',
      boilerplate: fields.boilerplate ?? 'Gulf Bridge PR advises companies across the Gulf on their news.',
      contactName,
      contactEmail,
      contactPhone,
      recipientLists: [fields.listId],
      attachments: [{ originalName: PDF.name, base64Content: PDF.buffer.toString('base64') }],
    },
  });
  expect([200, 202]).toContain(res.status());
  const { pressRelease } = (await res.json()) as { pressRelease: { id: ReleaseId; status: string } };
  return pressRelease;
}

/** The release as the server holds it, in the shape the editor sends it again (files kept by their ids). */
async function storedPayload(page: Page, id: ReleaseId) {
  const res = await page.request.get(`${stack.baseUrl}/api/press-releases/${id}`);
  expect(res.status()).toBe(200);
  const r = (await res.json()) as Record<string, unknown> & { attachments: Array<{ id: string }> };
  const fields = [
    'brandId',
    'language',
    'title',
    'releaseDate',
    'location',
    'content',
    'boilerplate',
    'contactName',
    'contactEmail',
    'contactPhone',
    'recipientLists',
  ];
  return {
    ...Object.fromEntries(fields.map((f) => [f, r[f]])),
    attachments: r.attachments.map((a) => ({ id: a.id })),
  };
}

async function releaseRow(id: ReleaseId) {
  const [row] = await stack.db.select().from(pressReleases).where(eq(pressReleases.id, id));
  return row;
}

describe('client approval and the brand report', () => {
  it('a publisher sends for a client brand; the client returns it, then approves it, and downloads the report (English)', async () => {
    const { owner, brand, listId } = await seedAgency('EN');
    const publisher = await createPerson('Rana', 'Aziz', {
      memberOf: { workspaceId: owner.workspaceId, role: 'publisher' },
    });
    const client = await createPerson('Faisal', 'Otaibi', {
      memberOf: { workspaceId: owner.workspaceId, role: 'client', brandIds: [brand.id] },
    });

    // A release of the agency's own brand: the client never sees it.
    const desk = await stack.signedInPage(publisher.id);
    await releaseViaApi(desk, { listId, title: 'Gulf Bridge PR opens in Doha', brandId: owner.companyBrandId });
    const { id } = await releaseViaApi(desk, {
      listId,
      title: 'Riyadh Dates ships to Europe',
      brandId: owner.companyBrandId,
    });

    // The publisher picks the client's brand: the agency's boilerplate and contact give way to the brand's.
    await desk.goto(`/editor/${id}`);
    const picker = desk.getByLabel('Brand', { exact: true });
    expect(await picker.inputValue()).toBe(owner.companyBrandId);
    await picker.selectOption(brand.id);
    await desk.getByText('Sent as “Riyadh Dates EN via Nashr”', { exact: false }).waitFor();
    expect(await desk.locator('#contactName').inputValue()).toBe('Faisal Otaibi');
    expect(await desk.locator('#contactEmail').inputValue()).toBe('faisal@riyadhdates.example');
    expect(await desk.locator('#contactPhone').inputValue()).toBe('+966 11 555 0199');

    await desk.screenshot({ path: shot('editor-brand-picker-en.png') });

    // The exact preview's From is the brand's.
    await desk.getByRole('button', { name: 'Preview Email' }).click();
    const preview = desk.getByRole('dialog', { name: 'Email Preview - Exact Template' });
    await preview.getByText(/^Riyadh Dates EN via Nashr </).waitFor();
    await desk.keyboard.press('Escape');

    await desk.getByRole('button', { name: 'Send Now' }).click();
    await desk
      .getByRole('dialog', { name: 'Send this press release?' })
      .getByRole('button', { name: /^Send to/ })
      .click();
    await toast(desk, 'Sent to the client for approval').waitFor();
    await desk.waitForURL(new RegExp(`/analytics/${id}$`));
    await desk.getByText('Awaiting client approval').first().waitFor();
    const sent = await releaseRow(id);
    expect(sent.status).toBe('awaiting_client_approval');
    expect(sent.brandId).toBe(brand.id);
    expect(sent.boilerplate).toBe('Riyadh Dates grows and exports premium dates from the Kingdom.');
    await desk.screenshot({ path: shot('client-approval-en-publisher.png'), fullPage: true });

    // The agency's list names each release's brand and can be narrowed to one, in the address.
    await desk.goto('/press-releases');
    await desk.getByTestId('brand-filter').selectOption(brand.id);
    await desk.waitForURL(new RegExp(`brand=${brand.id}`));
    await desk.getByText('1 in total').waitFor();
    await desk.getByTestId('release-brand').getByText('Riyadh Dates EN').first().waitFor();
    await desk.screenshot({ path: shot('releases-brand-filter-en.png'), fullPage: true });

    // The client sees their brand's release only, waiting for them, and returns it with a comment.
    const clientPage = await stack.signedInPage(client.id);
    await clientPage.goto('/press-releases');
    const waiting = clientPage.getByTestId('awaiting-client-approval');
    await waiting.getByText('1 release awaiting your approval').waitFor();
    await clientPage.getByText('1 in total').waitFor();
    expect(await clientPage.getByText('Gulf Bridge PR opens in Doha').count()).toBe(0);
    await waiting.getByRole('link', { name: 'Riyadh Dates ships to Europe' }).click();
    await clientPage.waitForURL(new RegExp(`/analytics/${id}$`));
    const panel = clientPage.getByTestId('client-approval-panel');
    await panel.getByRole('button', { name: 'Return with comments' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Return to the agency' });
    await dialog.getByRole('button', { name: 'Return with comments' }).click();
    await dialog.getByRole('alert').getByText('Say what should change').waitFor();
    await dialog.getByLabel('Comments').fill('Please say the packing house opens in March.');
    await dialog.getByRole('button', { name: 'Return with comments' }).click();
    await toast(clientPage, 'Returned to the agency').waitFor();
    await expect.poll(async () => (await releaseRow(id)).status).toBe('changes_requested');

    // The publisher reads the client's words above the editor and sends again.
    await desk.goto(`/editor/${id}`);
    await desk
      .getByTestId('returned-notice')
      .getByText('Please say the packing house opens in March.')
      .waitFor();
    await desk.getByRole('button', { name: 'Send Now' }).click();
    await desk
      .getByRole('dialog', { name: 'Send this press release?' })
      .getByRole('button', { name: /^Send to/ })
      .click();
    await toast(desk, 'Sent to the client for approval').waitFor();
    expect((await releaseRow(id)).status).toBe('awaiting_client_approval');

    // The client approves: the confirmation says it goes out now; the release moves on.
    await clientPage.goto(`/analytics/${id}`);
    await clientPage.getByTestId('client-approval-panel').getByRole('button', { name: 'Approve' }).click();
    const confirm = clientPage.getByRole('dialog', { name: 'Approve this press release?' });
    await confirm.getByText(/goes out as soon as you approve it/).waitFor();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await toast(clientPage, 'Approved').waitFor();
    await expect
      .poll(async () => (await releaseRow(id)).status)
      .toMatch(/^(in_review|scheduled|sending|sent)$/);
    await clientPage.screenshot({ path: shot('client-approval-en-client.png'), fullPage: true });

    // The agency's page names the client who approved it.
    await desk.goto(`/analytics/${id}`);
    await desk
      .getByTestId('client-approved')
      .getByText(/^Approved by .Faisal Otaibi. \(client\) on /)
      .waitFor();

    // The client opens their brand's report from the dashboard, once the release has gone out.
    await expect.poll(async () => (await releaseRow(id)).sentAt, { timeout: 30_000 }).toBeTruthy();
    await clientPage.goto('/dashboard');
    await clientPage.getByRole('heading', { name: 'Recent Press Releases' }).waitFor();
    await clientPage.screenshot({ path: shot('client-dashboard-en.png'), fullPage: true });
    await clientPage.getByRole('link', { name: 'Report for Riyadh Dates EN' }).click();
    await clientPage.waitForURL(new RegExp(`/brands/${brand.id}/report`));
    await clientPage.getByRole('heading', { name: 'Riyadh Dates EN', level: 1 }).waitFor();
    const table = clientPage.getByTestId('brand-report-table');
    await table.getByRole('link', { name: 'Riyadh Dates ships to Europe' }).waitFor();
    expect(await table.getByText('Gulf Bridge PR opens in Doha').count()).toBe(0);
    await clientPage.getByTestId('brand-report-totals').getByText('Total (1 release)').waitFor();
    await clientPage.getByRole('button', { name: 'This quarter' }).click();
    await clientPage.waitForURL(/from=\d{4}-\d{2}-01/);
    await table.getByRole('link', { name: 'Riyadh Dates ships to Europe' }).waitFor();
    await clientPage.screenshot({ path: shot('brand-report-en-desktop.png'), fullPage: true });
    expect(await seriousViolations(clientPage)).toEqual([]);

    const [download] = await Promise.all([
      clientPage.waitForEvent('download'),
      clientPage.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Riyadh Dates ships to Europe');
    expect(csv).not.toContain('Gulf Bridge PR opens in Doha');
    const href = (await clientPage.getByRole('link', { name: 'Download CSV' }).getAttribute('href'))!;
    const answer = await clientPage.request.get(`${stack.baseUrl}${href}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename=.*\.csv/);
  });

  it('the client approves and opens the report (Arabic, phone)', async () => {
    const { owner, brand, listId } = await seedAgency('AR', 'arabic');
    const client = await createPerson('Noura', 'Saleh', {
      memberOf: { workspaceId: owner.workspaceId, role: 'client', brandIds: [brand.id] },
      language: 'ar',
    });
    const desk = await stack.signedInPage(owner.id, { locale: 'ar' });
    const { id, status } = await releaseViaApi(desk, {
      listId,
      title: 'تمور الرياض تفتتح مركز تعبئة في الخرج',
      brandId: brand.id,
      action: 'send_now',
      language: 'arabic',
      boilerplate: brand.boilerplateAr,
      contact: [brand.contactName, brand.contactEmail, brand.contactPhone],
    });
    expect(status).toBe('awaiting_client_approval');

    const phone = await stack.signedInPage(client.id, {
      locale: 'ar',
      viewport: { width: 390, height: 844 },
    });
    await phone.goto('/dashboard');
    const waiting = phone.getByTestId('dashboard-awaiting-client-approval');
    await waiting.getByText('بيان واحد بانتظار موافقتك').waitFor();
    await waiting.getByRole('link', { name: /تمور الرياض تفتتح مركز تعبئة/ }).click();
    await phone.waitForURL(new RegExp(`/analytics/${id}$`));
    expect(await phone.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await phone.getByText('بانتظار موافقة العميل').first().waitFor();
    await phone.getByTestId('client-approval-panel').waitFor();
    await phone.screenshot({ path: shot('client-approval-ar-phone-panel.png') });
    expect(await seriousViolations(phone)).toEqual([]);

    // Another seat of the client returns it meanwhile: this page's approval is refused (409), said in
    // Arabic, and the page shows the release as it now is, with no panel. The page asks for the release's
    // state every few seconds; its reads are held until the refusal, so that it has not yet learned of the
    // return when its reader clicks (on a slow machine the refresh could otherwise remove the panel first).
    const releaseReads = await holdReads(phone, new RegExp(`/api/press-releases/${id}(/analytics)?$`));
    const colleague = await createPerson('Sami', 'Harbi', {
      memberOf: { workspaceId: owner.workspaceId, role: 'client', brandIds: [brand.id] },
      language: 'ar',
    });
    const colleaguePage = await stack.signedInPage(colleague.id, { locale: 'ar' });
    const returned = await colleaguePage.request.post(
      `${stack.baseUrl}/api/press-releases/${id}/client-return`,
      {
        headers: { origin: stack.baseUrl },
        data: { comment: 'أضيفوا موعد الافتتاح.' },
      },
    );
    expect(returned.status()).toBe(200);
    await phone.getByTestId('client-approval-panel').getByRole('button', { name: 'موافقة' }).click();
    await phone
      .getByRole('dialog', { name: 'الموافقة على هذا البيان الصحفي؟' })
      .getByRole('button', { name: 'موافقة' })
      .click();
    await toast(phone, 'هذا البيان لا ينتظر موافقة العميل').waitFor();
    await releaseReads.letThrough();
    // Returned, not a draft: the page says who asked for changes and their words, and offers no editor.
    await phone.getByText('مطلوب تعديلات').first().waitFor();
    await phone.getByTestId('returned-notice').getByText(/طلب .Sami Harbi. \(عميل\) تعديلات/).waitFor();
    await phone.getByTestId('returned-notice').getByText('أضيفوا موعد الافتتاح.').waitFor();
    expect(await phone.getByRole('link', { name: /المحرر|عدّله/ }).count()).toBe(0);
    expect(await phone.getByTestId('client-approval-panel').count()).toBe(0);

    // The agency sends it again; this time the client's approval goes through.
    const resent = await desk.request.post(`${stack.baseUrl}/api/send-press-release`, {
      headers: { origin: stack.baseUrl },
      data: { ...(await storedPayload(desk, id)), action: 'send_now', existingPressReleaseId: id },
    });
    expect([200, 202]).toContain(resent.status());
    await phone.reload();
    await phone.getByTestId('client-approval-panel').waitFor();
    await phone.getByTestId('client-approval-panel').getByRole('button', { name: 'موافقة' }).click();
    await phone
      .getByRole('dialog', { name: 'الموافقة على هذا البيان الصحفي؟' })
      .getByRole('button', { name: 'موافقة' })
      .click();
    await toast(phone, 'تمت الموافقة').waitFor();
    await expect
      .poll(async () => (await releaseRow(id)).status)
      .toMatch(/^(in_review|scheduled|sending|sent)$/);
    await phone
      .getByTestId('client-approved')
      .getByText(/وافق عليه .Noura Saleh. \(العميل\)/)
      .waitFor();
    await phone.screenshot({ path: shot('client-approval-ar-phone.png'), fullPage: true });

    await expect.poll(async () => (await releaseRow(id)).sentAt, { timeout: 30_000 }).toBeTruthy();
    await phone.goto(`/brands/${brand.id}/report`);
    await phone.getByRole('heading', { name: 'تمور الرياض AR', level: 1 }).waitFor();
    await phone.getByText('Riyadh Dates AR').first().waitFor();
    await phone
      .getByTestId('brand-report-table')
      .getByRole('link', { name: /تمور الرياض تفتتح مركز تعبئة/ })
      .waitFor();
    await phone.getByRole('link', { name: 'تنزيل CSV' }).waitFor();
    // Nothing of the page runs past the phone's width but the table's own scrolling region.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: shot('brand-report-ar-phone.png'), fullPage: true });
    expect(await seriousViolations(phone)).toEqual([]);
  });
});
