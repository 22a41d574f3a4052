import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { storedAccountByEmail } from '../test/account-rows.js';
import { call, linkIn, mailsTo, nextIp, registerVerified, signIn, uniqueEmail, validRegistration, waitForMailTo } from './auth-test-helpers.js';
import { verifyPassword } from './password.js';

/** Attacks on accounts that once worked (issue: hardening), each kept from coming back. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: 'chief@nashr.test', ADMIN_PASSWORD: 'configured-secret' });
});
afterAll(() => t.close());

const userByEmail = (email: string) => storedAccountByEmail(t.db, email);
const updateProfile = (as: string, payload: object) => call(t, { method: 'PUT', url: '/api/auth/profile', as, payload });
const login = (email: string, password: string, ip = nextIp()) =>
  call(t, { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

describe('changing the email address', () => {
  it('needs the current password, and a wrong one changes nothing', async () => {
    const user = await t.signInAs('mover');
    const target = uniqueEmail('moved');
    const missing = await updateProfile('mover', { email: target, companyName: 'Co' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([
      { path: 'currentPassword', message: 'Enter your current password to change your email', code: 'CURRENT_PASSWORD_NEEDED' },
    ]);
    const wrong = await updateProfile('mover', { email: target, companyName: 'Co', currentPassword: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect', code: 'WRONG_CURRENT_PASSWORD' }]);
    expect(await userByEmail(user.email)).toMatchObject({ pendingEmail: null, companyName: user.companyName });
    expect(mailsTo(t, target)).toHaveLength(0);
  });

  it('applies the new address only when the link sent to it is opened, and tells the old address', async () => {
    const user = await t.signInAs('relocating');
    const target = uniqueEmail('new-home');
    const res = await updateProfile('relocating', {
      email: target.toUpperCase(),
      companyName: 'Relocated Co',
      currentPassword: 'password123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pendingEmail: target, companyName: 'Relocated Co' });
    expect(await userByEmail(user.email)).toMatchObject({ pendingEmail: target });

    const notice = await waitForMailTo(t, user.email);
    expect(notice.parsed.text).toContain(target);
    const confirmation = await waitForMailTo(t, target);
    const link = linkIn(confirmation, '/api/auth/confirm-email?token=');
    // Until the link is opened the old address is the account's address.
    expect((await login(user.email, 'password123')).statusCode).toBe(200);
    expect((await login(target, 'password123')).statusCode).toBe(401);

    const opened = await call(t, { method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/profile?email=confirmed');
    expect(await userByEmail(target)).toMatchObject({ id: user.id, pendingEmail: null, verified: true });
    expect(await userByEmail(user.email)).toBeUndefined();
    expect((await login(target, 'password123')).statusCode).toBe(200);

    const again = await call(t, { method: 'GET', url: link.pathname + link.search });
    expect(again.headers.location).toBe('/profile?email=invalid');
  });

  it('does not apply the change when the address was taken meanwhile', async () => {
    const user = await t.signInAs('slow-confirmer');
    const target = uniqueEmail('contested');
    await updateProfile('slow-confirmer', { email: target, companyName: 'Co', currentPassword: 'password123' });
    const link = linkIn(await waitForMailTo(t, target), '/api/auth/confirm-email?token=');
    await registerVerified(t, target);
    const opened = await call(t, { method: 'GET', url: link.pathname + link.search });
    expect(opened.headers.location).toBe('/profile?email=taken');
    expect(await userByEmail(user.email)).toMatchObject({ id: user.id });
  });

  it.each(['chief@nashr.test', 'admin@localhost', 'ops@intranet.local', 'root@box.localhost', 'x@mail.internal'])(
    'refuses the reserved or local address %s',
    async (address) => {
      const user = await t.signInAs('claimer');
      const res = await updateProfile('claimer', { email: address, companyName: 'Co', currentPassword: 'password123' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([{ path: 'email', message: 'This email address cannot be used for an account', code: 'RESERVED_ADDRESS' }]);
      expect(await userByEmail(user.email)).toMatchObject({ pendingEmail: null });
    },
  );

  it('mails one stranger at most three times an hour from one account, even with the right password', async () => {
    await t.signInAs('cannon');
    const stranger = uniqueEmail('stranger');
    const answers = [];
    for (let i = 0; i < 10; i++) {
      answers.push((await updateProfile('cannon', { email: stranger, companyName: 'Co', currentPassword: 'password123' })).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    // Another target from the same account is refused too: the limit is the account's.
    const other = uniqueEmail('other');
    expect((await updateProfile('cannon', { email: other, companyName: 'Co', currentPassword: 'password123' })).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(t, stranger)).toHaveLength(3);
    expect(mailsTo(t, other)).toHaveLength(0);
  });

  it('mails one address at most three times a day whichever accounts ask', async () => {
    const target = uniqueEmail('popular');
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      await t.signInAs(`asker${i}`);
      statuses.push((await updateProfile(`asker${i}`, { email: target, companyName: 'Co', currentPassword: 'password123' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(t, target)).toHaveLength(3);
  });

  it("keeps only the newest pending change, and greets the new address without the account's words", async () => {
    const user = await t.signInAs('changer', { firstName: 'Prizes' });
    const first = uniqueEmail('first-choice');
    const second = uniqueEmail('second-choice');
    await updateProfile('changer', { email: first, companyName: 'Co', currentPassword: 'password123' });
    const firstMail = await waitForMailTo(t, first);
    await updateProfile('changer', { email: second, companyName: 'Co', currentPassword: 'password123' });
    const secondMail = await waitForMailTo(t, second);
    expect(secondMail.parsed.text).toContain('Hello,');
    expect(secondMail.parsed.text).not.toContain('Prizes');
    const stale = linkIn(firstMail, '/api/auth/confirm-email?token=');
    expect((await call(t, { method: 'GET', url: stale.pathname + stale.search })).headers.location).toBe('/profile?email=invalid');
    expect(await userByEmail(user.email)).toMatchObject({ pendingEmail: second });
  });

  it('refuses the bootstrap address at registration', async () => {
    const res = await call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration('Chief@Nashr.test') });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'email', message: 'This email address cannot be used for an account', code: 'RESERVED_ADDRESS' }]);
  });
});

describe('registration of an address that has an account', () => {
  it('answers exactly as for a new address and emails the owner instead of creating anything', async () => {
    const owner = await registerVerified(t, uniqueEmail('owner'), 'owner-pass-77');
    const fresh = uniqueEmail('fresh');
    const forNew = await call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(fresh) });
    const forTaken = await call(t, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...validRegistration(owner.toUpperCase()), password: 'attacker-pass' },
    });
    expect(forTaken.statusCode).toBe(forNew.statusCode);
    expect(forTaken.json()).toEqual({ ...forNew.json(), email: owner });

    const notice = await waitForMailTo(t, owner, 2);
    expect(notice.parsed.subject).toMatch(/already have a Nashr account/);
    expect(notice.parsed.text).toContain('http://localhost:3000/auth?mode=forgot');
    const stored = await userByEmail(owner);
    expect(await verifyPassword(stored.passwordHash, 'owner-pass-77')).toBe(true);
    expect(stored.companyName).toBe('Gulf News Wire');
  });
});

describe('client addresses behind a proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const ip = nextIp();
    // One account guessed at from one client: the pair's limit (20) holds whatever the header claims.
    const target = uniqueEmail('guessed');
    for (let i = 0; i < 20; i++) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: target, password: 'guess' },
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target, password: 'guess' },
      remoteAddress: ip,
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('failed sign-ins', () => {
  it('counts concurrent attempts exactly: 40 at once get at most 20 answers', async () => {
    const email = await registerVerified(t);
    const ip = nextIp();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(email, `wrong-${i}`, ip)));
    const tried = results.filter((res) => res.statusCode === 401).length;
    expect(tried).toBeLessThanOrEqual(20);
    expect(results.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
  });

  it("cannot lock the owner out: 20 wrong passwords from another client leave the owner's sign-in working", async () => {
    const email = await registerVerified(t);
    const attacker = nextIp();
    for (let i = 0; i < 20; i++) expect((await login(email, `guess-${i}`, attacker)).statusCode).toBe(401);
    expect((await login(email, 'secret123', attacker)).statusCode).toBe(429);
    expect((await login(email, 'secret123', nextIp())).statusCode).toBe(200);
  });
});

describe('reset links after a password change', () => {
  it('voids every outstanding reset link when the password is changed', async () => {
    const email = await registerVerified(t);
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = linkIn(await waitForMailTo(t, email, 2), '/auth/reset?token=');
    expect((await signIn(t, 'changer', email)).statusCode).toBe(200);
    const changed = await call(t, {
      method: 'PUT',
      url: '/api/auth/password',
      as: 'changer',
      payload: { currentPassword: 'secret123', newPassword: 'fresh-choice-9' },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await call(t, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link.searchParams.get('token'), password: 'thief-choice-9' },
    });
    expect(reset.statusCode).toBe(400);
    expect(await verifyPassword((await userByEmail(email)).passwordHash, 'fresh-choice-9')).toBe(true);
  });
});

describe('common passwords', () => {
  const COMMON = 'This password is too common. Choose one that is harder to guess.';

  it.each(['password', 'Football', '123456', 'qwerty123'])('refuses %s at registration', async (password) => {
    const email = uniqueEmail('common');
    const res = await call(t, { method: 'POST', url: '/api/auth/register', payload: { ...validRegistration(email), password } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'password', message: COMMON, code: 'COMMON_PASSWORD' }]);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses one as a new password and at reset', async () => {
    await t.signInAs('weak-changer');
    const change = await call(t, {
      method: 'PUT',
      url: '/api/auth/password',
      as: 'weak-changer',
      payload: { currentPassword: 'password123', newPassword: 'baseball' },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors).toEqual([{ path: 'newPassword', message: COMMON, code: 'COMMON_PASSWORD' }]);

    const email = await registerVerified(t);
    await call(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    const link = linkIn(await waitForMailTo(t, email, 2), '/auth/reset?token=');
    const reset = await call(t, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link.searchParams.get('token'), password: 'sunshine' },
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().errors).toEqual([{ path: 'password', message: COMMON, code: 'COMMON_PASSWORD' }]);
  });
});
