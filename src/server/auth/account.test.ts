import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailTokens, sessions, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
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

const me = (as: string) => call(t, { method: 'GET', url: '/api/auth/me', as });
const forgot = (email: string) => call(t, { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (payload: unknown) => call(t, { method: 'POST', url: '/api/auth/reset-password', payload: payload as object });
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];

/** The token of the nth password-reset mail sent to the address (verification mails not counted). */
async function resetToken(email: string, nth = 1): Promise<string> {
  const isReset = (subject: string | undefined) => subject === 'Reset your Nashr password';
  for (let count = 1; mailsTo(t, email).filter((m) => isReset(m.parsed.subject)).length < nth; count++) {
    await waitForMailTo(t, email, count);
  }
  const mail = mailsTo(t, email).filter((m) => isReset(m.parsed.subject))[nth - 1];
  return linkIn(mail, '/auth/reset?token=').searchParams.get('token')!;
}

describe('forgotten password: POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  it('emails a one-hour link; the reset sets the password and signs out every session', async () => {
    const email = await registerVerified(t);
    await signIn(t, 'laptop', email);
    await signIn(t, 'phone', email);
    const before = mailsTo(t, email).length;

    const res = await forgot(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email });
    const mail = await waitForMailTo(t, email, before + 1);
    expect(mail.parsed.subject).toBe('Reset your Nashr password');
    expect(mail.parsed.html).toContain('Premium PR Distribution - MENA');
    const token = linkIn(mail, '/auth/reset?token=').searchParams.get('token')!;
    const [stored] = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, (await userByEmail(email)).id), eq(emailTokens.purpose, 'reset_password')));
    expect(new Date(stored.expiresAt).getTime() - new Date(stored.createdAt).getTime()).toBeCloseTo(3600_000, -4);

    const done = await reset({ token, password: 'brand-new-pass' });
    expect(done.statusCode).toBe(200);
    expect((await me('laptop')).statusCode).toBe(401);
    expect((await me('phone')).statusCode).toBe(401);
    expect((await signIn(t, 'laptop', email)).statusCode).toBe(401);
    expect((await signIn(t, 'laptop', email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a reset link that was already used', async () => {
    const email = await registerVerified(t);
    await forgot(email);
    const token = await resetToken(email);
    expect((await reset({ token, password: 'first-new-pass' })).statusCode).toBe(200);
    const again = await reset({ token, password: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'The reset link is invalid or has expired', code: 'INVALID_TOKEN', requestId: again.headers['x-request-id'] });
    expect((await signIn(t, 'reused', email, 'first-new-pass')).statusCode).toBe(200);
  });

  it('refuses an expired reset link and keeps the old password', async () => {
    const email = await registerVerified(t);
    await forgot(email);
    const token = await resetToken(email);
    await t.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, (await userByEmail(email)).id));
    expect((await reset({ token, password: 'never-applied' })).statusCode).toBe(400);
    expect((await signIn(t, 'expired-reset', email)).statusCode).toBe(200);
  });

  it('voids the other reset links once one has worked', async () => {
    const email = await registerVerified(t);
    await forgot(email);
    await forgot(email);
    const first = await resetToken(email);
    const second = await resetToken(email, 2);
    expect((await reset({ token: second, password: 'second-link-pass' })).statusCode).toBe(200);
    expect((await reset({ token: first, password: 'first-link-pass' })).statusCode).toBe(400);
  });

  it('does not accept a verification token as a reset token', async () => {
    const email = uniqueEmail('cross');
    await call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(email) });
    const verifyToken = linkIn(await waitForMailTo(t, email), '/api/auth/verify?token=').searchParams.get('token')!;
    expect((await reset({ token: verifyToken, password: 'sneaky-password' })).statusCode).toBe(400);
  });

  it('verifies an account that resets its password through the emailed link', async () => {
    const email = uniqueEmail('unverified-reset');
    await call(t, { method: 'POST', url: '/api/auth/register', payload: validRegistration(email) });
    await waitForMailTo(t, email);
    await forgot(email);
    const link = linkIn(await waitForMailTo(t, email, 2), '/auth/reset?token=');
    expect((await reset({ token: link.searchParams.get('token'), password: 'proven-owner' })).statusCode).toBe(200);
    expect((await signIn(t, 'unverified-reset', email, 'proven-owner')).statusCode).toBe(200);
  });

  it('answers 200 for an unknown address and sends nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const res = await forgot(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: unknown });
    const known = await registerVerified(t);
    await forgot(known);
    await resetToken(known);
    expect(mailsTo(t, unknown)).toHaveLength(0);
  });

  it('refuses bad input', async () => {
    const badEmail = await forgot('not-an-email');
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);

    const short = await reset({ token: 'whatever', password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);

    const noToken = await reset({ password: 'long-enough' });
    expect(noToken.statusCode).toBe(422);
    expect(noToken.json().errors).toEqual([{ path: 'token', message: 'The reset link is invalid or has expired' }]);

    const overlongToken = await reset({ token: 'x'.repeat(201), password: 'long-enough' });
    expect(overlongToken.json().errors).toEqual([{ path: 'token', message: 'The reset link is invalid or has expired' }]);
    const wrongTypes = await reset({ token: 42, password: ['long-enough'] });
    expect(wrongTypes.json().errors).toEqual([
      { path: 'token', message: 'The reset link is invalid or has expired' },
      { path: 'password', message: 'Password must be at least 8 characters' },
    ]);

    expect((await reset({ token: 'made-up-token', password: 'long-enough' })).statusCode).toBe(400);
  });
});

