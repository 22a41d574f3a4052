import { eq } from 'drizzle-orm';
import { dkimVerify } from 'mailauth';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { signedFields } from '../test/dkim-check.js';
import { suppressions } from '../db/schema.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { loadDkimKey, publicKeyRecord } from './dkim.js';
import { startInboundSmtp, type InboundListener } from './inbound-smtp.js';

/**
 * Account mails (verification, password reset, receipts) over real SMTP: DKIM-signed like release mail,
 * and sent from a VERP-style envelope sender that names the address, so that a bounce coming back to the
 * inbound listener says which account address is dead. A hard bounce suppresses the address.
 */

const DOMAIN = 'bounces.nashr.test';
const log = { info: () => {}, warn: () => {} };

let t: TestApp;
let inbound: InboundListener;
let remote: ReturnType<typeof nodemailer.createTransport>;
beforeAll(async () => {
  t = await createTestApp({ MAIL_FROM: 'Nashr <releases@nashr.test>', BOUNCE_DOMAIN: DOMAIN });
  const secret = await ensureAppSecret(t.deps);
  inbound = await startInboundSmtp({ db: t.db, port: 0, host: '127.0.0.1', bounceDomain: DOMAIN, secret, log });
  remote = nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true });
});
afterAll(async () => {
  remote.close();
  await inbound.close();
  await t.close();
});

/** A password-reset mail to a new account's address, as the sink received it. */
async function resetMail(name: string) {
  const user = await t.signInAs(name);
  const before = t.smtp.messages.length;
  const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  await t.smtp.waitFor(before + 1);
  const mail = t.smtp.messages.slice(before).find((m) => m.envelopeTo[0] === user.email)!;
  expect(mail).toBeDefined();
  return { user, mail };
}

/** A delivery status notification as Postfix writes it (RFC 3464). */
function dsn(recipient: string, status: string, action: string) {
  return [
    'From: MAILER-DAEMON@mx.remote.test',
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I am sorry to have to inform you that your message could not be delivered.',
    '',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.remote.test',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550' : '452'} ${status} no such mailbox`,
    '',
    '--b1--',
    '',
  ].join('\r\n');
}

const bounceTo = (envelopeTo: string, raw: string) => remote.sendMail({ envelope: { from: '', to: [envelopeTo] }, raw });
const suppressionOf = async (email: string) => (await t.db.select().from(suppressions).where(eq(suppressions.email, email)))[0];

describe('account mail', () => {
  it('is DKIM-signed for the sending domain and sent from a bounce address of the bounce domain', async () => {
    const { mail } = await resetMail('signed-account');
    expect(mail.envelopeFrom).toMatch(new RegExp(`^bounces\\+a[0-9a-f]{16}\\.[0-9a-f]{16}@${DOMAIN.replace(/\./g, '\\.')}$`));
    const key = await loadDkimKey(t.db, t.deps.config);
    const resolver = async (name: string) => {
      if (name !== 'nashr._domainkey.nashr.test') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [[publicKeyRecord(key)]];
    };
    const [result] = (await dkimVerify(mail.raw, { resolver })).results;
    expect(result.status.result).toBe('pass');
    expect(result.signingDomain).toBe('nashr.test');
    expect(signedFields(result)).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'date', 'message-id']));
  });

  it('suppresses the address when a hard bounce comes back to its bounce address', async () => {
    const { user, mail } = await resetMail('dead-mailbox');
    await bounceTo(mail.envelopeFrom, dsn(user.email, '5.1.1', 'failed'));
    await expect.poll(() => suppressionOf(user.email)).toMatchObject({ reason: 'bounced', releaseId: null });
  });

  it('reads the address from the words of a server that bounces in plain text', async () => {
    const { user, mail } = await resetMail('plain-bounce');
    const plain = [
      'From: postmaster@old.remote.test',
      'Subject: Mail delivery failed: returning message to sender',
      '',
      'This message was created automatically by mail delivery software.',
      'A message that you sent could not be delivered to one or more of its recipients:',
      '',
      `  ${user.email}`,
      '    550 5.1.1 User unknown',
      '',
    ].join('\r\n');
    await bounceTo(mail.envelopeFrom, plain);
    await expect.poll(() => suppressionOf(user.email)).toMatchObject({ reason: 'bounced' });
  });

  it('leaves the address alone for a delay warning, and for a bounce about another address', async () => {
    const { user, mail } = await resetMail('slow-mailbox');
    await bounceTo(mail.envelopeFrom, dsn(user.email, '4.2.2', 'delayed'));
    await bounceTo(mail.envelopeFrom, dsn('someone.else@company.test', '5.1.1', 'failed'));
    // A report the listener has taken is processed before its answer: by now both are done.
    expect(await suppressionOf(user.email)).toBeUndefined();
    expect(await suppressionOf('someone.else@company.test')).toBeUndefined();
  });

  it('refuses a bounce address whose code was not made with our secret', async () => {
    const { user, mail } = await resetMail('forged-mailbox');
    const forged = mail.envelopeFrom.replace(/\.([0-9a-f])/, (_, c: string) => `.${c === '0' ? '1' : '0'}`);
    await expect(bounceTo(forged, dsn(user.email, '5.1.1', 'failed'))).rejects.toThrow(/550/);
    expect(await suppressionOf(user.email)).toBeUndefined();
  });
});
