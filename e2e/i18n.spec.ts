import type { BrandId, UserId, WorkspaceId } from '../src/shared/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startStack, type Stack } from './harness';
import { deliveries, globalContacts, pressReleases, sessions, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/password';
import { insertAccount } from '../src/server/test/accounts';
import { randomToken, sha256 } from '../src/server/http/tokens';

/**
 * Both languages everywhere: user-written text keeps its beginning on a phone in either direction, the
 * account's language wins over the browser's at sign-in, and places are named in the reader's language.
 * The recipients table fits a laptop's page and, narrower, scrolls in a region that says so.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const PHONE = { width: 390, height: 844 };
const LATIN_TITLE = 'Gulf Logistics opens a new regional hub in Dubai South for the SME growth fund in Riyadh';
const ARABIC_TITLE = 'الخليج للخدمات اللوجستية تفتتح مركزًا إقليميًا جديدًا في دبي الجنوب لصندوق نمو الشركات الصغيرة';

let counter = 0;
async function createUser(fields: { language?: 'en' | 'ar'; role?: 'user' | 'super_admin' } = {}) {
  const role = fields.role ?? 'user';
  return insertAccount(stack.db, {
    email: `i18n-${++counter}-${Date.now()}@company.test`,
    passwordHash: await hashPassword('password123'),
    companyName: 'Gulf PR',
    firstName: 'Layla',
    lastName: 'Hassan',
    verified: true,
    role,
    language: fields.language ?? 'en',
    userType: role === 'super_admin' ? 'super_admin' : 'trial',
  });
}

async function signedIn(page: Page, userId: UserId) {
  const sid = randomToken();
  await stack.db.insert(sessions).values({ idHash: sha256(sid), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  await page.context().addCookies([{ name: 'sid', value: sid, url: stack.baseUrl }]);
}

async function draft(page: Page, title: string, language: 'english' | 'arabic') {
  const res = await page.request.post(`${stack.baseUrl}/api/send-press-release`, {
    headers: { origin: stack.baseUrl },
    data: { action: 'save_draft', title, language, content: '<p>A new regional hub.</p>', contactName: 'Layla Hassan', contactEmail: 'layla@gulf.example', contactPhone: '+971 4 555 0100' },
  });
  expect(res.status()).toBeLessThan(300);
}

/** Where a one-line value is cut: its own direction, whether it overflows, and whether its first letter is in view. */
function cut(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const text = [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    const range = document.createRange();
    const start = text!.textContent!.search(/\S/);
    range.setStart(text!, start);
    range.setEnd(text!, start + 1);
    const first = range.getBoundingClientRect();
    return {
      direction: getComputedStyle(element).direction,
      overflows: element.scrollWidth > element.clientWidth,
      firstLetterShown: first.left >= box.left - 1 && first.right <= box.right + 1,
    };
  });
}

describe('on a 390 px phone', () => {
  for (const locale of ['ar-AE', 'en-US']) {
    it(`keeps the beginning of Latin and Arabic titles, cut at their own end (${locale})`, async () => {
      const page = await stack.newPage({ locale, viewport: PHONE });
      const user = await createUser();
      await signedIn(page, user.id);
      await draft(page, LATIN_TITLE, 'english');
      await draft(page, ARABIC_TITLE, 'arabic');
      await page.goto('/dashboard');
      const latin = page.locator('[data-own-text]', { hasText: 'Gulf Logistics' });
      const arabic = page.locator('[data-own-text]', { hasText: 'الخليج للخدمات' });
      await latin.waitFor();
      expect(await cut(latin)).toEqual({ direction: 'ltr', overflows: true, firstLetterShown: true });
      expect(await cut(arabic)).toEqual({ direction: 'rtl', overflows: true, firstLetterShown: true });
    });
  }
});

describe('the account’s language', () => {
  async function signInThroughForm(page: Page, email: string) {
    await page.goto('/auth');
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill('password123');
    await page.locator('#signin-password').press('Enter');
    await page.waitForURL('**/dashboard');
  }

  it('wins over an Arabic browser at sign-in, and is not changed by it', async () => {
    const user = await createUser({ language: 'en' });
    const page = await stack.newPage({ locale: 'ar-AE' });
    await page.goto('/auth');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await signInThroughForm(page, user.email);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir), { timeout: 20_000 }).toBe('ltr');
    expect(await page.evaluate(() => localStorage.getItem('nashr-language'))).toBe('en');
    const [stored] = await stack.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(stored.language).toBe('en');
  });

  it('switches an English browser to the Arabic the account chose', async () => {
    const user = await createUser({ language: 'ar' });
    const page = await stack.newPage({ locale: 'en-US' });
    await signInThroughForm(page, user.email);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 20_000 }).toBe('ar');
    const [stored] = await stack.db.select({ language: users.language }).from(users).where(eq(users.id, user.id));
    expect(stored.language).toBe('ar');
  });
});

