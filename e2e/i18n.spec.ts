import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startStack, type Stack } from './harness';
import { sessions, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/password';
import { insertAccount } from '../src/server/test/accounts';
import { randomToken, sha256 } from '../src/server/http/tokens';

/**
 * Both languages everywhere: user-written text keeps its beginning on a phone in either direction, the
 * account's language wins over the browser's at sign-in, and places are named in the reader's language.
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

async function signedIn(page: Page, userId: string) {
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
