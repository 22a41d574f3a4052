import type { ReleaseId, UserId, WorkspaceId } from '../src/shared/ids';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deliveries, pressReleases, sessions, workspaces } from '../src/server/db/schema';
import { insertAccount } from '../src/server/test/accounts';
import { hashPassword } from '../src/server/auth/password';
import { randomToken, sha256 } from '../src/server/http/tokens';
import { startStack, type Stack } from './harness';
import { seedListOfJournalists } from './contacts-seed';

/**
 * Editorial review end to end: a customer submits, an editor (role admin) requests changes, the customer
 * edits and resubmits, the editor approves; in Arabic, a customer waits and an editor rejects.
 */

let stack: Stack;
let counter = 0;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.close());

type Person = { id: UserId; email: string; sid: string; workspaceId: WorkspaceId };

async function createUser(role: 'user' | 'admin'): Promise<Person> {
  const n = ++counter;
  const user = await insertAccount(stack.db, {
    email: `${role}${n}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: `Levant Media ${n}`,
    firstName: role === 'admin' ? 'Editor' : 'Layla',
    lastName: `${n}`,
    verified: true,
    role,
    userType: 'active',
    subscriptionStatus: 'active',
    monthlyPressReleaseLimit: 3,
  });
  const sid = randomToken();
  await stack.db.insert(sessions).values({ idHash: sha256(sid), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user.id, email: user.email, sid, workspaceId: user.workspaceId };
}

const createList = (owner: Person, name: string, size: number) => seedListOfJournalists(stack, owner.workspaceId, name, size);

async function pageFor(person: Person, locale = 'en-US'): Promise<Page> {
  const page = await stack.newPage({ locale });
  await page.context().addCookies([{ name: 'sid', value: person.sid, url: stack.baseUrl }]);
  return page;
}

const toast = (page: Page) => page.getByTestId('toast');
const SHOTS = process.env.SCREENSHOTS_DIR ?? '/tmp/review-shots';
const PDF = { name: 'facts.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };

/** A release submitted through the API, as the editor's Send Now would. */
async function submitViaApi(page: Page, listId: string, title: string, timing: Record<string, unknown> = {}): Promise<ReleaseId> {
  const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: {
      action: 'send_now',
      title,
      releaseDate: '2026-11-25',
      location: 'Amman, Jordan',
      content: '<p>Levant Media opens a newsroom in Amman to cover the region in Arabic and English, every day of the week.</p>',
      boilerplate: 'Levant Media publishes news across the Levant in two languages.',
      contactName: 'Layla Haddad',
      contactEmail: 'layla@levant.example',
      contactPhone: '+962 6 555 0100',
      recipientLists: [listId],
      attachments: [{ originalName: 'facts.pdf', base64Content: PDF.buffer.toString('base64') }],
      ...timing,
    },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { pressRelease: { id: ReleaseId; status: string } };
  expect(body.pressRelease.status).toBe('in_review');
  return body.pressRelease.id;
}

describe('editorial review', () => {
  it('takes a release from submission through changes requested to approval (English)', async () => {
    const customer = await createUser('user');
    const editor = await createUser('admin');
    await createList(customer, 'Amman Business Desk', 3);
    const writer = await pageFor(customer);
    await writer.goto('/editor');
    await writer.getByRole('heading', { name: 'Send A Press Release' }).waitFor();
    await writer.getByLabel('Amman Business Desk').check();
    await writer.getByLabel('Title', { exact: true }).fill('Levant Media opens an Amman newsroom');
    await writer.getByLabel('Location').fill('Amman, Jordan');
    await writer.getByRole('textbox', { name: 'Content' }).fill('Levant Media opened a newsroom in Amman today to cover the region in Arabic and English.');
    await writer.getByLabel('Company boilerplate (About us)').fill('Levant Media publishes news across the Levant in two languages.');
    await writer.getByLabel('Contact name').fill('Layla Haddad');
    await writer.getByLabel('Contact email').fill('layla@levant.example');
    await writer.getByLabel('Contact phone').fill('+962 6 555 0100');
    await writer.getByLabel('Choose files').setInputFiles(PDF);
    await toast(writer).getByText('Files attached').waitFor();

    // The pre-send check says an editor comes first; the button submits rather than sends.
    await writer.getByRole('button', { name: 'Send Now' }).click();
    const confirm = writer.getByRole('dialog', { name: 'Send this press release?' });
    await confirm.getByTestId('presend-review').waitFor();
    await confirm.getByRole('button', { name: 'Submit for review' }).click();
    await toast(writer).getByText('Submitted for review').waitFor();
    await writer.waitForURL(/\/analytics\/[0-9a-f-]{36}$/);
    const releaseId = writer.url().split('/').pop()!;
    // The release's timeline: the submission, then what it waits for.
    const timeline = writer.getByTestId('release-timeline');
    await timeline.getByText('Submitted for review').waitFor();
    await timeline.getByText(/Waiting for Nashr’s editor/).waitFor();

    // The editor finds it in the queue from the navigation, reads it as recipients will, asks for changes.
    const desk = await pageFor(editor);
    await desk.goto('/dashboard');
    await desk.getByRole('link', { name: 'Review' }).click();
    await desk.getByRole('heading', { name: 'Review queue' }).waitFor();
    await desk.getByRole('link', { name: 'Levant Media opens an Amman newsroom' }).click();
    await desk.frameLocator('iframe[title="As recipients will get it"]').getByRole('heading', { name: 'Levant Media opens an Amman newsroom' }).waitFor();
    await desk.getByRole('button', { name: 'Request changes' }).click();
    await desk.getByText('Write what the customer should change').waitFor();
    await desk.getByLabel(/Message to the customer/).fill('Please add a quote from your editor-in-chief.');
    await desk.getByRole('button', { name: 'Request changes' }).click();
    await toast(desk).getByText(/Changes requested/).waitFor();
    await desk.getByText('Nothing to review').waitFor();

    // The customer is emailed and reads the editor's words above the editor, edits and resubmits.
    await expect.poll(() => stack.smtp.messages.some((m) => m.parsed.subject === 'Changes requested: Levant Media opens an Amman newsroom')).toBe(true);
    await writer.goto(`/editor/${releaseId}`);
    const note = writer.getByRole('note').filter({ hasText: 'Changes requested' });
    await note.getByText('Please add a quote from your editor-in-chief.').waitFor();
    await writer.getByLabel('Title', { exact: true }).fill('Levant Media opens an Amman newsroom, says its editor');
    await writer.getByRole('button', { name: 'Send Now' }).click();
    await writer.getByRole('dialog', { name: 'Send this press release?' }).getByRole('button', { name: 'Submit for review' }).click();
    await toast(writer).getByText('Submitted for review').waitFor();

    // Approved: distribution starts and the customer's page says who approved it.
    await desk.goto('/admin/review');
    await desk.getByRole('link', { name: 'Levant Media opens an Amman newsroom, says its editor' }).click();
    // The editor reads which brand it speaks for.
    expect(await desk.getByTestId('review-brand').textContent()).toMatch(/^For the brand .*Levant Media \d+/);
    await desk.getByRole('button', { name: 'Approve and distribute' }).click();
    await desk.getByRole('dialog', { name: 'Approve this press release?' }).getByRole('button', { name: 'Approve and distribute' }).click();
    await toast(desk).getByText(/^Approved/).waitFor();
    await writer.goto(`/analytics/${releaseId}`);
    // The timeline names Nashr's side by its role, never a staff member's name or address (issue 37).
    const editorName = `Editor ${editor.email.match(/\d+/)![0]}`;
    const approvedStep = writer.getByTestId('timeline-step').filter({ hasText: 'Approved by Nashr’s editor' });
    await approvedStep.getByTestId('timeline-by').getByText('Nashr’s editor', { exact: true }).waitFor();
    expect(await writer.getByTestId('release-timeline').getByText(editorName).count()).toBe(0);
    // Two rounds: the request for changes, then the approval of the resubmission.
    await writer.getByTestId('timeline-round').getByText('Round 2').waitFor();
    expect(await writer.getByTestId('release-timeline').getByText(editor.email).count()).toBe(0);
    await expect.poll(() => stack.smtp.messages.some((m) => m.parsed.subject === 'Approved: Levant Media opens an Amman newsroom, says its editor')).toBe(true);
  });

  it('shows a waiting release to its owner in Arabic, and an Arabic-speaking editor rejects it with a reason', async () => {
    const customer = await createUser('user');
    const editor = await createUser('admin');
    const listId = await createList(customer, 'صحفيو عمّان', 2);
    const writer = await pageFor(customer, 'ar-AE');
    const releaseId = await submitViaApi(writer, listId, 'افتتاح مكتب جديد في عمّان');

    await writer.goto(`/editor/${releaseId}`);
    await writer.getByRole('heading', { name: 'قيد المراجعة' }).waitFor();
    expect(await writer.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Withdrawn before an editor decides: a draft again, in the editor, its press release given back.
    await writer.getByRole('button', { name: 'سحب' }).click();
    await writer.getByRole('dialog', { name: 'سحب البيان من المراجعة؟' }).getByRole('button', { name: 'سحب' }).click();
    await toast(writer).getByText('تم السحب').waitFor();
    await writer.getByRole('heading', { name: 'إرسال بيان صحفي' }).waitFor();
    const [workspace] = await stack.db.select().from(workspaces).where(eq(workspaces.id, customer.workspaceId));
    expect(workspace.pressReleasesUsedThisMonth).toBe(0);
    const rejectedId = await submitViaApi(writer, listId, 'افتتاح مكتب جديد في عمّان');

    const desk = await pageFor(editor, 'ar-AE');
    await desk.goto('/admin/review');
    await desk.getByRole('heading', { name: 'قائمة المراجعة' }).waitFor();
    await desk.getByRole('link', { name: 'افتتاح مكتب جديد في عمّان' }).click();
    await desk.getByLabel(/رسالة إلى العميل/).fill('هذا إعلان تجاري وليس خبرًا.');
    await desk.getByRole('button', { name: 'رفض' }).click();
    await toast(desk).getByText(/رُفض/).waitFor();

    await writer.goto(`/editor/${rejectedId}`);
    await writer.getByRole('heading', { name: 'لم تتم الموافقة' }).waitFor();
    await writer.getByText('هذا إعلان تجاري وليس خبرًا.').waitFor();
    expect(await writer.getByRole('button', { name: 'سحب' }).count()).toBe(0);
  });

  it('keeps customers out of the queue', async () => {
    const customer = await createUser('user');
    const page = await pageFor(customer);
    await page.goto('/admin/review');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await page.getByRole('link', { name: 'Subscription' }).waitFor();
    expect(await page.getByRole('link', { name: 'Review' }).count()).toBe(0);
  });
});

describe('the release page follows every state without a reload', () => {
  /** A mark on the page's window: still there later means the page was never reloaded. */
  const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
  const decide = async (editorPage: Page, releaseId: ReleaseId, path: string, data?: object) => {
    const res = await editorPage.request.post(`${stack.baseUrl}/api/review/${releaseId}/${path}`, { headers: { origin: stack.baseUrl }, data: data ?? {} });
    expect(res.status()).toBe(200);
  };

  it('goes from "in review" to sent with its figures as the editor approves (English)', async () => {
    const customer = await createUser('user');
    const editor = await createUser('admin');
    const listId = await createList(customer, 'Beirut Desk', 2);
    const writer = await pageFor(customer);
    const releaseId = await submitViaApi(writer, listId, 'Levant Media opens a Beirut bureau');
    await writer.goto(`/analytics/${releaseId}`);
    const next = writer.getByTestId('next-step');
    await next.getByText(/An editor is reviewing it; it goes out within 30 minutes of approval/).waitFor();
    // Nothing to count yet: a Withdraw button, no reports and no zero tiles.
    await next.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await writer.getByRole('button', { name: 'Download CSV report' }).count()).toBe(0);
    expect(await writer.getByTestId('tier-recipients').count()).toBe(0);
    await markWindow(writer);

    await decide(await pageFor(editor), releaseId, 'approve');
    // The page follows by itself: the summary arrives, each figure once, and the next step says it is going out.
    await writer.getByTestId('tier-recipients').getByText('2', { exact: true }).waitFor({ timeout: 30_000 });
    await next.getByText(/^Sending now/).waitFor({ timeout: 30_000 });
    // The relay accepts both (this stack runs no delivery engine: its outcome is written as the engine writes it).
    await stack.db.update(deliveries).set({ status: 'sent', sentAt: new Date() }).where(eq(deliveries.releaseId, releaseId));
    await stack.db.update(pressReleases).set({ status: 'sent' }).where(eq(pressReleases.id, releaseId));
    await writer.getByTestId('tier-delivered').getByText('2', { exact: true }).waitFor({ timeout: 30_000 });
    await next.getByText(/^Sent\./).waitFor({ timeout: 30_000 });
    expect(await writer.getByTestId('total-recipients').count()).toBe(0);
    await writer.getByRole('button', { name: 'Download CSV report' }).waitFor();
    expect(await stillSameDocument(writer)).toBe(true);
  }, 180_000);

  it('follows a request for changes in Arabic, and the releases list follows the approval', async () => {
    const customer = await createUser('user');
    const editor = await createUser('admin');
    const listId = await createList(customer, 'صحفيو بيروت', 2);
    const writer = await pageFor(customer, 'ar-AE');
    const releaseId = await submitViaApi(writer, listId, 'افتتاح مكتب في بيروت');
    await writer.goto(`/analytics/${releaseId}`);
    const next = writer.getByTestId('next-step');
    await next.getByText(/يراجعه محرر الآن/).waitFor();
    await markWindow(writer);
    const desk = await pageFor(editor);
    await decide(desk, releaseId, 'request-changes', { comment: 'أضف اقتباسًا من المدير.' });
    // A request for changes is a state of its own: who asked, in which role and their words, on the page.
    await next.getByText(/يعود إلى محرر نشر/).waitFor({ timeout: 30_000 });
    await writer.getByTestId('returned-notice').getByText('أضف اقتباسًا من المدير.').waitFor();
    // Nashr's editor is named by the role, in Arabic, not by the staff account's Latin name.
    await writer.getByTestId('returned-notice').getByText('طلب محرر نشر تعديلات').waitFor();
    expect(await writer.getByTestId('returned-notice').getByText(/Editor \d+/).count()).toBe(0);
    await next.getByRole('link', { name: 'عدّله وأرسله مجددًا' }).waitFor();
    expect(await stillSameDocument(writer)).toBe(true);

    // Resubmitted, then approved while the list is open: its badge moves on without a reload.
    const again = await writer.request.post(`${stack.baseUrl}/api/press-releases/${releaseId}/withdraw`, { headers: { origin: stack.baseUrl } });
    expect(again.status()).toBe(200);
    const resubmittedId = await submitViaApi(writer, listId, 'افتتاح مكتب في بيروت');
    await writer.goto('/press-releases');
    const row = writer.getByRole('listitem').filter({ hasText: 'افتتاح مكتب في بيروت' }).filter({ hasText: 'قيد المراجعة' });
    await row.getByTestId('next-step-short').getByText('يراجعه محرر').waitFor();
    await markWindow(writer);
    await decide(desk, resubmittedId, 'approve');
    await writer.getByRole('listitem').filter({ hasText: 'افتتاح مكتب في بيروت' }).getByText(/^(قيد الإرسال|مُرسل)$/).first().waitFor({ timeout: 30_000 });
    expect(await stillSameDocument(writer)).toBe(true);
  }, 180_000);

  it("shows the editor the send time as the writer entered it and the embargo, with the zones' names (Arabic)", async () => {
    const customer = await createUser('user');
    const editor = await createUser('admin');
    const listId = await createList(customer, 'صحفيو الرياض', 2);
    const writer = await pageFor(customer, 'ar-AE');
    const sendAt = new Date(Date.now() + 3 * 86_400_000);
    sendAt.setUTCHours(6, 0, 0, 0);
    const liftAt = new Date(sendAt.getTime() + 2 * 3_600_000);
    const releaseId = await submitViaApi(writer, listId, 'مكتب جديد في الرياض', {
      action: 'schedule',
      scheduledAt: sendAt.toISOString(),
      timeZone: 'Asia/Riyadh',
      embargo: { until: liftAt.toISOString(), timeZone: 'Asia/Dubai' },
    });
    const desk = await pageFor(editor, 'ar-AE');
    await desk.context().addInitScript(() => localStorage.setItem('nashr-language', 'ar'));
    await desk.goto('/admin/review');
    const row = desk.getByRole('listitem').filter({ hasText: 'مكتب جديد في الرياض' });
    // 06:00 UTC is 09:00 in Riyadh, whatever the zone of the browser running the test.
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('09:00');
    expect(await row.textContent()).toContain('الرياض');
    await desk.screenshot({ path: `${SHOTS}/review-queue-ar.png`, fullPage: true });
    await desk.goto(`/admin/review/${releaseId}`);
    const embargo = desk.getByTestId('review-embargo');
    await embargo.waitFor();
    expect(await embargo.textContent()).toContain('محظور النشر حتى');
    expect(await embargo.textContent()).toContain('12:00');
    expect(await embargo.textContent()).toContain('أبوظبي / دبي');
    await desk.screenshot({ path: `${SHOTS}/review-embargo-ar.png`, fullPage: true });
  }, 120_000);
});
