import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ReceivedMail } from '../test/smtp-sink.js';
import type { TestApp } from '../test/test-app.js';

/** Helpers shared by the account tests: requests that must never leak secrets, and reading real mail. */

let ipCounter = 0;
/** A fresh client address, so that one test's attempts never count against another test's limits. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${Date.now().toString(36)}@company.test`;
}

/** t.request, plus the check that no answer ever carries a password or its hash. */
export async function call(t: TestApp, options: InjectOptions & { as?: string }): Promise<LightMyRequestResponse> {
  const res = await t.request({ remoteAddress: nextIp(), ...options });
  expect(res.body).not.toMatch(/password_?hash/i);
  expect(res.body).not.toMatch(/\$argon2/);
  return res;
}

export const validRegistration = (email: string) => ({
  email,
  password: 'secret123',
  companyName: 'Gulf News Wire',
  firstName: 'Layla',
  lastName: 'Haddad',
});

/** Waits for the count-th message sent to `address` (1-based) and returns it. */
export async function waitForMailTo(t: TestApp, address: string, count = 1): Promise<ReceivedMail> {
  for (;;) {
    const received = t.smtp.messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
    if (received.length >= count) return received[count - 1];
    await t.smtp.waitFor(t.smtp.messages.length + 1);
  }
}

export function mailsTo(t: TestApp, address: string): ReceivedMail[] {
  return t.smtp.messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
}

/** The first link of the mail's plain text that starts with the public URL and the given path. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const pattern = new RegExp(`http://localhost:3000${path.replace(/[?/]/g, '\\$&')}[^\\s"'<>]+`);
  const match = (mail.parsed.text ?? '').match(pattern);
  if (!match) throw new Error(`no ${path} link in mail "${mail.parsed.subject}"`);
  return new URL(match[0]);
}

/** Registers through the API and follows the emailed verification link: a user who can sign in. */
export async function registerVerified(t: TestApp, email = uniqueEmail(), password = 'secret123'): Promise<string> {
  const earlierMails = mailsTo(t, email).length;
  const res = await call(t, { method: 'POST', url: '/api/auth/register', payload: { ...validRegistration(email), password } });
  expect(res.statusCode).toBe(201);
  const link = linkIn(await waitForMailTo(t, email, earlierMails + 1), '/api/auth/verify?token=');
  const verify = await call(t, { method: 'GET', url: link.pathname + link.search });
  expect(verify.headers.location).toBe('/auth?verified=1');
  return email;
}

export async function signIn(t: TestApp, as: string, email: string, password = 'secret123') {
  return call(t, { method: 'POST', url: '/api/auth/login', payload: { email, password }, as });
}
