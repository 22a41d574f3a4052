import { companyBrandIdOf, type ReleaseId, type UserId, type WorkspaceId } from '../src/shared/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { deliveries, deliveryReports, pressReleases, sessions, users, workspaces } from '../src/server/db/schema';
import { insertAccount } from '../src/server/test/accounts';
import { hashPassword } from '../src/server/auth/password';
import { randomToken, sha256 } from '../src/server/http/tokens';
import { startBackgroundWork, type BackgroundWork } from '../src/server/worker';
import { startStack, type Stack } from './harness';
import { seedListOfJournalists } from './contacts-seed';

/**
 * The press-release screens end to end: compose with an attachment, preview, send and follow it on
 * /analytics; schedule and cancel; an Arabic release; the purchase gate; the sent-release lock.
 */

let stack: Stack;
let work: BackgroundWork;
let counter = 0;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  stack = await startStack();
  // The harness does not deliver; this spec watches a release go out, so it runs the real engine.
  work = await startBackgroundWork(stack.deps, quiet);
});
afterAll(async () => {
  await work?.stop();
  await stack?.close();
});

type Person = { id: UserId; email: string; sid: string; workspaceId: WorkspaceId };

/** A verified user (owner of their workspace) with a real session; `allowance` press releases bought unless a trial user. */
async function createUser(options: { trial?: boolean; allowance?: number; companyName?: string; superAdmin?: boolean } = {}): Promise<Person> {
  const n = ++counter;
  const user = await insertAccount(stack.db, {
    email: `writer${n}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: options.companyName ?? `Gulf Company ${n}`,
    firstName: 'Writer',
    lastName: `${n}`,
    verified: true,
    userType: options.superAdmin ? 'super_admin' : options.trial ? 'trial' : 'active',
    // Trusted: these screens are about composing, sending and results; review.spec.ts covers review.
    trusted: true,
    role: options.superAdmin ? 'super_admin' : 'user',
    subscriptionStatus: options.trial ? 'trial' : 'active',
    monthlyPressReleaseLimit: options.trial ? 0 : (options.allowance ?? 2),
  });
  const sid = randomToken();
  await stack.db.insert(sessions).values({ idHash: sha256(sid), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id: user.id, email: user.email, sid, workspaceId: user.workspaceId };
}

const createList = (owner: Person, name: string, size: number) => seedListOfJournalists(stack, owner.workspaceId, name, size);

async function pageFor(person: Person, options: { locale?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const page = await stack.newPage(options);
  await page.context().addCookies([{ name: 'sid', value: person.sid, url: stack.baseUrl }]);
  if (options.locale === 'ar') await page.context().addInitScript(() => localStorage.setItem('nashr-language', 'ar'));
  return page;
}

const toast = (page: Page) => page.getByTestId('toast');
/** The content editor's own chunk (TipTap), fetched at the first sign of writing. */
const EDITOR_CHUNK = /\/assets\/rich-text-editor-[^/]+\.js$/;

/**
 * Drops generated files on the attachment zone, as a person dragging them from the desktop: `size` bytes
 * beginning with `head` (a format's magic bytes), zeros otherwise.
 */
async function dropFiles(page: Page, files: { name: string; type: string; size: number; head?: number[] }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) {
      const bytes = new Uint8Array(f.size);
      bytes.set(f.head ?? []);
      data.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return data;
  }, files);
  await page.getByTestId('attachment-dropzone').dispatchEvent('drop', { dataTransfer: transfer });
}
const PDF = { name: 'launch-facts.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') };
const CONTENT =
  'Nashr today opened its new office in Riyadh to serve newsrooms across the Gulf, with local editors and same-day distribution.';

async function fillRelease(page: Page, title: string) {
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Location').fill('Dubai, United Arab Emirates');
  await page.getByRole('textbox', { name: 'Content' }).fill(CONTENT);
  await page.getByLabel('Company boilerplate (About us)').fill('Nashr distributes press releases to media across the Middle East and North Africa.');
  await page.getByLabel('Contact name').fill('Sara Haddad');
  await page.getByLabel('Contact email').fill('sara@company.test');
  await page.getByLabel('Contact phone').fill('+971 4 555 0101');
}

describe('press release editor', () => {
  it('composes with an attachment, previews, sends, and shows the release on /analytics', async () => {
    const writer = await createUser({ allowance: 2 });
    await createList(writer, 'Gulf Business Desk', 3);
    const page = await pageFor(writer);
    await page.goto('/editor');
    await page.getByRole('heading', { name: 'Send A Press Release' }).waitFor();

    // The first failing rule is named before anything is sent.
    await page.getByRole('button', { name: 'Send Now' }).click();
    await toast(page).getByText('Validation Error').waitFor();
    expect(await toast(page).textContent()).toContain('Press release title is required');

    await page.getByLabel('Gulf Business Desk').check();
    await fillRelease(page, 'Nashr opens its Riyadh office');
    await page.getByRole('button', { name: 'Send Now' }).click();
    await toast(page).getByText('No Attachments').waitFor();

    await page.getByLabel('Choose files').setInputFiles(PDF);
    await toast(page).getByText('Files attached').waitFor();
    await page.getByText('launch-facts.pdf').first().waitFor();

    // The live preview renders the shared template as the title is typed.
    const live = page.frameLocator('iframe[title="Email Preview"]');
    await live.getByRole('heading', { name: 'Nashr opens its Riyadh office' }).waitFor();
    await live.getByText('FOR IMMEDIATE RELEASE').waitFor();

    await page.getByRole('button', { name: 'Preview Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Preview - Exact Template' });
    await dialog.waitFor();
    // The list's name is isolated (FSI … PDI, invisible) so its direction cannot reorder the sentence.
    expect(await dialog.textContent()).toContain('\u2068Gulf Business Desk\u2069 (3 contacts)');
    // From is exactly what the engine sends with: the company through Nashr, at MAIL_FROM's address.
    const mailFromAddress = /<([^>]+)>/.exec(stack.deps.config.mailFrom)![1];
    await dialog.getByText(new RegExp(`^Gulf Company \\d+ via Nashr <${mailFromAddress}>$`)).waitFor();
    expect(await dialog.textContent()).toMatch(/launch-facts\.pdf\s*\(\d+\.\d KB\)/);
    await dialog.frameLocator('iframe').getByText('About the Company').waitFor();
    await page.keyboard.press('Escape');

    // Send Now asks first, with the server's numbers: who receives it, where, in which language, what it costs.
    await page.getByRole('button', { name: 'Send Now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this press release?' });
    await confirm.getByTestId('presend-recipients').getByText('3', { exact: true }).waitFor();
    await confirm.getByText('Immediately, once you confirm').waitFor();
    await confirm.getByText('Uses 1 press release; 1 left after this').waitFor();
    expect(await confirm.textContent()).toMatch(/launch-facts\.pdf\s*\(\d+\.\d KB\)/);
    await confirm.getByRole('button', { name: 'Send to 3 recipients' }).click();
    await toast(page).getByText('Sent!').waitFor();

    // The user lands on the release's own page, which follows the send without a reload.
    await page.waitForURL(/\/analytics\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Nashr opens its Riyadh office' }).waitFor();
    await stack.smtp.waitFor(3);
    const subjects = stack.smtp.messages.map((m) => m.parsed.subject);
    expect(subjects.filter((s) => s === 'Nashr opens its Riyadh office')).toHaveLength(3);
    await page.getByTestId('tier-recipients').getByText('3', { exact: true }).waitFor();
    await page.getByTestId('tier-delivered').getByText('3', { exact: true }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(3);
    await page.getByRole('button', { name: 'Download CSV report' }).waitFor();

    // A journalist downloads the file from the hosted link in their email: the page counts it without a reload.
    await page.getByTestId('tier-engaged').getByText('0 downloads', { exact: true }).waitFor();
    const downloadLink = /href="([^"]+\/t\/d\/[^"]+)"/.exec(String(stack.smtp.messages.at(-1)!.parsed.html))![1];
    expect((await fetch(`${stack.baseUrl}${new URL(downloadLink).pathname}`)).status).toBe(200);
    await page.getByTestId('tier-engaged').getByText('1 download', { exact: true }).waitFor({ timeout: 15_000 });

    await page.goto('/analytics');
    await page.getByRole('link', { name: /Nashr opens its Riyadh office/ }).waitFor();

    // The dashboard lists it among the recent releases, marked sent.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByText(/Gulf Company \d+/).waitFor();
    // The recent releases load on their own, after the user's card: wait for the row, not just the page.
    const recent = page.getByRole('link', { name: /Nashr opens its Riyadh office/ });
    await recent.getByText('Sent', { exact: true }).waitFor();
    // Recent activity names what happened, newest first: the download, then the three deliveries.
    const activity = page.getByRole('list', { name: 'Recent activity' });
    await activity.getByText('Downloaded', { exact: true }).waitFor();
    expect(await activity.getByRole('listitem').count()).toBe(4);
    expect(await activity.getByRole('listitem').first().textContent()).toMatch(/^Downloaded.*Nashr opens its Riyadh office/);
    expect(await activity.getByText('Delivered', { exact: true }).count()).toBe(3);
  });

  it('writes an English and an Arabic version in tabs, and each journalist receives their language', async () => {
    const writer = await createUser({ allowance: 1 });
    await seedListOfJournalists(stack, writer.workspaceId, 'Bilingual desk', 2, ['English', 'Arabic']);
    const page = await pageFor(writer);
    await page.goto('/editor');
    await page.getByLabel('Bilingual desk').check();
    await fillRelease(page, 'Nashr opens in Riyadh');
    await page.getByLabel('Choose files').setInputFiles(PDF);
    await toast(page).getByText('Files attached').waitFor();

    await page.getByRole('button', { name: 'Add an Arabic version (العربية)' }).click();
    const arabicTab = page.getByRole('tab', { name: 'العربية' });
    const englishTab = page.getByRole('tab', { name: 'English' });
    expect(await arabicTab.getAttribute('aria-selected')).toBe('true');
    // The English text as the structure to translate in place, written right to left.
    await page.getByRole('button', { name: 'Copy the English text to translate' }).click();
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe('Nashr opens in Riyadh');
    expect(await title.getAttribute('dir')).toBe('rtl');

    // A problem in the Arabic version brings its tab forward when sending.
    await title.fill('');
    await englishTab.click();
    await page.getByRole('button', { name: 'Send Now' }).click();
    await toast(page).getByText('Validation Error').waitFor();
    expect(await arabicTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#translation-title-error').textContent()).toBe('Press release title is required');

    await title.fill('نشر تفتتح مكتبها في الرياض');
    await page.getByLabel('Location').fill('الرياض، السعودية');
    await page.getByRole('textbox', { name: 'Content' }).fill('افتتحت نشر اليوم مكتبها الجديد في الرياض لخدمة غرف الأخبار في الخليج، مع محررين محليين وتوزيع في اليوم نفسه.');
    await page.getByLabel('Company boilerplate (About us)').fill('توزع نشر البيانات الصحفية على وسائل الإعلام في الشرق الأوسط وشمال أفريقيا.');
    // The preview follows the tab: each version in its own direction.
    const live = page.frameLocator('iframe[title="Email Preview"]');
    await live.getByRole('heading', { name: 'نشر تفتتح مكتبها في الرياض' }).waitFor();
    await live.getByText('للنشر الفوري').waitFor();
    await englishTab.click();
    await live.getByRole('heading', { name: 'Nashr opens in Riyadh' }).waitFor();

    // The exact preview opens on the version being edited, and switches to the other one.
    await arabicTab.click();
    await page.getByRole('button', { name: 'Preview Email' }).click();
    const exact = page.getByRole('dialog', { name: 'Email Preview - Exact Template' });
    const switcher = exact.getByTestId('preview-version-switch');
    expect(await switcher.getByRole('button', { name: 'العربية' }).getAttribute('aria-pressed')).toBe('true');
    const exactFrame = exact.frameLocator('iframe');
    await exactFrame.getByRole('heading', { name: 'نشر تفتتح مكتبها في الرياض' }).waitFor();
    expect(await exactFrame.locator('table.nashr-release').getAttribute('dir')).toBe('rtl');
    await switcher.getByRole('button', { name: 'English' }).click();
    await exactFrame.getByRole('heading', { name: 'Nashr opens in Riyadh' }).waitFor();
    await page.keyboard.press('Escape');
    await exact.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send Now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send this press release?' });
    const versions = confirm.getByTestId('presend-versions');
    await versions.getByText('English version').waitFor();
    await versions.getByText('Arabic version').waitFor();
    await confirm.getByRole('button', { name: 'Send to 2 recipients' }).click();
    await toast(page).getByText('Sent!').waitFor();
    await page.waitForURL(/\/analytics\/[0-9a-f-]{36}$/);
    const arrived = async (subject: string) => {
      for (let i = 0; i < 100 && !stack.smtp.messages.some((m) => m.parsed.subject === subject); i++) await new Promise((r) => setTimeout(r, 100));
      return stack.smtp.messages.filter((m) => m.parsed.subject === subject);
    };
    const arabic = await arrived('نشر تفتتح مكتبها في الرياض');
    const english = await arrived('Nashr opens in Riyadh');
    expect([arabic.length, english.length]).toEqual([1, 1]);
    expect(String(arabic[0].parsed.html)).toContain('dir="rtl"');
    const breakdown = page.getByTestId('version-breakdown');
    await breakdown.getByRole('columnheader', { name: 'English version' }).waitFor();
    await breakdown.getByRole('columnheader', { name: 'Arabic version' }).waitFor();

    // The web version leads a journalist to the company's newsroom and lets them follow it, in Arabic.
    const sent = (await (await page.request.get(`${stack.baseUrl}/api/press-releases/${page.url().split('/').pop()}`)).json()) as { webUrl: string };
    const reader = await stack.newPage({ locale: 'ar-AE' });
    await reader.goto(`${new URL(sent.webUrl).pathname}?lang=ar`);
    // One <main>; the files' box has the article's edges.
    expect(await reader.locator('main').count()).toBe(1);
    const edges = await reader.evaluate(() =>
      ['table.nashr-release', 'section[aria-labelledby="attachments"]'].map((selector) => {
        const box = document.querySelector(selector)!.getBoundingClientRect();
        return [Math.round(box.left), Math.round(box.right)];
      }),
    );
    expect(edges[1]).toEqual(edges[0]);
    const more = reader.getByRole('region', { name: /^المزيد من/ });
    await more.getByRole('link', { name: /في غرفة أخبارها/ }).click();
    await reader.waitForURL(/\/newsroom\/[a-z0-9-]+/);
    await reader.getByRole('link', { name: 'نشر تفتتح مكتبها في الرياض' }).waitFor();
    await reader.goBack();
    await more.getByLabel('البريد الإلكتروني').fill('reader@gazette.example');
    await more.getByRole('button', { name: 'متابعة' }).click();
    await reader.getByRole('heading', { name: 'تحقق من بريدك' }).waitFor();
    await reader.getByRole('link', { name: /العودة إلى غرفة أخبار/ }).click();
    await reader.waitForURL(/\/newsroom\/[a-z0-9-]+\?lang=ar$/);
    await expect.poll(() => stack.smtp.messages.some((m) => m.envelopeTo.includes('reader@gazette.example'))).toBe(true);

    // The company's newsroom shows the release in Arabic to an Arabic reader; the settings can take it offline.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Newsroom' }).waitFor();
    // The link names the public address (PUBLIC_URL); the test server answers on its own port.
    const newsroom = `${stack.baseUrl}${new URL((await page.getByRole('link', { name: /\/newsroom\// }).getAttribute('href'))!).pathname}`;
    expect(await (await fetch(newsroom, { headers: { 'accept-language': 'ar' } })).text()).toContain('نشر تفتتح مكتبها في الرياض');
    await page.getByRole('button', { name: 'Take offline' }).click();
    await page.getByRole('alertdialog', { name: 'Take your newsroom offline?' }).or(page.getByRole('dialog', { name: 'Take your newsroom offline?' })).getByRole('button', { name: 'Take offline' }).click();
    await page.getByText('Your newsroom is offline: no page, no feed, nothing sent to followers.').waitFor();
    expect((await fetch(newsroom)).status).toBe(404);
  });

  it('starts a new release with its author as the media contact, and its two editors warn of nothing', async () => {
    const writer = await createUser({ allowance: 1 });
    const page = await pageFor(writer);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.goto('/editor');
    const [author] = await stack.db.select().from(users).where(eq(users.id, writer.id));
    expect(await page.getByLabel('Contact name').inputValue()).toBe(`${author.firstName} ${author.lastName}`);
    expect(await page.getByLabel('Contact email').inputValue()).toBe(writer.email);
    expect(await page.getByLabel('Contact phone').inputValue()).toBe('');
    // A link typed (linkify starts up), then a second version: its content editor used to register
    // linkify's protocols again, each with a warning that linkify had already started.
    // Until the editor's code has arrived the field is a plain-text box of the same name, which hands what was
    // typed into it to the editor: the keys go on into the editor once it has taken the focus over.
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.fill('');
    await content.pressSequentially('See https://nashr.example/launch for details.');
    await content.locator('a[href="https://nashr.example/launch"]').waitFor();
    await page.getByRole('button', { name: 'Add an Arabic version (العربية)' }).click();
    await page.getByRole('tab', { name: 'العربية' }).waitFor();
    await content.fill('');
    await content.pressSequentially('https://nashr.example/news ');
    await content.locator('a[href="https://nashr.example/news"]').waitFor();
    expect(warnings.filter((w) => /linkify/i.test(w))).toEqual([]);
  });

  it("opens a new release without the content editor's code, and keeps what was typed and pasted while it was on its way", async () => {
    const writer = await createUser({ allowance: 1 });
    const page = await pageFor(writer, { locale: 'ar' });
    const editorCode: string[] = [];
    page.on('request', (request) => {
      if (EDITOR_CHUNK.test(request.url())) editorCode.push(request.url());
    });
    await page.goto('/editor');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // Nothing asked for it: the first screen is drawn without TipTap.
    expect(editorCode).toEqual([]);

    // The first sign of writing fetches it; it is held back here, as a slow phone network would.
    let deliver!: () => void;
    const held = new Promise<void>((resolve) => (deliver = resolve));
    await page.route(EDITOR_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    const content = page.getByRole('textbox', { name: 'المحتوى' });
    await content.fill('');
    await content.pressSequentially('كتبت أولاً، التفاصيل في https://nashr.example/riyadh ');
    await content.evaluate((box) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p><strong>نص ملصق</strong> بتنسيقه<img src="x" onerror="window.__pasted=1"></p>');
      data.setData('text/plain', 'نص ملصق بتنسيقه');
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(editorCode.length).toBeGreaterThan(0);
    deliver();

    await page.getByRole('toolbar', { name: 'التنسيق' }).waitFor();
    // The caret is where the writing stopped: typing goes on after the pasted words.
    await page.keyboard.type(' ثم المزيد.');
    const editor = page.getByRole('textbox', { name: 'المحتوى' });
    await editor.locator('a[href="https://nashr.example/riyadh"]').waitFor();
    await expect(editor.locator('strong').textContent()).resolves.toBe('نص ملصق');
    // A pasted paragraph joins the line it is pasted into, as a paste into the editor does.
    expect(await editor.locator('p').allTextContents()).toEqual(['كتبت أولاً، التفاصيل في https://nashr.example/riyadh نص ملصق بتنسيقه ثم المزيد.']);
    // The pasted markup went through the editor's schema: no image, nothing run.
    expect(await editor.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pasted?: number }).__pasted)).toBeUndefined();
    // It is the form's value: the live preview shows it.
    await page.frameLocator('[data-testid="email-preview-frame"]').getByText('ثم المزيد.').waitFor();
  });

  it("keeps what was typed when the content editor's code cannot be fetched, and brings the editor with it on a retry", async () => {
    const writer = await createUser({ allowance: 1 });
    const page = await pageFor(writer);
    let offline = true;
    await page.route(EDITOR_CHUNK, (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/editor');
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.fill('');
    // A web address half written when the editor arrives is linked whole once finished, as in the editor itself.
    await content.pressSequentially('Written while offline: https://nashr.example/la');
    await page.getByText('The formatting tools could not be loaded. What you wrote stays in this box; try again to go on.').waitFor();
    expect(await content.textContent()).toBe('Written while offline: https://nashr.example/la');

    offline = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('toolbar', { name: 'Formatting' }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type('unch today.');
    await expect(editor.locator('p').allTextContents()).resolves.toEqual(['Written while offline: https://nashr.example/launch today.']);
    expect(await editor.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['https://nashr.example/launch']);
    await page.frameLocator('[data-testid="email-preview-frame"]').getByText('Written while offline:').waitFor();
  });

  it('adds and removes a second version in the Arabic interface, asking first', async () => {
    const writer = await createUser({ allowance: 1 });
    const page = await pageFor(writer, { locale: 'ar' });
    await page.goto('/editor');
    await page.getByLabel('لغة البيان').selectOption('arabic');
    await page.getByRole('button', { name: 'إضافة نسخة إنجليزية (English)' }).click();
    const englishTab = page.getByRole('tab', { name: 'English' });
    expect(await englishTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel('العنوان', { exact: true }).getAttribute('dir')).toBe('ltr');
    await page.getByLabel('العنوان', { exact: true }).fill('Nashr opens in Riyadh');
    await page.getByRole('button', { name: 'حذف هذه النسخة' }).click();
    const ask = page.getByRole('alertdialog', { name: 'حذف هذه النسخة؟' }).or(page.getByRole('dialog', { name: 'حذف هذه النسخة؟' }));
    await ask.getByRole('button', { name: 'حذف هذه النسخة' }).click();
    await englishTab.waitFor({ state: 'detached' });
    expect(await page.getByRole('tab', { name: 'العربية' }).getAttribute('aria-selected')).toBe('true');

    // The newsroom section of the settings, before any release went out, in a tab of its own: the draft above
    // has no title, so it cannot be saved and the editor (rightly) holds a navigation away from it, sooner or
    // later depending on the machine's speed.
    const settings = await pageFor(writer, { locale: 'ar' });
    await settings.goto('/settings');
    await settings.getByRole('heading', { name: 'غرفة الأخبار' }).waitFor();
    await settings.getByText('تُفتح غرفة أخبارك مع أول بيان صحفي يُرسل.').waitFor();
  });

  it('schedules a release in the browser time zone and cancels it from /press-releases', async () => {
    const writer = await createUser({ allowance: 1 });
    await createList(writer, 'Tech Reporters', 2);
    const page = await pageFor(writer);
    await page.goto('/editor');
    await page.getByLabel('Tech Reporters').check();
    await fillRelease(page, 'Nashr schedules its launch');
    await page.getByLabel('Choose files').setInputFiles(PDF);
    await toast(page).getByText('Files attached').waitFor();
    // The browser runs on this machine, so its zone is this process's zone.
    expect(await page.getByTestId('schedule-zone').textContent()).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);

    await page.getByLabel('Schedule for later').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toast(page).getByText('Validation Error').waitFor();
    expect(await toast(page).textContent()).toContain('Schedule time must be in the future');

    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}T09:30`;
    await page.getByLabel('Schedule for later').fill(local);
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Schedule this press release?' });
    expect(await confirm.getByTestId('presend-when').textContent()).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await confirm.getByRole('button', { name: 'Schedule for 2 recipients' }).click();
    await toast(page).getByText('Scheduled!').waitFor();
    await page.waitForURL(/\/analytics\/[0-9a-f-]{36}$/);

    const [stored] = await stack.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, writer.workspaceId));
    expect(stored.status).toBe('scheduled');
    expect(stored.scheduledAt?.toISOString()).toBe(new Date(local).toISOString());

    await page.goto('/press-releases');
    await page.getByRole('button', { name: 'Cancel schedule: Nashr schedules its launch' }).click();
    await page.getByRole('dialog', { name: 'Cancel this scheduled send?' }).getByRole('button', { name: 'Cancel schedule' }).click();
    await toast(page).getByText('Schedule cancelled').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Nashr schedules its launch' }).getByText('Draft', { exact: true }).waitFor();
    const [after] = await stack.db.select().from(pressReleases).where(eq(pressReleases.id, stored.id));
    expect(after.status).toBe('draft');
    const [workspace] = await stack.db.select().from(workspaces).where(eq(workspaces.id, writer.workspaceId));
    expect(workspace.pressReleasesUsedThisMonth).toBe(0);
  });

  it('writes an Arabic release right to left, in an Arabic interface', async () => {
    const writer = await createUser({ allowance: 1, companyName: 'شركة الخليج' });
    await createList(writer, 'صحفيو الأعمال', 1);
    const page = await pageFor(writer, { locale: 'ar' });
    await page.goto('/editor');
    await page.getByRole('heading', { name: 'إرسال بيان صحفي' }).waitFor();
    await page.getByLabel('لغة البيان').selectOption('arabic');
    expect(await page.getByLabel('العنوان', { exact: true }).getAttribute('dir')).toBe('rtl');
    // The rich-text editor takes the direction in an effect after the render: wait for it.
    await page.locator('[role="textbox"][aria-labelledby="content-label"][dir="rtl"]').waitFor();
    await page.getByLabel('العنوان', { exact: true }).fill('نشر تفتتح مكتبها في الرياض');
    await page.getByRole('textbox', { name: 'المحتوى' }).fill('افتتحت نشر اليوم مكتبها الجديد في الرياض لخدمة غرف الأخبار في منطقة الخليج العربي.');
    // Files dropped on the zone: one over 5 MB is refused, an image is attached.
    await dropFiles(page, [{ name: 'huge.pdf', type: 'application/pdf', size: 5 * 1024 * 1024 }]);
    await toast(page).getByText('الملف كبير جدًا').waitFor();
    // A file whose bytes are not what its name says is refused as soon as it is dropped.
    await dropFiles(page, [{ name: 'بيان.pdf', type: 'application/pdf', size: 2048 }]);
    await toast(page).getByText('محتوى الملف لا يطابق نوعه').waitFor();
    await dropFiles(page, [{ name: 'صورة.png', type: 'image/png', size: 2048, head: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }]);
    await toast(page).getByText('تم إرفاق الملفات').waitFor();
    const attached = page.getByRole('list', { name: 'الملفات المرفقة' });
    await attached.getByText('صورة.png').waitFor();
    expect(await attached.getByText('بيان.pdf').count()).toBe(0);
    const live = page.frameLocator('iframe[title="معاينة البريد"]');
    await live.getByText('للنشر الفوري').waitFor();
    expect(await live.locator('table.nashr-release').getAttribute('dir')).toBe('rtl');

    await page.getByRole('button', { name: 'معاينة البريد' }).click();
    const dialog = page.getByRole('dialog', { name: 'معاينة البريد - القالب الفعلي' });
    await dialog.frameLocator('iframe').getByRole('heading', { name: 'نشر تفتتح مكتبها في الرياض' }).waitFor();
    expect(await dialog.frameLocator('iframe').locator('html').getAttribute('dir')).toBe('rtl');
    await page.keyboard.press('Escape');

    // Without contact details the draft rules do not pass yet: the work is kept on this device, and a
    // reload asks first and then offers it back.
    await page.getByTestId('save-status').getByText(/^لم يُحفظ بعد · محفوظ في هذا المتصفح حتى يمكن حفظه/).waitFor({ timeout: 10_000 });
    const asked: string[] = [];
    page.on('dialog', (d) => {
      asked.push(d.type());
      void d.accept();
    });
    await page.reload();
    expect(asked).toEqual(['beforeunload']);
    await page.getByRole('region', { name: 'تغييرات غير محفوظة' }).getByRole('button', { name: 'استعادتها' }).click();
    expect(await page.getByLabel('العنوان', { exact: true }).inputValue()).toBe('نشر تفتتح مكتبها في الرياض');
  });

  it('shows a trial user the purchase gate instead of the send buttons, and lets them save drafts', async () => {
    const trial = await createUser({ trial: true });
    const page = await pageFor(trial);
    await page.goto('/editor');
    await page.getByRole('heading', { name: 'Purchase Required' }).waitFor();
    await page.getByText('Free Account').first().waitFor();
    await page.getByRole('link', { name: 'Purchase Package' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send Now' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save Draft' }).waitFor();
    await page.getByText('No contact lists available').waitFor();
    await page.getByRole('button', { name: 'Purchase Press Release Packages' }).click();
    await page.waitForURL('**/subscription?return=%2Feditor');

    await page.goto('/dashboard');
    await page.getByText('No press releases yet').waitFor();
    // Someone who has written nothing yet is welcomed, not welcomed back.
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    expect(await page.getByRole('heading', { name: /^Welcome back/ }).count()).toBe(0);
    // The first Tab offers to skip the navigation; following it puts the focus on the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
    await page.getByRole('button', { name: 'Create Press Release' }).click();
    await page.waitForURL('**/editor');
  });

  it('locks a sent release and points back to the press releases', async () => {
    const writer = await createUser();
    const [sent] = await stack.db
      .insert(pressReleases)
      .values({ workspaceId: writer.workspaceId, brandId: companyBrandIdOf(writer.workspaceId), authorId: writer.id, title: 'Already out in the world', content: '<p>Sent.</p>', status: 'sent', sentAt: new Date() })
      .returning();
    const page = await pageFor(writer);
    await page.goto(`/editor?id=${sent.id}`);
    await page.getByRole('heading', { name: 'Cannot Edit Sent Press Release' }).waitFor();
    await page.getByRole('button', { name: 'Back to Press Releases' }).click();
    await page.waitForURL('**/press-releases');
    await page.getByRole('link', { name: 'Already out in the world' }).waitFor();
  });

  it('saves a draft and stays, autosaves, asks before leaving unsaved work, and duplicates and deletes', async () => {
    const writer = await createUser({ allowance: 1 });
    const page = await pageFor(writer);
    await page.goto('/editor');
    await page.getByLabel('Title', { exact: true }).fill('Draft about the Cairo summit');
    await page.getByRole('textbox', { name: 'Content' }).fill('Short body.');
    await page.getByLabel('Contact name').fill('Omar Said');
    await page.getByLabel('Contact email').fill('not-an-email');
    await page.getByLabel('Contact phone').fill('+20 2 555 0101');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast(page).getByText('Validation Error').waitFor();
    expect(await page.locator('#contactEmail-error').textContent()).toBe('Valid contact email is required');
    await page.getByLabel('Contact email').fill('omar@company.test');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await toast(page).getByText('Draft Saved!').waitFor();
    // The user stays with their work; the address now names the draft.
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    const draftId = page.url().split('/').pop()! as ReleaseId;
    await page.getByTestId('save-status').getByText(/^Saved · /).waitFor();

    // A change is saved by itself a few seconds later; until then leaving asks first.
    await page.getByLabel('Subtitle').fill('Leaders meet in Cairo');
    await page.getByTestId('save-status').getByText('Not saved').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toContain(`/editor/${draftId}`);
    await page.getByTestId('save-status').getByText(/^Saved · /).waitFor({ timeout: 10_000 });
    const [autosaved] = await stack.db.select().from(pressReleases).where(eq(pressReleases.id, draftId));
    expect(autosaved.subtitle).toBe('Leaders meet in Cairo');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');

    await page.goto('/press-releases');
    await page.getByRole('button', { name: 'Edit Draft about the Cairo summit' }).click();
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    expect(await page.getByLabel('Contact email').inputValue()).toBe('omar@company.test');

    await page.goto('/press-releases');
    await page.getByRole('button', { name: 'Duplicate Draft about the Cairo summit' }).click();
    await toast(page).getByText('Release duplicated').waitFor();
    await page.waitForURL(/\/editor\/[0-9a-f-]{36}$/);
    const copyId = page.url().split('/').pop()!;
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Copy of Draft about the Cairo summit');

    await page.goto('/press-releases');
    await page.getByText('2 in total').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('sent');
    await page.getByText('No press releases match your search').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    const copyRow = page.getByRole('listitem').filter({ hasText: 'Copy of Draft about the Cairo summit' });
    await copyRow.getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('Draft deleted').waitFor();
    await page.getByText('1 in total').waitFor();
    const remaining = await stack.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, writer.workspaceId));
    expect(remaining).toHaveLength(1);
    expect(remaining[0].id).not.toBe(copyId);
  });

  it("shows the super admin everyone's releases with the owner's email", async () => {
    const writer = await createUser();
    await stack.db.insert(pressReleases).values({ workspaceId: writer.workspaceId, brandId: companyBrandIdOf(writer.workspaceId), authorId: writer.id, title: 'A customer draft for the admin', content: '<p>Draft.</p>' });
    const admin = await createUser({ superAdmin: true });
    const page = await pageFor(admin);
    await page.goto('/press-releases');
    const row = page.getByRole('listitem').filter({ hasText: 'A customer draft for the admin' });
    await row.getByText(writer.email).waitFor();
    await page.goto('/analytics');
    // The release sent in the first test belongs to another customer; the admin sees whose it is.
    const sent = page.getByRole('link', { name: /Nashr opens its Riyadh office/ });
    await sent.getByText(/^writer\d+@company\.test$/).waitFor();
    expect(await sent.getByText(/% open$/).getAttribute('data-variant')).toBe('secondary');
  });

  it('updates a sending release without a reload, and prints the report without the navigation', async () => {
    const writer = await createUser();
    const [release] = await stack.db
      .insert(pressReleases)
      .values({ workspaceId: writer.workspaceId, brandId: companyBrandIdOf(writer.workspaceId), authorId: writer.id, title: 'Quarterly results go out', content: '<p>Results.</p>', status: 'sending', recipientCount: 3, slug: `quarterly-${counter}` })
      .returning();
    // Not due for hours, so the running engine leaves them queued: the test moves them itself.
    const later = new Date(Date.now() + 3_600_000);
    await stack.db
      .insert(deliveries)
      .values([1, 2, 3].map((i) => ({ releaseId: release.id, email: `desk${i}-${counter}@example.com`, token: randomToken(), nextAttemptAt: later })));
    const page = await pageFor(writer);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.goto(`/analytics/${release.id}`);
    await page.getByRole('heading', { name: 'Quarterly results go out' }).waitFor();
    await page.getByTestId('tier-delivered').getByText('0', { exact: true }).waitFor();
    const live = page.getByRole('status').filter({ hasText: 'Sending now: numbers update live' });
    await live.waitFor();
    // A relay refuses two of them for now: the report says they wait to be tried again.
    const [first, second] = await stack.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
    await stack.db.update(deliveries).set({ attempts: 2, lastError: '451 4.7.1 Try again later' }).where(inArray(deliveries.id, [first.id, second.id]));
    const waiting = page.getByTestId('waiting-to-retry');
    await waiting.getByText('Delivering: 2 messages waiting to retry').waitFor({ timeout: 15_000 });

    await stack.db.update(deliveries).set({ status: 'sent', sentAt: new Date() }).where(eq(deliveries.releaseId, release.id));
    await page.getByTestId('tier-delivered').getByText('3', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.locator('tbody tr').count()).toBe(3);
    await stack.db.update(pressReleases).set({ status: 'sent', sentAt: new Date() }).where(eq(pressReleases.id, release.id));
    await live.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await waiting.count()).toBe(0);

    await page.getByRole('button', { name: 'Print report' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print report' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Dashboard' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Quarterly results go out' }).isVisible()).toBe(true);
    expect(await page.getByTestId('tier-delivered').isVisible()).toBe(true);

    // A relay reports a temporary failure for one of them later: the table says so under its status.
    const [reported] = await stack.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id)).limit(1);
    await stack.db.insert(deliveryReports).values({ deliveryId: reported.id, email: reported.email, kind: 'soft', status: '4.2.2', detail: 'mailbox full' });
    await page.emulateMedia({ media: 'screen' });
    await page.reload();
    await page.locator('tbody').getByText('1 soft bounce', { exact: true }).waitFor();
  });
});
