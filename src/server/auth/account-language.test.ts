import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, linkIn, mailsTo, registerVerified, signIn, uniqueEmail, validRegistration, waitForMailTo } from './auth-test-helpers.js';

/**
 * An account's own emails come in the site's language: the one it registered in, then the one it last
 * switched to while signed in (PUT /api/auth/language). Mail about an address goes out in its owner's
 * language, whoever caused it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const isArabic = (html: string | false | undefined) => typeof html === 'string' && html.includes('<html lang="ar" dir="rtl">');
const storedLanguage = async (email: string) => (await t.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0].language;
const setLanguage = (as: string, payload: unknown) => call(t, { method: 'PUT', url: '/api/auth/language', as, payload: payload as object });

describe('the language of an account’s emails', () => {
  it('writes the verification in the language the account registered in', async () => {
    const arabic = uniqueEmail('arabic');
    expect((await call(t, { method: 'POST', url: '/api/auth/register', payload: { ...validRegistration(arabic), language: 'ar' } })).statusCode).toBe(201);
    const mail = await waitForMailTo(t, arabic);
    expect(mail.parsed.subject).toBe('تأكيد بريدك الإلكتروني في نشر');
    expect(isArabic(mail.parsed.html)).toBe(true);
    // Greeted plainly: the address is not proven yet, so the registrant's name is not in it.
    expect(mail.parsed.text).toContain('مرحبًا،');
    expect(mail.parsed.text).not.toContain('Layla');
    // The link in it works like the English one.
    const link = linkIn(mail, '/api/auth/verify?token=');
    expect((await call(t, { method: 'GET', url: link.pathname + link.search })).headers.location).toBe('/auth?verified=1');
    expect((await signIn(t, 'arabic', arabic)).json().user.language).toBe('ar');

    const english = uniqueEmail('english');
    expect((await call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(english) })).statusCode).toBe(201);
    expect((await waitForMailTo(t, english)).parsed.subject).toBe('Verify your email address for Nashr');
    expect(await storedLanguage(english)).toBe('en');
  });

  it('refuses a language the site does not have, with its field, and writes nothing', async () => {
    const email = uniqueEmail('french');
    const res = await call(t, { method: 'POST', url: '/api/auth/register', payload: { ...validRegistration(email), language: 'fr' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'language', message: 'Choose English or Arabic' }]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(mailsTo(t, email)).toEqual([]);
  });

  it('follows the site’s language once switched while signed in', async () => {
    const email = await registerVerified(t);
    await signIn(t, 'switcher', email);
    expect((await call(t, { method: 'PUT', url: '/api/auth/language', payload: { language: 'ar' } })).statusCode).toBe(401);
    for (const bad of [{ language: 'fr' }, {}, { language: ['ar'] }]) {
      const res = await setLanguage('switcher', bad);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'language', message: 'Choose English or Arabic' }]);
    }
    expect(await storedLanguage(email)).toBe('en');

    const switched = await setLanguage('switcher', { language: 'ar' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ email, language: 'ar' });
    expect((await call(t, { method: 'GET', url: '/api/auth/me', as: 'switcher' })).json().language).toBe('ar');

    let sent = mailsTo(t, email).length;
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const reset = await waitForMailTo(t, email, ++sent);
    expect(reset.parsed.subject).toBe('إعادة تعيين كلمة المرور في نشر');
    expect(isArabic(reset.parsed.html)).toBe(true);

    // Someone registering the address in English: its owner hears of it in Arabic.
    await call(t, { method: 'POST', url: '/api/auth/register', payload: { ...validRegistration(email), language: 'en' } });
    expect((await waitForMailTo(t, email, ++sent)).parsed.subject).toBe('لديك حساب في نشر بالفعل');

    // An address change: the link to the new address and the notice to the old one.
    const newEmail = uniqueEmail('moved');
    const change = await call(t, {
      method: 'PUT',
      url: '/api/auth/profile',
      as: 'switcher',
      payload: { email: newEmail, companyName: 'Gulf News Wire', firstName: 'Layla', lastName: 'Haddad', currentPassword: 'secret123' },
    });
    expect(change.statusCode).toBe(200);
    expect((await waitForMailTo(t, newEmail)).parsed.subject).toBe('تأكيد عنوان بريدك الإلكتروني الجديد في نشر');
    expect((await waitForMailTo(t, email, ++sent)).parsed.subject).toBe('سيتغير عنوان بريدك الإلكتروني في نشر');

    expect((await setLanguage('switcher', { language: 'en' })).json().language).toBe('en');
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect((await waitForMailTo(t, email, sent + 1)).parsed.subject).toBe('Reset your Nashr password');
  });

  it('takes the language picked before signing in, and keeps its own when none was picked', async () => {
    const email = await registerVerified(t);
    const login = (as: string, extra: object) => call(t, { method: 'POST', url: '/api/auth/login', as, payload: { email, password: 'secret123', ...extra } });
    const picked = await login('picker', { language: 'ar' });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().user.language).toBe('ar');
    expect(await storedLanguage(email)).toBe('ar');
    // The account's mail follows the pick.
    const sent = mailsTo(t, email).length;
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect((await waitForMailTo(t, email, sent + 1)).parsed.subject).toBe('إعادة تعيين كلمة المرور في نشر');

    // No pick: the account keeps the language it has.
    expect((await login('no-pick', {})).json().user.language).toBe('ar');
    expect(await storedLanguage(email)).toBe('ar');
    // A language the site does not have is refused with its field, and changes nothing.
    const bad = await login('bad-pick', { language: 'fr' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ path: 'language', message: 'Choose English or Arabic' }]);
    expect(await storedLanguage(email)).toBe('ar');
  });

  it("keeps the browser's zone for the account's e-mails; a zone it cannot name is left out, not refused", async () => {
    const email = await registerVerified(t);
    const zoneOf = async () => (await t.db.select({ zone: users.timeZone }).from(users).where(eq(users.email, email)))[0].zone;
    const login = (as: string, timeZone: unknown) => call(t, { method: 'POST', url: '/api/auth/login', as, payload: { email, password: 'secret123', timeZone } });
    expect((await login('riyadh', 'Asia/Riyadh')).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Asia/Riyadh');
    expect((await login('mars', 'Mars/Olympus')).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Asia/Riyadh');
  });
});
