import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../db/schema.js';
import { sha256 } from '../http/tokens.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, registerVerified, signIn, uniqueEmail, validRegistration, waitForMailTo } from './auth-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (as: string) => call(t, { method: 'GET', url: '/api/auth/me', as });

describe('POST /api/auth/login', () => {
  it('signs a verified user in with a session cookie and answers the current user', async () => {
    const email = await registerVerified(t);
    const res = await signIn(t, 'login-ok', email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({ email, companyName: 'Gulf News Wire', firstName: 'Layla', lastName: 'Haddad', role: 'user' });
    expect(Object.keys(user).some((k) => /password/i.test(k))).toBe(false);

    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    // The database holds only the hash of the session id.
    const [row] = await t.db.select().from(sessions).where(eq(sessions.idHash, sha256(cookie.value)));
    expect(row.userId).toBe(user.id);

    const current = await me('login-ok');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(user);
  });

  it("tells a first sign-in from the next ones, also when two first sign-ins arrive at once", async () => {
    const email = await registerVerified(t);
    expect((await signIn(t, 'first-a', email)).json().firstSignIn).toBe(true);
    expect((await signIn(t, 'first-b', email)).json().firstSignIn).toBe(false);
    const [row] = await t.db.select({ at: users.lastSignInAt }).from(users).where(eq(users.email, email));
    expect(row.at).toBeInstanceOf(Date);

    const other = await registerVerified(t);
    const both = await Promise.all([signIn(t, 'race-a', other), signIn(t, 'race-b', other)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().firstSignIn).sort()).toEqual([false, true]);
    // A refused sign-in is no sign-in.
    const refused = await registerVerified(t);
    expect((await signIn(t, 'refused', refused, 'wrong-password')).statusCode).toBe(401);
    expect((await signIn(t, 'refused', refused)).json().firstSignIn).toBe(true);
  });

  it('gives a new session id at every sign-in and drops the one the browser held', async () => {
    const email = await registerVerified(t);
    const first = (await signIn(t, 'rotate', email)).cookies.find((c) => c.name === 'sid')!.value;
    const second = (await signIn(t, 'rotate', email)).cookies.find((c) => c.name === 'sid')!.value;
    expect(second).not.toBe(first);
    expect(await t.db.select().from(sessions).where(eq(sessions.idHash, sha256(first)))).toHaveLength(0);
    expect((await me('rotate')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const email = await registerVerified(t);
    const wrongPassword = await signIn(t, 'wrong', email, 'not-the-password');
    const unknownEmail = await signIn(t, 'wrong', uniqueEmail('ghost'), 'secret123');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid credentials', code: 'INVALID_CREDENTIALS', requestId: wrongPassword.headers['x-request-id'] });
    // The same answer but for the request's own id.
    expect({ ...unknownEmail.json(), requestId: undefined }).toEqual({ ...wrongPassword.json(), requestId: undefined });
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    expect((await me('wrong')).statusCode).toBe(401);
  });

  it('refuses an unverified account with 403 "verify your email", but only once the password is right', async () => {
    const email = uniqueEmail('unverified');
    await call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(email) });
    await waitForMailTo(t, email);
    const wrong = await signIn(t, 'unverified', email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    const right = await signIn(t, 'unverified', email);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toContain('verify your email');
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('refuses bad input with the SPEC §5 login messages', async () => {
    const res = await call(t, { method: 'POST', url: '/api/auth/login', payload: { email: 'nope', password: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'password', message: 'Password is required' },
    ]);
    const overlong = await call(t, { method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.test', password: 'x'.repeat(1025) } });
    expect(overlong.json().errors).toEqual([{ path: 'password', message: 'Password is too long' }]);
    const empty = await call(t, { method: 'POST', url: '/api/auth/login' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.map((e: { path: string }) => e.path)).toEqual(['email', 'password']);
  });

  it('refuses a login posted from a foreign origin or referer', async () => {
    const email = await registerVerified(t);
    const payload = { email, password: 'secret123' };
    const byOrigin = await call(t, { method: 'POST', url: '/api/auth/login', payload, headers: { origin: 'https://evil.example' } });
    const byReferer = await call(t, {
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { referer: 'https://evil.example/page' },
    });
    expect(byOrigin.statusCode).toBe(403);
    expect(byReferer.statusCode).toBe(403);
    expect(byOrigin.headers['set-cookie']).toBeUndefined();
    const ours = await call(t, { method: 'POST', url: '/api/auth/login', payload, headers: { origin: 'http://localhost:3000' } });
    expect(ours.statusCode).toBe(200);
  });
});

describe('GET /api/auth/session', () => {
  it('answers 200 with no user when signed out or with a forged cookie', async () => {
    for (const headers of [{}, { cookie: 'sid=forged' }]) {
      const res = await call(t, { method: 'GET', url: '/api/auth/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it('answers the signed-in user exactly as /api/auth/me does', async () => {
    await t.signInAs('asking');
    const session = await call(t, { method: 'GET', url: '/api/auth/session', as: 'asking' });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toEqual((await me('asking')).json());
    expect(session.json().user.email).toBeTruthy();
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('answers 401 when signed out', async () => {
    const res = await me('nobody');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required', code: 'UNAUTHORIZED', requestId: res.headers['x-request-id'] });
  });

  it('answers 401 for a forged or overlong cookie', async () => {
    for (const sid of ['forged', 'x'.repeat(500)]) {
      const res = await call(t, { method: 'GET', url: '/api/auth/me', headers: { cookie: `sid=${sid}` } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 401 once the session has expired', async () => {
    const user = await t.signInAs('expiring');
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await me('expiring')).statusCode).toBe(401);
  });

  it('signs out: the session row is deleted and the cookie cleared', async () => {
    const user = await t.signInAs('leaving');
    expect((await me('leaving')).statusCode).toBe(200);
    const res = await call(t, { method: 'POST', url: '/api/auth/logout', as: 'leaving' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await me('leaving')).statusCode).toBe(401);
  });

  it('lets a signed-out browser log out without an error', async () => {
    expect((await call(t, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
  });

  it('refuses a logout from a foreign origin and keeps the session', async () => {
    await t.signInAs('csrf-victim');
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/logout',
      as: 'csrf-victim',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await me('csrf-victim')).statusCode).toBe(200);
  });

  it('reads the user fresh at every request (a role change shows at once)', async () => {
    const user = await t.signInAs('promoted');
    await t.db.update(users).set({ role: 'super_admin' }).where(eq(users.id, user.id));
    expect((await me('promoted')).json()).toMatchObject({ role: 'super_admin', userType: 'super_admin' });
  });
});

describe('malformed requests', () => {
  it.each([
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/resend-verification'],
    ['POST', '/api/auth/forgot-password'],
    ['POST', '/api/auth/reset-password'],
    ['PUT', '/api/auth/profile'],
    ['PUT', '/api/auth/password'],
  ] as const)('%s %s answers malformed JSON with a 400', async (method, url) => {
    await t.signInAs('malformed');
    const res = await call(t, {
      method,
      url,
      as: 'malformed',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON in request body', code: 'BAD_REQUEST', requestId: res.headers['x-request-id'] });
  });

  it.each(['null', '"text"', '[]', '42', '{"email": {"$ne": null}, "password": ["x"]}'])(
    'answers the JSON body %s to login with a 422, never a 500',
    async (payload) => {
      const res = await call(t, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(422);
    },
  );
});
