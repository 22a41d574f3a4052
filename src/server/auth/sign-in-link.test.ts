import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailTokens, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, linkIn, mailsTo, nextIp, registerVerified, uniqueEmail, validRegistration, waitForMailTo } from './auth-test-helpers.js';

/** A locked account's way in: a one-time sign-in link by email (issue 24). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const askLink = (email: string, ip = nextIp()) => call(t, { method: 'POST', url: '/api/auth/sign-in-link', payload: { email }, remoteAddress: ip });
const useLink = (token: string, as?: string) => call(t, { method: 'POST', url: '/api/auth/sign-in-link/use', payload: { token }, ...(as ? { as } : {}) });
const login = (email: string, password: string, ip: string) =>
  call(t, { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const isLinkMail = (subject: string | undefined) => subject === 'Your Nashr sign-in link' || subject === 'رابط تسجيل الدخول إلى نشر';
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('sign-in link: POST /api/auth/sign-in-link and /api/auth/sign-in-link/use', () => {
  it('lets the owner of an account locked by failed sign-ins in once, by a short-lived link', async () => {
    const email = await registerVerified(t);
    const ip = nextIp();
    for (let i = 0; i < 20; i++) await login(email, `wrong-${i}`, ip);
    expect((await login(email, 'secret123', ip)).statusCode).toBe(429);

    const asked = await askLink(email, ip);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ email });
    const mail = await waitForMailTo(t, email, mailsTo(t, email).length + 1);
    expect(mail.parsed.subject).toBe('Your Nashr sign-in link');
    const token = linkIn(mail, '/auth/sign-in-link?token=').searchParams.get('token')!;
    const [stored] = await t.db.select().from(emailTokens).where(and(eq(emailTokens.purpose, 'sign_in')));
    expect(new Date(stored.expiresAt).getTime() - new Date(stored.createdAt).getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);

    const used = await useLink(token, 'locked-out');
    expect(used.statusCode).toBe(200);
    expect(used.json().user).toMatchObject({ email });
    expect((await call(t, { method: 'GET', url: '/api/auth/me', as: 'locked-out' })).statusCode).toBe(200);
    // Once only.
    const again = await useLink(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('The sign-in link is invalid or has expired');
  });

  it('refuses an expired link', async () => {
    const email = await registerVerified(t);
    await askLink(email);
    const mail = await waitForMailTo(t, email, mailsTo(t, email).length + 1);
    const token = linkIn(mail, '/auth/sign-in-link?token=').searchParams.get('token')!;
    const user = (await t.db.select().from(users).where(eq(users.email, email)))[0];
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, user.id));
    expect((await useLink(token)).statusCode).toBe(400);
  });

  it('answers alike for an unknown address and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const res = await askLink(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: unknown });
    await settle();
    expect(mailsTo(t, unknown)).toHaveLength(0);
  });

  it('mails one address at most three links an hour, from any number of clients', async () => {
    const email = await registerVerified(t);
    const before = mailsTo(t, email).length;
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await askLink(email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    // The three links leave after their answers; a loaded machine takes longer than any fixed pause.
    await waitForMailTo(t, email, before + 3);
    await settle();
    expect(mailsTo(t, email).length - before).toBe(3);
  });

  it('writes the mail in the account’s language', async () => {
    const email = uniqueEmail('arabic');
    await call(t, { method: 'POST', url: '/api/auth/register', payload: { ...validRegistration(email), language: 'ar' } });
    await askLink(email);
    await expect.poll(() => mailsTo(t, email).some((m) => m.parsed.subject === 'رابط تسجيل الدخول إلى نشر')).toBe(true);
    expect(mailsTo(t, email).filter((m) => isLinkMail(m.parsed.subject))).toHaveLength(1);
  });

  it('refuses bad input', async () => {
    expect((await askLink('not-an-email')).statusCode).toBe(422);
    expect((await useLink('')).statusCode).toBe(422);
  });
});