describe('places on an Arabic screen', () => {
  it('names the time zone in Arabic', async () => {
    const admin = await createUser({ role: 'super_admin', language: 'ar' });
    const context = await stack.browser.newContext({ baseURL: stack.baseUrl, locale: 'ar-AE', timezoneId: 'Asia/Riyadh' });
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signedIn(page, admin.id);
    try {
      await page.goto('/editor');
      const zone = page.getByTestId('schedule-zone');
      await zone.waitFor();
      expect(await zone.textContent()).toContain('الرياض (توقيت');
      expect(await zone.textContent()).not.toContain('Asia/Riyadh');
    } finally {
      await context.close();
    }
  });
});

const LAPTOP = { width: 1366, height: 768 };
const LONG_OUTLET = 'Riyadh Tribune International Business and Economy Desk';

/** A sent two-language release with three journalists (UAE, Saudi Arabia, Egypt) who opened, clicked and downloaded. */
async function sentRelease(owner: { id: UserId; workspaceId: WorkspaceId; companyBrandId: BrandId }) {
  const contacts = await stack.db
    .insert(globalContacts)
    .values(
      (['UAE', 'Saudi Arabia', 'Egypt'] as const).map((country, i) => ({
        email: `desk-${i}-${Date.now()}@riyadh-tribune.example`,
        firstName: 'Omar',
        lastName: `Desk ${i}`,
        organization: LONG_OUTLET,
        country,
        language: i === 2 ? 'Arabic' : 'English',
      })),
    )
    .returning({ id: globalContacts.id, email: globalContacts.email });
  const sentAt = new Date(Date.now() - 3_600_000);
  const [release] = await stack.db
    .insert(pressReleases)
    .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: 'Gulf Logistics opens a hub', content: '<p>A hub.</p>', status: 'sent', sentAt })
    .returning();
  await stack.db.insert(deliveries).values(
    contacts.map((c, i) => ({
      releaseId: release.id,
      email: c.email,
      contactId: c.id,
      language: i === 2 ? 'arabic' : 'english',
      token: randomToken(),
      status: 'sent' as const,
      sentAt,
    })),
  );
  return release.id;
}

/** Whether the region around the recipients table scrolls, and the visible cue and tab stop it then has. */
const recipientsRegion = (page: Page) =>
  page.getByTestId('recipients-table').evaluate((table) => {
    const region = table.parentElement!;
    return {
      overflows: region.scrollWidth > region.clientWidth + 1,
      focusable: region.tabIndex === 0,
      named: region.getAttribute('role') === 'region' && !!region.getAttribute('aria-label'),
    };
  });

describe('the recipients table', () => {
  for (const locale of ['en-US', 'ar-AE']) {
    it(`fits a 1,366 px page, every column in view (${locale})`, async () => {
      const user = await createUser({ language: locale === 'ar-AE' ? 'ar' : 'en' });
      const releaseId = await sentRelease(user);
      const page = await stack.newPage({ locale, viewport: LAPTOP });
      await signedIn(page, user.id);
      await page.goto(`/analytics/${releaseId}`);
      await page.getByTestId('recipients-table').getByRole('row').nth(3).waitFor();
      expect(await recipientsRegion(page)).toEqual({ overflows: false, focusable: false, named: true });
      expect(await page.getByTestId('scroll-cue').count()).toBe(0);
    });
  }

  it('names countries in Arabic on an Arabic screen', async () => {
    const user = await createUser({ language: 'ar' });
    const releaseId = await sentRelease(user);
    const page = await stack.newPage({ locale: 'ar-AE', viewport: LAPTOP });
    await signedIn(page, user.id);
    await page.goto(`/analytics/${releaseId}`);
    const table = page.getByTestId('recipients-table');
    await table.getByRole('row').nth(3).waitFor();
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('الإمارات');
    expect(text).toContain('السعودية');
    expect(text).toContain('مصر');
    expect(text).not.toMatch(/UAE|Saudi Arabia|Egypt/);
  });

  it('on a 390 px Arabic phone: one card per journalist, nothing scrolls sideways, keeps the beginning of a Latin outlet, and shows every figure by version', async () => {
    const user = await createUser({ language: 'ar' });
    const releaseId = await sentRelease(user);
    const page = await stack.newPage({ locale: 'ar-AE', viewport: PHONE });
    await signedIn(page, user.id);
    await page.goto(`/analytics/${releaseId}`);
    const cards = page.getByTestId('recipients-cards');
    await cards.getByTestId('recipient-card').nth(2).waitFor();
    expect(await page.getByTestId('recipients-table').count()).toBe(0);
    expect(await page.getByTestId('scroll-cue').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Every figure is named in the card, in Arabic.
    await cards.getByTestId('recipient-card').first().getByText('التنزيلات').waitFor();

    const outlet = cards.locator('[data-own-text]', { hasText: LONG_OUTLET }).first();
    expect(await cut(outlet)).toEqual({ direction: 'ltr', overflows: true, firstLetterShown: true });
    const address = cards.locator('[data-own-text][dir="ltr"]', { hasText: '@' }).first();
    expect(await address.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    // By version: every figure, Downloads last, inside the phone's width without scrolling.
    const downloads = page.getByTestId('version-breakdown').getByRole('rowheader', { name: 'التنزيلات' });
    await downloads.scrollIntoViewIfNeeded();
    const box = (await downloads.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByTestId('version-breakdown').evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth + 1)).toBe(true);
  });
});
