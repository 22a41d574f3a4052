import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailTokens, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { storedAccountByEmail } from '../test/account-rows.js';
import {
  call,
  linkIn,
  mailsTo,
  registerVerified,
  signIn,
  uniqueEmail,
  validRegistration,
  waitForMailTo,
} from './auth-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) => call(t, { method: 'POST', url: '/api/auth/register', payload: payload as object });
const follow = (link: URL) => call(t, { method: 'GET', url: link.pathname + link.search });
const userByEmail = (email: string) => storedAccountByEmail(t.db, email);

describe('POST /api/auth/register', () => {
  it('creates an unverified account, stores the email in lower case and asks for verification', async () => {
    const email = uniqueEmail('Mixed.Case').replace('company.test', 'Company.TEST');
    const res = await register({ ...validRegistration(`  ${email}  `), confirmPassword: 'secret123' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ requiresVerification: true, email: email.toLowerCase() });
    const stored = await userByEmail(email.toLowerCase());
    expect(stored).toMatchObject({
      companyName: 'Gulf News Wire',
      firstName: 'Layla',
      lastName: 'Haddad',
      verified: false,
      role: 'user',
      userType: 'trial',
    });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each(["Mary-Jane O'Neil", 'J. R.', 'ليلى', 'Anne-Marie St. Clair'])('accepts the name %s', async (name) => {
    const res = await register({ ...validRegistration(uniqueEmail()), firstName: name, lastName: name });
    expect(res.statusCode).toBe(201);
  });

  it('lists every broken rule of SPEC §5 at once, with its message, as a 422', async () => {
    const res = await register({ email: 'not-an-email', password: '12345', companyName: '', firstName: ' ', lastName: '' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid email address' },
        { path: 'password', message: 'Password must be at least 6 characters' },
        { path: 'companyName', message: 'Company name is required' },
        { path: 'firstName', message: 'First name is required' },
        { path: 'lastName', message: 'Last name is required' },
      ]),
    );
    expect(body.errors).toHaveLength(5);
  });

  it.each([
    ['email', { email: 'missing-at.example.com' }, 'Please enter a valid email address'],
    ['email', { email: '' }, 'Please enter a valid email address'],
    ['email', { email: undefined }, 'Please enter a valid email address'],
    ['email', { email: `${'a'.repeat(250)}@company.test` }, 'Please enter a valid email address'],
    ['password', { password: 'short' }, 'Password must be at least 6 characters'],
    ['password', { password: undefined }, 'Password must be at least 6 characters'],
    ['password', { password: [] }, 'Password must be at least 6 characters'],
    ['password', { password: 'x'.repeat(1025) }, 'Password is too long'],
    ['companyName', { companyName: '   ' }, 'Company name is required'],
    ['companyName', { companyName: undefined }, 'Company name is required'],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['firstName', { firstName: 42 }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    // A name is read out in mail ("Hello …"): never a way to put a link in front of a stranger.
    ['firstName', { firstName: 'WIN $5000 NOW at http://win.example' }, 'A name cannot contain a web or email address'],
    ['firstName', { firstName: 'Visit www.win' }, 'A name cannot contain a web or email address'],
    ['firstName', { firstName: 'prizes.example' }, 'A name cannot contain a web or email address'],
    ['firstName', { firstName: 'HTTPS claim now' }, 'A name cannot contain a web or email address'],
    ['firstName', { firstName: 'write to win@prize.example' }, 'A name cannot contain a web or email address'],
    ['lastName', { lastName: 'see win.example/now' }, 'A name cannot contain a web or email address'],
    ['firstName', { firstName: 'x'.repeat(61) }, 'First name is too long'],
  ])('refuses a bad %s (%j) with "%s"', async (field, change, message) => {
    const res = await register({ ...validRegistration(uniqueEmail()), ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: field, message }]);
  });

  it('accepts a password of exactly 6 characters', async () => {
    // SPEC's minimum stays: six characters that are not on the common-password list.
    const res = await register({ ...validRegistration(uniqueEmail()), password: 'q7#mLx' });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a body that is not an object with a 422, and broken JSON with a 400', async () => {
    expect((await register([1, 2])).statusCode).toBe(422);
    const broken = await call(t, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test",',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Malformed JSON in request body' });
  });

  it('refuses text holding a NUL character with a 400 and creates nothing', async () => {
    const email = uniqueEmail('nul');
    const res = await register({ ...validRegistration(email), companyName: 'Gulf\u0000Wire' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Text must not contain NUL characters', code: 'BAD_REQUEST', requestId: res.headers['x-request-id'] });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('never creates a second account for an email that is taken, whatever its case, and never says so', async () => {
    const email = uniqueEmail('taken');
    expect((await register(validRegistration(email))).statusCode).toBe(201);
    for (const variant of [email, email.toUpperCase(), ` ${email.replace('taken', 'TaKeN')}`]) {
      const res = await register(validRegistration(variant));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ requiresVerification: true, email });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('refuses a registration from a foreign origin', async () => {
    const email = uniqueEmail();
    const res = await call(t, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: 'https://evil.example' },
      payload: validRegistration(email),
    });
    expect(res.statusCode).toBe(403);
    expect(await userByEmail(email)).toBeUndefined();
  });
});

describe('the verification email and GET /api/auth/verify', () => {
  it('sends an English email with the Nashr look, in HTML and text, whose link verifies the account', async () => {
    const email = uniqueEmail('verify');
    await register(validRegistration(email));
    const mail = await waitForMailTo(t, email);
    expect(mail.parsed.subject).toBe('Verify your email address for Nashr');
    expect(mail.parsed.text).toContain('Premium PR Distribution - MENA');
    // Sent to an address nobody has proven yet: the registrant's own words (the name) are not in it.
    expect(mail.parsed.text).toContain('Hello,');
    expect(mail.parsed.text).not.toContain('Layla');
    expect(mail.parsed.html).toContain('Premium PR Distribution - MENA');
    const link = linkIn(mail, '/api/auth/verify?token=');
    expect(mail.parsed.html).toContain(`href="${link.href}"`);
    // Only the hash of the token is stored.
    const token = link.searchParams.get('token')!;
    const stored = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, (await userByEmail(email)).id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(new Date(stored[0].expiresAt).getTime() - new Date(stored[0].createdAt).getTime()).toBeCloseTo(24 * 3600_000, -4);

    expect((await signIn(t, 'verify', email)).statusCode).toBe(403);
    const res = await follow(link);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?verified=1');
    expect((await userByEmail(email)).verified).toBe(true);
    expect((await signIn(t, 'verify', email)).statusCode).toBe(200);
  });

  it('refuses a link that was already used', async () => {
    const email = uniqueEmail('reuse');
    await register(validRegistration(email));
    const link = linkIn(await waitForMailTo(t, email), '/api/auth/verify?token=');
    expect((await follow(link)).headers.location).toBe('/auth?verified=1');
    const again = await follow(link);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/auth?verified=invalid');
  });

  it('refuses an expired link and leaves the account unverified', async () => {
    const email = uniqueEmail('expired');
    await register(validRegistration(email));
    const link = linkIn(await waitForMailTo(t, email), '/api/auth/verify?token=');
    const user = await userByEmail(email);
    await t.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailTokens.userId, user.id));
    expect((await follow(link)).headers.location).toBe('/auth?verified=invalid');
    expect((await userByEmail(email)).verified).toBe(false);
  });

  it.each(['/api/auth/verify', '/api/auth/verify?token=', '/api/auth/verify?token=made-up', '/api/auth/verify?token=a&token=b'])(
    'sends %s to the invalid banner',
    async (url) => {
      const res = await call(t, { method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?verified=invalid');
    },
  );

  it('does not spend the token on a HEAD request (mail scanners probe links)', async () => {
    const email = uniqueEmail('head');
    await register(validRegistration(email));
    const link = linkIn(await waitForMailTo(t, email), '/api/auth/verify?token=');
    const head = await call(t, { method: 'HEAD', url: link.pathname + link.search });
    expect(head.statusCode).toBe(404);
    expect((await follow(link)).headers.location).toBe('/auth?verified=1');
  });
});

describe('POST /api/auth/resend-verification', () => {
  const resend = (payload: unknown) => call(t, { method: 'POST', url: '/api/auth/resend-verification', payload: payload as object });

  it('sends a new working link to an unverified account', async () => {
    const email = uniqueEmail('resend');
    await register(validRegistration(email));
    await waitForMailTo(t, email, 1);
    const res = await resend({ email: email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    const link = linkIn(await waitForMailTo(t, email, 2), '/api/auth/verify?token=');
    expect((await follow(link)).headers.location).toBe('/auth?verified=1');
  });

  it('answers the same for an unknown or already verified address and sends nothing to them', async () => {
    const unknown = uniqueEmail('nobody');
    const verified = await registerVerified(t);
    const mailsBefore = mailsTo(t, verified).length;
    const unknownRes = await resend({ email: unknown });
    const verifiedRes = await resend({ email: verified });
    expect(unknownRes.statusCode).toBe(200);
    expect(verifiedRes.statusCode).toBe(200);
    expect(unknownRes.json()).toEqual({ email: unknown });
    // A message that does go out afterwards proves the earlier calls had their chance to send.
    const pending = uniqueEmail('pending');
    await register(validRegistration(pending));
    await waitForMailTo(t, pending);
    expect(mailsTo(t, unknown)).toHaveLength(0);
    expect(mailsTo(t, verified)).toHaveLength(mailsBefore);
  });

  it('refuses an invalid address with the SPEC message', async () => {
    const res = await resend({ email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
  });
});
