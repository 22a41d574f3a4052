import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { brands, pressReleases } from '../src/server/db/schema';
import type { BrandId, ReleaseId } from '../src/shared/ids';
import { artifactPath } from './artifacts';
import { startStack, type Stack } from './harness';
import { createPerson as createPersonIn, type Person, type PersonOptions } from './people';
import { seedListOfJournalists } from './contacts-seed';

/**
 * A release's lifecycle as its people read it (decision 026): a publisher approves a writer's release
 * with its exact e-mail, files and pre-send summary before them; a client returns one with a comment that
 * the agency and the client both read on its page (a return is a state, not a draft); the timeline keeps
 * every step of both rounds. Screenshots at a laptop's 1,366 px and a phone's 390 px, in both languages.
 */

const shot = (name: string) => artifactPath(`lifecycle-${name}`);
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

const createPerson = (firstName: string, lastName: string, options: PersonOptions = {}): Promise<Person> =>
  createPersonIn(stack.db, 'lifecycle.test', firstName, lastName, options);

const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

const statusOf = async (id: ReleaseId) =>
  (await stack.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, id)))[0]
    ?.status;

const PDF = { name: 'fact-sheet.pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

/** A release through the API as the editor sends it; with an Arabic version when asked. */
async function releaseViaApi(
  page: Page,
  fields: { listId: string; title: string; brandId?: BrandId; action: 'save_draft' | 'send_now'; arabic?: boolean; id?: ReleaseId },
): Promise<{ id: ReleaseId; status: string }> {
  const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: {
      action: fields.action,
      ...(fields.id ? { existingPressReleaseId: fields.id } : {}),
      ...(fields.brandId ? { brandId: fields.brandId } : {}),
      language: 'english',
      title: fields.title,
      releaseDate: '2026-11-25',
      location: 'Dubai, UAE',
      content: '<p>Gulf Wire opens a Doha bureau to cover Qatar’s business news every day of the week, in two languages.</p>',
      boilerplate: 'Gulf Wire reports business news across the Gulf.',
      contactName: 'Hala Mansour',
      contactEmail: 'hala@gulfwire.example',
      contactPhone: '+971 4 555 0100',
      recipientLists: [fields.listId],
      attachments: [{ originalName: PDF.name, base64Content: PDF.buffer.toString('base64') }],
      ...(fields.arabic
        ? {
            translation: {
              language: 'arabic',
              title: 'غلف واير تفتتح مكتبًا في الدوحة',
              location: 'دبي، الإمارات',
              content: '<p>تفتتح غلف واير مكتبًا في الدوحة لتغطية أخبار الأعمال في قطر كل يوم وباللغتين.</p>',
              boilerplate: 'غلف واير تنقل أخبار الأعمال في الخليج.',
            },
          }
        : {}),
    },
  });
  expect([200, 202]).toContain(res.status());
  return ((await res.json()) as { pressRelease: { id: ReleaseId; status: string } }).pressRelease;
}

/** The same release sent again as it is stored (its files by their ids). */
async function resend(page: Page, id: string) {
  const res = await page.request.get(`${stack.baseUrl}/api/press-releases/${id}`);
  const r = (await res.json()) as Record<string, unknown> & { attachments: Array<{ id: string }> };
  const keep = ['brandId', 'language', 'title', 'releaseDate', 'location', 'content', 'boilerplate', 'contactName', 'contactEmail', 'contactPhone', 'recipientLists', 'translation'];
  const again = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: {
      ...Object.fromEntries(keep.map((k) => [k, r[k]])),
      attachments: r.attachments.map((a) => ({ id: a.id })),
      action: 'send_now',
      existingPressReleaseId: id,
    },
  });
  expect([200, 202]).toContain(again.status());
}

