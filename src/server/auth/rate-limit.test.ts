import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { authAttempts } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, nextIp, registerVerified, uniqueEmail, validRegistration } from './auth-test-helpers.js';
import { pruneAttempts, RATE_RULES } from '../common/rate-limit.js';

let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  proxied = await createTestApp({ TRUST_PROXY: 'on' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const login = (email: string, password: string, ip = nextIp()) =>
  call(t, { method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

/** Moves every recorded attempt of these keys back in time, as if the minutes had passed. */
async function age(keys: string[], minutes: number) {
  await t.db
    .update(authAttempts)
    .set({ createdAt: sql`${authAttempts.createdAt} - make_interval(mins => ${minutes})` })
    .where(inArray(authAttempts.key, keys));
}

/** Failed sign-ins recorded just now under one key, as if they had been tried. */
async function seedFailures(key: string, count: number) {
  await t.db.insert(authAttempts).values(Array.from({ length: count }, () => ({ kind: 'login_failure' as const, key, createdAt: new Date() })));
}

function expectRateLimited(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('failed sign-in limit', () => {
  it('answers 429 after 20 failures for one address from one client, even with the right password, until the window passes', async () => {
    const email = await registerVerified(t);
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await login(email, `wrong-${i}`, ip)).statusCode).toBe(401);
    expectRateLimited(await login(email, 'secret123', ip));
    expectRateLimited(await login(email.toUpperCase(), 'wrong-again', ip));

    await age([`pair:${email}|${ip}`, `ip:${ip}`], 16);
    expect((await login(email, 'secret123', ip)).statusCode).toBe(200);
  });

  it('does not lock a shared connection: 20 failures for one account leave the other accounts signing in from it', async () => {
    const office = nextIp();
    const guessed = await registerVerified(t);
    for (let i = 0; i < 20; i++) expect((await login(guessed, `wrong-${i}`, office)).statusCode).toBe(401);
    expectRateLimited(await login(guessed, 'secret123', office));
    const colleague = await registerVerified(t);
    expect((await login(colleague, 'secret123', office)).statusCode).toBe(200);
  });

  it('answers 429 after 100 failures from one IP, whatever the addresses, until the window passes', async () => {
    const ip = nextIp();
    await seedFailures(`ip:${ip}`, 99);
    expect((await login(uniqueEmail('spray'), 'guess', ip)).statusCode).toBe(401);
    const victim = await registerVerified(t);
    expectRateLimited(await login(victim, 'secret123', ip));
    expect((await login(victim, 'secret123', nextIp())).statusCode).toBe(200);

    await age([`ip:${ip}`], 16);
    expect((await login(victim, 'secret123', ip)).statusCode).toBe(200);
  });

  it('answers 429 after 100 failures for one account from any clients, until the window passes', async () => {
    const email = await registerVerified(t);
    await seedFailures(`email:${email}`, 99);
    expect((await login(email, 'guess', nextIp())).statusCode).toBe(401);
    expectRateLimited(await login(email, 'secret123', nextIp()));
    await age([`email:${email}`], 16);
    expect((await login(email, 'secret123', nextIp())).statusCode).toBe(200);
  });

  it('takes the client address from X-Forwarded-For behind a proxy when TRUST_PROXY is on', async () => {
    const forwarded = '203.0.113.77';
    await proxied.db.insert(authAttempts).values(Array.from({ length: 100 }, () => ({ kind: 'login_failure' as const, key: `ip:${forwarded}`, createdAt: new Date() })));
    const blocked = await call(proxied, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('proxied'), password: 'guess' },
      headers: { 'x-forwarded-for': forwarded },
    });
    expectRateLimited(blocked);
    const direct = await call(proxied, { method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail('proxied'), password: 'guess' } });
    expect(direct.statusCode).toBe(401);
  });

  it('does not count successful sign-ins', async () => {
    const email = await registerVerified(t);
    const ip = nextIp();
    for (let i = 0; i < 21; i++) expect((await login(email, 'secret123', ip)).statusCode).toBe(200);
    const counted = await t.db
      .select()
      .from(authAttempts)
      .where(
        and(eq(authAttempts.kind, RATE_RULES.loginFailure.kind), inArray(authAttempts.key, [`pair:${email}|${ip}`, `ip:${ip}`])),
      );
    expect(counted).toHaveLength(0);
  });

  it('counts wrong current passwords on the password form, from any client, against the account', async () => {
    const user = await t.signInAs('limited');
    for (let i = 0; i < 20; i++) {
      const res = await call(t, {
        method: 'PUT',
        url: '/api/auth/password',
        as: 'limited',
        payload: { currentPassword: `wrong-${i}`, newPassword: 'whatever-new' },
      });
      expect(res.statusCode).toBe(422);
    }
    const right = await call(t, {
      method: 'PUT',
      url: '/api/auth/password',
      as: 'limited',
      payload: { currentPassword: 'password123', newPassword: 'whatever-new' },
    });
    expectRateLimited(right);
    // The account's owner can still sign in from their own client.
    expect((await login(user.email, 'password123')).statusCode).toBe(200);
  });

  it('counts wrong current passwords on the password form and failed sign-ins from one client together', async () => {
    const user = await t.signInAs('shared-client');
    const ip = nextIp();
    for (let i = 0; i < 20; i++) expect((await login(user.email, `wrong-${i}`, ip)).statusCode).toBe(401);
    const form = await call(t, {
      method: 'PUT',
      url: '/api/auth/password',
      as: 'shared-client',
      payload: { currentPassword: 'password123', newPassword: 'whatever-new' },
      remoteAddress: ip,
    });
    expectRateLimited(form);
  });
});