describe('PUT /api/auth/password', () => {
  const change = (as: string, payload: unknown) =>
    call(t, { method: 'PUT', url: '/api/auth/password', as, payload: payload as object });

  it('changes the password, keeps this session and signs out every other one', async () => {
    const email = await registerVerified(t);
    await signIn(t, 'desk', email);
    await signIn(t, 'tablet', email);
    const res = await change('desk', { currentPassword: 'secret123', newPassword: 'much-better-pass' });
    expect(res.statusCode).toBe(200);
    expect((await me('desk')).statusCode).toBe(200);
    expect((await me('tablet')).statusCode).toBe(401);
    expect((await signIn(t, 'other', email)).statusCode).toBe(401);
    expect((await signIn(t, 'other', email, 'much-better-pass')).statusCode).toBe(200);
  });

  it('refuses a wrong current password on the currentPassword field and changes nothing', async () => {
    const email = await registerVerified(t);
    await signIn(t, 'guesser', email);
    const res = await change('guesser', { currentPassword: 'wrong-guess', newPassword: 'much-better-pass' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: 'Current password is incorrect',
      errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await signIn(t, 'guesser', email)).statusCode).toBe(200);
  });

  it('refuses bad input with the SPEC §5 messages', async () => {
    await t.signInAs('validator');
    const short = await change('validator', { currentPassword: 'password123', newPassword: '1234567' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters' }]);
    const empty = await change('validator', {});
    expect(empty.json().errors).toEqual([
      { path: 'currentPassword', message: 'Current password is required' },
      { path: 'newPassword', message: 'Password must be at least 8 characters' },
    ]);
    const overlong = await change('validator', { currentPassword: 'x'.repeat(1025), newPassword: 'y'.repeat(1025) });
    expect(overlong.json().errors).toEqual([
      { path: 'currentPassword', message: 'Password is too long' },
      { path: 'newPassword', message: 'Password is too long' },
    ]);
  });

  it('needs a signed-in user and our own origin', async () => {
    expect((await change('stranger', { currentPassword: 'x', newPassword: 'long-enough' })).statusCode).toBe(401);
    await t.signInAs('csrf-password');
    const foreign = await call(t, {
      method: 'PUT',
      url: '/api/auth/password',
      as: 'csrf-password',
      headers: { origin: 'https://evil.example' },
      payload: { currentPassword: 'password123', newPassword: 'attacker-choice' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('PUT /api/auth/profile', () => {
  const update = (as: string, payload: unknown) =>
    call(t, { method: 'PUT', url: '/api/auth/profile', as, payload: payload as object });

  it('updates name and company at once, and holds a new email pending its confirmation', async () => {
    const user = await t.signInAs('editor');
    const email = uniqueEmail('New.Address');
    const res = await update('editor', {
      email: email.toUpperCase(),
      companyName: ' Levant Media ',
      firstName: 'Omar',
      lastName: '',
      currentPassword: 'password123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      pendingEmail: email.toLowerCase(),
      companyName: 'Levant Media',
      firstName: 'Omar',
      lastName: '',
    });
    expect((await me('editor')).json()).toEqual(res.json());
  });

  it('keeps the own email without a conflict', async () => {
    const user = await t.signInAs('same-email');
    const res = await update('same-email', { email: user.email.toUpperCase(), companyName: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, companyName: 'Renamed', firstName: '', lastName: '' });
  });

  it("answers 409 for another account's email in any case", async () => {
    const other = await t.signInAs('owner-of-address');
    const user = await t.signInAs('wants-address');
    const res = await update('wants-address', {
      email: other.email.toUpperCase(),
      companyName: 'Co',
      currentPassword: 'password123',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists' });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0].email).toBe(user.email);
  });

  it('refuses bad input with the SPEC §5 messages', async () => {
    await t.signInAs('bad-profile');
    const res = await update('bad-profile', { email: 'nope', companyName: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'companyName', message: 'Company name is required' },
    ]);
    const tooLong = await update('bad-profile', { email: uniqueEmail(), companyName: 'Co', firstName: 'x'.repeat(101) });
    expect(tooLong.json().errors).toEqual([{ path: 'firstName', message: 'First name is too long' }]);
    const link = await update('bad-profile', { email: uniqueEmail(), companyName: 'Co', firstName: 'Hello http://win.example' });
    expect(link.statusCode).toBe(422);
    expect(link.json().errors).toEqual([{ path: 'firstName', message: 'A name cannot contain a web or email address' }]);
  });

  it('needs a signed-in user and our own origin', async () => {
    expect((await update('nobody', { email: uniqueEmail(), companyName: 'Co' })).statusCode).toBe(401);
    const user = await t.signInAs('csrf-profile');
    const foreign = await call(t, {
      method: 'PUT',
      url: '/api/auth/profile',
      as: 'csrf-profile',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'attacker@evil.example', companyName: 'Pwned' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0].email).toBe(user.email);
  });

  it('leaves the sessions of the account alone', async () => {
    const user = await t.signInAs('session-keeper');
    await update('session-keeper', { email: user.email, companyName: 'Still Here' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });
});