/** A workspace whose writer submits and whose publisher approves. */
async function seedNewsroom(suffix: string, language: 'en' | 'ar' = 'en') {
  const owner = await createPerson('Hala', 'Mansour', { companyName: `Gulf Wire ${suffix}`, language });
  const writer = await createPerson('Karim', 'Saad', { memberOf: { workspaceId: owner.workspaceId, role: 'writer' }, language });
  const publisher = await createPerson('Rana', 'Aziz', { memberOf: { workspaceId: owner.workspaceId, role: 'publisher' }, language });
  const listId = await seedListOfJournalists(stack, owner.workspaceId, 'Gulf Business Desk', 3);
  return { owner, writer, publisher, listId };
}

describe('the release lifecycle', () => {
  it('a publisher approves a writer’s release with its exact e-mail and pre-send summary before them (English)', async () => {
    const { writer, publisher, listId } = await seedNewsroom('EN');
    const writing = await stack.signedInPage(writer.id, { viewport: LAPTOP });
    const { id, status } = await releaseViaApi(writing, { listId, title: 'Gulf Wire opens a Doha bureau', action: 'send_now', arabic: true });
    expect(status).toBe('awaiting_approval');

    // The writer's page names the steps ahead and nobody as its sender yet.
    await writing.goto(`/analytics/${id}`);
    await writing.getByTestId('gates-ahead').getByText(/^Before it goes out: a publisher of your workspace approves it/).waitFor();
    expect(await writing.getByTestId('release-people').getByText('Sent by').count()).toBe(0);
    expect(await writing.getByTestId('approval-panel').count()).toBe(0);

    const approving = await stack.signedInPage(publisher.id, { viewport: LAPTOP });
    await approving.goto(`/analytics/${id}`);
    const panel = approving.getByTestId('approval-panel');
    const review = panel.getByTestId('approval-review');
    // The exact e-mail, as journalists get it, with its envelope.
    await review.getByTestId('approval-envelope').getByText(/via Nashr/).waitFor();
    await review.getByTestId('approval-envelope').getByText('hala@gulfwire.example').waitFor();
    const frame = review.frameLocator('iframe[title="The e-mail journalists get"]');
    await frame.getByRole('heading', { name: 'Gulf Wire opens a Doha bureau' }).waitFor();
    // The other version, as its readers get it.
    await review.getByTestId('preview-version-switch').getByRole('button', { name: 'العربية' }).click();
    await frame.getByRole('heading', { name: 'غلف واير تفتتح مكتبًا في الدوحة' }).waitFor();
    // The files open as journalists will open them.
    const file = review.getByTestId('approval-files').getByRole('link', { name: /fact-sheet\.pdf/ });
    const href = await file.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/api/press-releases/${id}/attachments/[0-9a-f-]{36}$`));
    expect((await approving.request.get(`${stack.baseUrl}${href}`)).status()).toBe(200);
    // The send time and who receives it, as the server counts them.
    await review.getByTestId('approval-when').getByText('As soon as it is approved').waitFor();
    await review.getByTestId('approval-summary').getByTestId('presend-recipients').getByText('3', { exact: true }).waitFor();
    await review.getByTestId('approval-allowance').getByText(/^Uses 1 press release; \d+ left after this$/).waitFor();
    await approving.screenshot({ path: shot('approve-en-1366.png'), fullPage: true });

    await approving.setViewportSize(PHONE);
    await review.getByTestId('approval-summary').waitFor();
    expect(await approving.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await approving.screenshot({ path: shot('approve-en-390.png'), fullPage: true });
    await approving.setViewportSize(LAPTOP);

    // The confirmation states when it goes and the allowance after it.
    await panel.getByRole('button', { name: 'Approve', exact: true }).click();
    const confirm = approving.getByRole('dialog', { name: 'Approve this press release?' });
    await confirm.getByTestId('confirm-when').getByText(/goes out as soon as you approve it/).waitFor();
    await confirm.getByTestId('confirm-allowance').getByText(/left after this/).waitFor();
    await approving.screenshot({ path: shot('approve-confirm-en-1366.png') });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await toast(approving, 'Approved').waitFor();
    await expect.poll(() => statusOf(id)).not.toBe('awaiting_approval');

    // The writer's open page follows by itself: approved, and now someone sent it.
    await writing.getByTestId('timeline-step').filter({ hasText: 'Approved in the workspace' }).getByText(/Rana Aziz.? \(Publisher\)/).waitFor();
    await writing.getByTestId('release-people').getByText('Sent by').waitFor();
  });

  it('a client returns a release with a comment that the agency and the client read on its page (Arabic)', async () => {
    const owner = await createPerson('Yousef', 'Hamdan', { companyName: 'Gulf Bridge PR', language: 'ar' });
    const [brand] = await stack.db
      .insert(brands)
      .values({
        workspaceId: owner.workspaceId,
        name: 'Riyadh Dates',
        nameAr: 'تمور الرياض',
        senderName: 'Riyadh Dates',
        boilerplate: 'Riyadh Dates grows and exports premium dates from the Kingdom.',
        contactName: 'Faisal Otaibi',
        contactEmail: 'faisal@riyadhdates.example',
        contactPhone: '+966 11 555 0199',
        clientApproval: true,
      })
      .returning();
    const client = await createPerson('Noura', 'Saleh', {
      memberOf: { workspaceId: owner.workspaceId, role: 'client', brandIds: [brand.id] },
      language: 'ar',
    });
    const listId = await seedListOfJournalists(stack, owner.workspaceId, 'مكتب الأعمال', 2);

    // The agency's pre-send check names the client's approval among the steps ahead.
    const agency = await stack.signedInPage(owner.id, { locale: 'ar', viewport: LAPTOP });
    const { id: draftId } = await releaseViaApi(agency, { listId, title: 'Riyadh Dates ships to Europe', brandId: brand.id, action: 'save_draft' });
    await agency.goto(`/editor/${draftId}`);
    await agency.getByRole('button', { name: 'أرسل الآن' }).click();
    const presend = agency.getByRole('dialog', { name: /إرسال هذا البيان/ });
    await presend.getByTestId('presend-gates').getByText(/يوافق عليه العميل .تمور الرياض./).waitFor();
    await agency.screenshot({ path: shot('presend-gates-ar-1366.png') });
    await presend.getByRole('button', { name: /^إرسال إلى/ }).click();
    await agency.waitForURL(new RegExp(`/analytics/${draftId}$`));
    const id = draftId;
    expect(await statusOf(id)).toBe('awaiting_client_approval');

    // The client reads what they approve: counts and lists, never a journalist's address.
    const seat = await stack.signedInPage(client.id, { locale: 'ar', viewport: LAPTOP });
    await seat.goto(`/analytics/${id}`);
    const panel = seat.getByTestId('client-approval-panel');
    await panel.getByTestId('approval-summary').getByTestId('presend-recipients').getByText('2', { exact: true }).waitFor();
    await panel.getByTestId('approval-envelope').getByText(/Riyadh Dates via Nashr/).waitFor();
    expect(await seat.getByTestId('approval-allowance').count()).toBe(0);
    expect(await seat.locator('body').innerText()).not.toMatch(/reporter\d+-/);
    await seat.screenshot({ path: shot('client-approve-ar-1366.png'), fullPage: true });

    await panel.getByRole('button', { name: 'إعادة مع ملاحظات' }).click();
    const dialog = seat.getByRole('dialog', { name: 'إعادة إلى الوكالة' });
    await dialog.getByLabel('الملاحظات').fill('اذكروا أن مركز التعبئة يفتتح في مارس.');
    await dialog.getByRole('button', { name: 'إعادة مع ملاحظات' }).click();
    await toast(seat, 'أُعيد إلى الوكالة').waitFor();
    expect(await statusOf(id)).toBe('changes_requested');

    // The client's page: who asked, their words, no editor to open, no withdrawing.
    const notice = seat.getByTestId('returned-notice');
    await notice.getByText(/طلب .Noura Saleh. \(عميل\) تعديلات/).waitFor();
    await notice.getByText('اذكروا أن مركز التعبئة يفتتح في مارس.').waitFor();
    await seat.getByTestId('next-step').getByText(/تجري الوكالة التعديلات/).waitFor();
    expect(await seat.getByTestId('next-step').getByRole('link').count()).toBe(0);
    expect(await seat.getByText(/مسودة/).count()).toBe(0);
    await seat.screenshot({ path: shot('client-returned-ar-1366.png'), fullPage: true });
    await seat.setViewportSize(PHONE);
    await notice.waitFor();
    expect(await seat.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await seat.screenshot({ path: shot('client-returned-ar-390.png'), fullPage: true });

    // The agency's open page follows by itself: the same words, and the editor to make the changes.
    const agencyNotice = agency.getByTestId('returned-notice');
    await agencyNotice.getByText('اذكروا أن مركز التعبئة يفتتح في مارس.').waitFor();
    await agencyNotice.getByText(/طلب .Noura Saleh. \(عميل\) تعديلات/).waitFor();
    await agency.getByTestId('next-step').getByRole('link', { name: 'عدّله وأرسله مجددًا' }).waitFor();
    await agency.screenshot({ path: shot('agency-returned-ar-1366.png'), fullPage: true });
  });

  it('the timeline keeps both rounds: returned, resubmitted, approved (English and Arabic)', async () => {
    const { writer, publisher, listId } = await seedNewsroom('TL');
    const writing = await stack.signedInPage(writer.id, { viewport: LAPTOP });
    const { id } = await releaseViaApi(writing, { listId, title: 'Gulf Wire names its Doha bureau chief', action: 'send_now' });
    const approving = await stack.signedInPage(publisher.id, { viewport: LAPTOP });
    const returned = await approving.request.post(`${stack.baseUrl}/api/press-releases/${id}/return`, {
      headers: { origin: stack.baseUrl },
      data: { comment: 'Please name the bureau chief in the first paragraph.' },
    });
    expect(returned.status()).toBe(200);
    expect(await statusOf(id)).toBe('changes_requested');
    await resend(writing, id);
    expect(await statusOf(id)).toBe('awaiting_approval');
    const approved = await approving.request.post(`${stack.baseUrl}/api/press-releases/${id}/approve`, { headers: { origin: stack.baseUrl } });
    expect(approved.status()).toBe(200);

    await writing.goto(`/analytics/${id}`);
    const timeline = writing.getByTestId('release-timeline');
    await timeline.getByTestId('timeline-round').getByText('Round 2').waitFor();
    const kinds = await timeline.getByTestId('timeline-step').evaluateAll((steps) => steps.map((s) => s.getAttribute('data-kind')));
    expect(kinds.slice(0, 4)).toEqual(['submitted', 'returned', 'submitted', 'approved']);
    const returnStep = timeline.getByTestId('timeline-step').filter({ hasText: 'Returned for changes' });
    await returnStep.getByText(/Rana Aziz.? \(Publisher\)/).waitFor();
    await returnStep.getByText('Please name the bureau chief in the first paragraph.').waitFor();
    await timeline.getByTestId('timeline-step').first().getByText(/Karim Saad.? \(Writer\)/).waitFor();
    await writing.screenshot({ path: shot('timeline-en-1366.png'), fullPage: true });
    await writing.setViewportSize(PHONE);
    await timeline.waitFor();
    await writing.screenshot({ path: shot('timeline-en-390.png'), fullPage: true });

    const arabic = await stack.signedInPage(writer.id, { locale: 'ar', viewport: LAPTOP });
    await arabic.goto(`/analytics/${id}`);
    const arTimeline = arabic.getByTestId('release-timeline');
    await arTimeline.getByTestId('timeline-round').getByText('الجولة 2').waitFor();
    await arTimeline.getByTestId('timeline-step').filter({ hasText: 'أُعيد لإجراء تعديلات' }).getByText(/Rana Aziz.? \(ناشر\)/).waitFor();
    await arabic.screenshot({ path: shot('timeline-ar-1366.png'), fullPage: true });
    await arabic.setViewportSize(PHONE);
    await arTimeline.waitFor();
    expect(await arabic.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await arabic.screenshot({ path: shot('timeline-ar-390.png'), fullPage: true });
  });
});