describe('limits on registration, resend and forgotten password', () => {
  it('allows 30 registrations per IP in 15 minutes', async () => {
    const ip = nextIp();
    const register = (email: string) =>
      call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(email), remoteAddress: ip });
    for (let i = 0; i < RATE_RULES.register.limits.client; i++) expect((await register(uniqueEmail('bulk'))).statusCode).toBe(201);
    expectRateLimited(await register(uniqueEmail('bulk')));
  });

  it('allows 10 registration attempts per address in 15 minutes, whether or not it has an account', async () => {
    const email = uniqueEmail('probe');
    const register = () => call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(email) });
    for (let i = 0; i < RATE_RULES.register.limits.address; i++) expect((await register()).statusCode).toBe(201);
    expectRateLimited(await register());
  });

  it.each([
    ['/api/auth/resend-verification', RATE_RULES.resendVerification],
    ['/api/auth/forgot-password', RATE_RULES.forgotPassword],
  ])('limits %s per address and per IP, whether or not the address exists', async (url, rule) => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < rule.limits.address; i++) {
      expect((await call(t, { method: 'POST', url, payload: { email } })).statusCode).toBe(200);
    }
    expectRateLimited(await call(t, { method: 'POST', url, payload: { email } }));

    const ip = nextIp();
    for (let i = 0; i < rule.limits.client; i++) {
      const res = await call(t, { method: 'POST', url, payload: { email: uniqueEmail('scan') }, remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    expectRateLimited(await call(t, { method: 'POST', url, payload: { email: uniqueEmail('scan') }, remoteAddress: ip }));
  });

  it('does not count bad input', async () => {
    const ip = nextIp();
    for (let i = 0; i < 35; i++) {
      const res = await call(t, { method: 'POST', url: '/api/auth/register', payload: { email: 'bad' }, remoteAddress: ip });
      expect(res.statusCode).toBe(422);
    }
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/register',
      payload: validRegistration(uniqueEmail()),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('pruneAttempts', () => {
  it('deletes the attempts no window can count any more and keeps the rest', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - 16 * 60_000);
    const recent = new Date(now.getTime() - 60_000);
    await t.db.insert(authAttempts).values([
      { kind: 'login_failure', key: 'ip:198.51.100.1', createdAt: old },
      { kind: 'register', key: 'ip:198.51.100.1', createdAt: old },
      { kind: 'login_failure', key: 'ip:198.51.100.2', createdAt: recent },
    ]);
    expect(await pruneAttempts(t.db, now)).toBeGreaterThanOrEqual(2);
    const left = await t.db
      .select({ key: authAttempts.key })
      .from(authAttempts)
      .where(inArray(authAttempts.key, ['ip:198.51.100.1', 'ip:198.51.100.2']));
    expect(left).toEqual([{ key: 'ip:198.51.100.2' }]);
  });
});
