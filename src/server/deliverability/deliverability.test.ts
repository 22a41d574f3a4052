import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { sentReleaseOverSmtp, startReportPath } from '../test/sent-release.js';
import { deliveries, deliveryReports, suppressions } from '../db/schema.js';
import { bounceAddress, deliveryOfBounceAddress } from './verp.js';
import { INBOUND_LIMITS, startInboundSmtp } from './inbound-smtp.js';

/**
 * Bounces and complaints that arrive after a relay accepted the message (issue 14), over real SMTP: the
 * engine sends with a VERP envelope sender; reports come back to the inbound listener as a remote server
 * sends them (nodemailer), and change the delivery, the suppressions and the analytics.
 */

const SECRET = 'a-test-secret-of-some-length';
const DOMAIN = 'bounces.nashr.test';
const warnings: string[] = [];
const log = { info: () => {}, warn: (m: string) => void warnings.push(m) };

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let reports: Awaited<ReturnType<typeof startReportPath>>;
beforeAll(async () => {
  t = await createTestApp();
  sink = await startSmtpSink();
  reports = await startReportPath(t.db, { secret: SECRET, domain: DOMAIN }, log);
});
afterAll(async () => {
  await reports.close();
  await sink.close();
  await t.close();
});

let senders = 0;
/** A trusted customer's release to `emails`, sent through the real engine into the sink. */
const sentRelease = (emails: string[]) =>
  sentReleaseOverSmtp(t, { as: `sender-${++senders}`, emails, smtpUrl: sink.url, bounce: { secret: SECRET, domain: DOMAIN } });

/** A delivery status notification as Postfix writes it (RFC 3464). */
function dsn(recipient: string, status: string, action = status.startsWith('5') ? 'failed' : 'delayed', messageId?: string) {
  const boundary = 'dsn-boundary-1';
  return [
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    'From: MAILER-DAEMON@mx.remote.test',
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'I am sorry to have to inform you that your message could not be delivered.',
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.remote.test',
    'Arrival-Date: Tue, 24 Nov 2026 10:00:00 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${status.startsWith('5') ? '550' : '452'} ${status} ${status.startsWith('5') ? 'User unknown' : 'Mailbox full'}`,
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A spam complaint in the Abuse Reporting Format (RFC 5965), as a mailbox provider's feedback loop sends it. */
function arf(recipient: string, returnPath: string) {
  const boundary = 'arf-boundary-1';
  return [
    'From: feedback@fbl.provider.test',
    'Subject: Abuse report',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeFBL/1.0',
    'Version: 1',
    `Original-Mail-From: <${returnPath}>`,
    `Original-Rcpt-To: <${recipient}>`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${returnPath}>`,
    'From: "Company via Nashr" <releases@nashr.test>',
    `To: ${recipient}`,
    'Subject: Gulf Robotics opens a new plant',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

let bouncingCustomer = '';
let complainingCustomer = '';

const report = (to: string, raw: string) => reports.report(to, raw);
const lastErrorOf = async (id: number) => (await t.db.select({ lastError: deliveries.lastError }).from(deliveries).where(eq(deliveries.id, id)))[0].lastError;
const reportsOf = async (id: number) =>
  (await t.db.select().from(deliveryReports).where(eq(deliveryReports.deliveryId, id))).map((r) => [r.kind, r.status]);

/** A report kept in fixtures/ (see its README), with the placeholders of the ARF forms filled in. */
function fixture(name: string, fill: Record<string, string> = {}): string {
  const raw = fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
  return raw.replace(/\{\{([A-Z_]+)\}\}/g, (_m, key: string) => fill[key] ?? _m);
}
const suppressionOf = async (email: string) => (await t.db.select().from(suppressions).where(eq(suppressions.email, email)))[0];
const statusOf = async (id: number) => (await t.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, id)))[0].status;
const analytics = async (as: string, releaseId: string) => (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/analytics`, as })).json();

describe('VERP envelope senders', () => {
  it('sends each message with a bounce address naming its delivery, which a changed MAC no longer names', async () => {
    const { byEmail } = await sentRelease(['verp.one@journalists.test', 'verp.two@journalists.test']);
    const sent = sink.messages.filter((m) => m.envelopeTo[0].startsWith('verp.'));
    expect(sent).toHaveLength(2);
    for (const mail of sent) {
      const delivery = byEmail.get(mail.envelopeTo[0])!;
      expect(mail.envelopeFrom).toBe(bounceAddress(delivery.id, SECRET, DOMAIN));
      expect(mail.envelopeFrom.split('@')[0].length).toBeLessThanOrEqual(64);
      expect(deliveryOfBounceAddress(mail.envelopeFrom, SECRET, DOMAIN)).toBe(delivery.id);
    }
    const one = bounceAddress(byEmail.get('verp.one@journalists.test')!.id, SECRET, DOMAIN);
    expect(deliveryOfBounceAddress(one.replace(/\.([0-9a-f])/, (_m, c) => `.${c === '0' ? '1' : '0'}`), SECRET, DOMAIN)).toBeUndefined();
    expect(deliveryOfBounceAddress(one, 'another-secret-entirely', DOMAIN)).toBeUndefined();
    expect(deliveryOfBounceAddress(one.replace(DOMAIN, 'elsewhere.test'), SECRET, DOMAIN)).toBeUndefined();
  });
});

describe('bounces and complaints after acceptance', () => {
  it('marks a hard-bounced delivery bounced, suppresses the address and counts it in the analytics', async () => {
    const { as, user, releaseId, byEmail } = await sentRelease(['hard.bounce@journalists.test', 'fine.reader@journalists.test']);
    const delivery = byEmail.get('hard.bounce@journalists.test')!;
    expect(delivery.status).toBe('sent');
    expect((await analytics(as, releaseId)).deliveryRate).toBe(100);

    await report(bounceAddress(delivery.id, SECRET, DOMAIN), dsn('hard.bounce@journalists.test', '5.1.1'));
    expect(await statusOf(delivery.id)).toBe('bounced');
    expect(await suppressionOf('hard.bounce@journalists.test')).toMatchObject({ reason: 'bounced', releaseId });
    expect(await analytics(as, releaseId)).toMatchObject({ recipients: 2, delivered: 1, bounced: 1, complaints: 0, softBounces: 0, deliveryRate: 50 });
    bouncingCustomer = user.workspaceId;
  });

  it('counts soft bounces (failed after retries with a 4.x.x status) and suppresses an address at its third delivery in 30 days', async () => {
    const sends = [];
    for (let i = 0; i < 3; i++) sends.push(await sentRelease(['soft.bounce@journalists.test']));
    const [first, second, third] = sends.map((s) => s.byEmail.get('soft.bounce@journalists.test')!);
    await report(bounceAddress(first.id, SECRET, DOMAIN), dsn('soft.bounce@journalists.test', '4.2.2', 'failed'));
    await report(bounceAddress(second.id, SECRET, DOMAIN), dsn('soft.bounce@journalists.test', '4.2.2', 'failed'));
    expect(await suppressionOf('soft.bounce@journalists.test')).toBeUndefined();
    // The relay gave up: not delivered, with the remote server's words as the reason.
    expect(await statusOf(first.id)).toBe('bounced');
    expect(await lastErrorOf(first.id)).toBe('452 4.2.2 Mailbox full');
    expect(await analytics(sends[0].as, sends[0].releaseId)).toMatchObject({ delivered: 0, bounced: 1, softBounces: 1, deliveryRate: 0 });
    await report(bounceAddress(third.id, SECRET, DOMAIN), dsn('soft.bounce@journalists.test', '4.2.2', 'failed'));
    expect(await suppressionOf('soft.bounce@journalists.test')).toMatchObject({ reason: 'soft-bounced' });
    expect(await reportsOf(third.id)).toEqual([['soft', '4.2.2']]);
    // The CSV report counts them per recipient.
    const csv = (await t.request({ method: 'GET', url: `/api/press-releases/${sends[2].releaseId}/report.csv`, as: sends[2].as })).body;
    expect(csv).toContain('"Soft Bounces"');
    expect(csv).toMatch(/"soft\.bounce@journalists\.test","English","Bounced","1","1",/);
  });

  it('marks a complaint from a feedback loop, suppresses the address, and the next release of another customer skips it', async () => {
    const { as, user, releaseId, byEmail } = await sentRelease(['complainer@journalists.test', 'other.reader@journalists.test']);
    complainingCustomer = user.workspaceId;
    const delivery = byEmail.get('complainer@journalists.test')!;
    // Sent to the registered feedback address; the report names the delivery by the envelope sender we gave it.
    await report(`bounces@${DOMAIN}`, arf('complainer@journalists.test', bounceAddress(delivery.id, SECRET, DOMAIN)));
    expect(await statusOf(delivery.id)).toBe('complained');
    expect(await suppressionOf('complainer@journalists.test')).toMatchObject({ reason: 'complained' });
    // A complained message was delivered: it stays in the delivery rate.
    expect(await analytics(as, releaseId)).toMatchObject({ delivered: 2, complaints: 1, deliveryRate: 100 });
    const csv = (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/report.csv`, as })).body;
    expect(csv).toMatch(/"complainer@journalists\.test","English","Complained",/);

    const next = await sentRelease(['complainer@journalists.test', 'new.reader@journalists.test']);
    expect([...next.byEmail.keys()]).toEqual(['new.reader@journalists.test']);
  });

  it('reads a plain-text bounce of a server that sends no report, when it names the recipient', async () => {
    const { byEmail } = await sentRelease(['plain.bounce@journalists.test']);
    const delivery = byEmail.get('plain.bounce@journalists.test')!;
    const raw = [
      'From: MAILER-DAEMON@old.remote.test',
      'Subject: failure notice',
      '',
      "Hi. This is the qmail-send program at old.remote.test. I'm afraid I wasn't able to deliver your message.",
      '',
      '<plain.bounce@journalists.test>:',
      'Remote host said: 550 5.1.1 mailbox does not exist',
      '',
    ].join('\r\n');
    await report(bounceAddress(delivery.id, SECRET, DOMAIN), raw);
    expect(await statusOf(delivery.id)).toBe('bounced');
    expect(await suppressionOf('plain.bounce@journalists.test')).toMatchObject({ reason: 'bounced' });
  });

  it('refuses reports for addresses that are not ours and changes nothing for forged ones', async () => {
    const { byEmail } = await sentRelease(['kept.reader@journalists.test']);
    const delivery = byEmail.get('kept.reader@journalists.test')!;
    // An unknown token, a guessed one, another domain: refused at RCPT.
    for (const to of [`bounces+${delivery.id}.0000000000000000@${DOMAIN}`, `bounces+999999.abcdefabcdefabcd@${DOMAIN}`, 'postmaster@nashr.test']) {
      await expect(report(to, dsn('kept.reader@journalists.test', '5.1.1'))).rejects.toMatchObject({ responseCode: 550 });
    }
    // A valid address with a report about someone else: accepted, logged, ignored.
    warnings.length = 0;
    await report(bounceAddress(delivery.id, SECRET, DOMAIN), dsn('someone.else@journalists.test', '5.1.1'));
    // A complaint to the feedback address naming no delivery of ours.
    await report(`bounces@${DOMAIN}`, arf('kept.reader@journalists.test', 'bounces+1.deadbeefdeadbeef@elsewhere.test'));
    // Not a report at all.
    await report(bounceAddress(delivery.id, SECRET, DOMAIN), 'Subject: hello\r\n\r\nJust saying hi.\r\n');
    expect(await statusOf(delivery.id)).toBe('sent');
    expect(await suppressionOf('kept.reader@journalists.test')).toBeUndefined();
    expect(await t.db.select().from(deliveryReports).where(eq(deliveryReports.deliveryId, delivery.id))).toEqual([]);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/other addresses/);
    expect(warnings[1]).toMatch(/names no delivery/);
  });

  it('refuses a message over the size limit', async () => {
    const { byEmail } = await sentRelease(['large.report@journalists.test']);
    const delivery = byEmail.get('large.report@journalists.test')!;
    const huge = `Subject: big\r\n\r\n${`${'y'.repeat(998)}\r\n`.repeat(2200)}`;
    await expect(report(bounceAddress(delivery.id, SECRET, DOMAIN), huge)).rejects.toMatchObject({ responseCode: 552 });
  });
});

describe('reports as Postfix writes them (fixtures/, captured from Postfix 3.7)', () => {
  it("reads the delivery-status part of a hard bounce: the failed recipient, its status and the remote server's Diagnostic-Code", async () => {
    const { byEmail } = await sentRelease(['unknown.user@journalists.test']);
    const delivery = byEmail.get('unknown.user@journalists.test')!;
    await report(bounceAddress(delivery.id, SECRET, DOMAIN), fixture('postfix-hard-bounce.eml'));
    expect(await statusOf(delivery.id)).toBe('bounced');
    expect(await lastErrorOf(delivery.id)).toBe('550 5.1.1 <unknown.user@journalists.test>: Recipient address rejected: User unknown in virtual mailbox table');
    expect(await reportsOf(delivery.id)).toEqual([['hard', '5.1.1']]);
    expect(await suppressionOf('unknown.user@journalists.test')).toMatchObject({ reason: 'bounced' });
  });

  it('takes a "Delayed Mail" warning as information only, and the expiry that follows as a soft bounce', async () => {
    const { as, releaseId, byEmail } = await sentRelease(['full.box@journalists.test']);
    const delivery = byEmail.get('full.box@journalists.test')!;
    const to = bounceAddress(delivery.id, SECRET, DOMAIN);
    await report(to, fixture('postfix-delayed.eml'));
    expect(await statusOf(delivery.id)).toBe('sent');
    expect(await reportsOf(delivery.id)).toEqual([['delayed', '4.2.2']]);
    expect(await analytics(as, releaseId)).toMatchObject({ delivered: 1, softBounces: 0 });
    // Postfix gave up (maximal_queue_lifetime): the message was never delivered.
    await report(to, fixture('postfix-expired.eml'));
    expect(await statusOf(delivery.id)).toBe('bounced');
    expect(await lastErrorOf(delivery.id)).toBe('452 4.2.2 <full.box@journalists.test>: Mailbox full, try again later');
    expect(await reportsOf(delivery.id)).toEqual([['delayed', '4.2.2'], ['soft', '4.2.2']]);
    expect(await analytics(as, releaseId)).toMatchObject({ delivered: 0, bounced: 1, softBounces: 1 });
    expect(await suppressionOf('full.box@journalists.test')).toBeUndefined();
  });

  it('counts each report once, and each delivery once toward the soft-bounce limit', async () => {
    const { byEmail } = await sentRelease(['replayed.soft@journalists.test']);
    const delivery = byEmail.get('replayed.soft@journalists.test')!;
    const to = bounceAddress(delivery.id, SECRET, DOMAIN);
    const again = dsn('replayed.soft@journalists.test', '4.2.2', 'failed', '<dsn-1@mx.remote.test>');
    for (let i = 0; i < 3; i++) await report(to, again);
    expect(await reportsOf(delivery.id)).toEqual([['soft', '4.2.2']]);
    // The same failure reported again under new Message-IDs is still one failed delivery.
    await report(to, dsn('replayed.soft@journalists.test', '4.2.2', 'failed', '<dsn-2@mx.remote.test>'));
    await report(to, dsn('replayed.soft@journalists.test', '4.2.2', 'failed', '<dsn-3@mx.remote.test>'));
    expect(await suppressionOf('replayed.soft@journalists.test')).toBeUndefined();
    // A report without a Message-ID is known by its bytes.
    const { byEmail: later } = await sentRelease(['replayed.delay@journalists.test']);
    const warned = later.get('replayed.delay@journalists.test')!;
    for (let i = 0; i < 3; i++) await report(bounceAddress(warned.id, SECRET, DOMAIN), dsn('replayed.delay@journalists.test', '4.2.2', 'failed'));
    expect(await reportsOf(warned.id)).toEqual([['soft', '4.2.2']]);
  });
});

describe('complaints in the forms RFC 5965 allows (fixtures/arf-*.eml)', () => {
  const messageIdOf = (deliveryId: number, releaseId: string) => `<delivery-${deliveryId}.${releaseId}@nashr.test>`;

  it('finds the delivery from the enclosed message: an inline message/rfc822 (Return-Path) or its headers alone (Message-ID)', async () => {
    const { byEmail, releaseId } = await sentRelease(['inline.complainer@journalists.test', 'headers.complainer@journalists.test']);
    const inline = byEmail.get('inline.complainer@journalists.test')!;
    await report(
      `bounces@${DOMAIN}`,
      fixture('arf-inline-rfc822.eml', { RETURN_PATH: bounceAddress(inline.id, SECRET, DOMAIN), RECIPIENT: inline.email, MESSAGE_ID: '<unrelated@elsewhere.test>' }),
    );
    expect(await statusOf(inline.id)).toBe('complained');
    expect(await suppressionOf('inline.complainer@journalists.test')).toMatchObject({ reason: 'complained' });

    const headers = byEmail.get('headers.complainer@journalists.test')!;
    await report(`bounces@${DOMAIN}`, fixture('arf-headers-message-id.eml', { RECIPIENT: headers.email, MESSAGE_ID: messageIdOf(headers.id, releaseId) }));
    expect(await statusOf(headers.id)).toBe('complained');
    expect(await suppressionOf('headers.complainer@journalists.test')).toMatchObject({ reason: 'complained' });
  });

  it('reads the optional Original-Mail-From and Original-Rcpt-To with the original attached', async () => {
    const { byEmail, releaseId } = await sentRelease(['attached.complainer@journalists.test']);
    const delivery = byEmail.get('attached.complainer@journalists.test')!;
    const returnPath = bounceAddress(delivery.id, SECRET, DOMAIN);
    await report(`bounces@${DOMAIN}`, fixture('arf-original-fields.eml', { RETURN_PATH: returnPath, RECIPIENT: delivery.email, MESSAGE_ID: messageIdOf(delivery.id, releaseId) }));
    expect(await statusOf(delivery.id)).toBe('complained');
  });

  it('changes nothing for a Message-ID that names a delivery of another release, or a Return-Path with a wrong MAC', async () => {
    const { byEmail } = await sentRelease(['spared.reader@journalists.test']);
    const delivery = byEmail.get('spared.reader@journalists.test')!;
    warnings.length = 0;
    await report(`bounces@${DOMAIN}`, fixture('arf-headers-message-id.eml', { RECIPIENT: delivery.email, MESSAGE_ID: messageIdOf(delivery.id, '00000000-0000-4000-8000-000000000000') }));
    const forged = `bounces+${delivery.id}.0000000000000000@${DOMAIN}`;
    await report(`bounces@${DOMAIN}`, fixture('arf-inline-rfc822.eml', { RETURN_PATH: forged, RECIPIENT: delivery.email, MESSAGE_ID: '<x@y.test>' }));
    expect(await statusOf(delivery.id)).toBe('sent');
    expect(await suppressionOf('spared.reader@journalists.test')).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings.every((w) => /names no delivery/.test(w))).toBe(true);
  });
});

describe('inbound limits per connection and per minute', () => {
  it(`takes at most ${INBOUND_LIMITS.messagesPerConnection} messages on one connection, ${INBOUND_LIMITS.recipientsPerMessage} recipients a message and ${INBOUND_LIMITS.messagesPerMinute} messages a minute from one client`, async () => {
    const { byEmail } = await sentRelease(['limits.reader@journalists.test']);
    const to = bounceAddress(byEmail.get('limits.reader@journalists.test')!.id, SECRET, DOMAIN);
    const listener = await startInboundSmtp({ db: t.db, port: 0, host: '127.0.0.1', bounceDomain: DOMAIN, secret: SECRET, log });
    const open: SMTPConnection[] = [];
    const connect = async () => {
      const connection = new SMTPConnection({ host: '127.0.0.1', port: listener.port, ignoreTLS: true });
      connection.on('error', () => {});
      open.push(connection);
      await new Promise<void>((resolve, reject) => connection.connect((error?: Error) => (error ? reject(error) : resolve())));
      return connection;
    };
    const send = (connection: SMTPConnection, recipients: string[]) =>
      new Promise<string>((resolve) =>
        connection.send({ from: '', to: recipients }, 'Subject: hello\r\n\r\nNot a report.\r\n', (error, info) =>
          resolve(error ? String((error as { responseCode?: number }).responseCode) : `ok ${info.rejected.length} rejected`),
        ),
      );
    try {
      // 200 messages on one connection: the listener takes its share and closes.
      const one = await connect();
      const answers: string[] = [];
      for (let i = 0; i < 200 && !answers.includes('421'); i++) answers.push(await send(one, [to]));
      expect(answers.filter((a) => a.startsWith('ok'))).toHaveLength(INBOUND_LIMITS.messagesPerConnection);
      expect(answers.at(-1)).toBe('421');

      // Too many recipients in one message (valid addresses of ours): the extra ones are refused (452).
      const many = Array.from({ length: INBOUND_LIMITS.recipientsPerMessage + 3 }, (_v, i) => bounceAddress(900_000 + i, SECRET, DOMAIN));
      expect(await send(await connect(), many)).toBe('ok 3 rejected');

      // Across connections, one client gets messagesPerMinute a minute in all.
      let accepted = INBOUND_LIMITS.messagesPerConnection + 1;
      let answer = 'ok';
      for (let c = 0; c < 20 && answer.startsWith('ok'); c++) {
        const next = await connect();
        for (let i = 0; i < INBOUND_LIMITS.messagesPerConnection && answer.startsWith('ok'); i++) {
          answer = await send(next, [to]);
          if (answer.startsWith('ok')) accepted++;
        }
      }
      expect(accepted).toBe(INBOUND_LIMITS.messagesPerMinute);
    } finally {
      for (const connection of open) connection.close();
      await listener.close();
    }
  });
});

describe('rates for the super admin', () => {
  it("gives the platform's and each customer's bounce and complaint rates over 30 days, those over a threshold first", async () => {
    await t.signInAs('rates-admin', { role: 'super_admin' });
    const res = await t.request({ method: 'GET', url: '/api/admin/deliverability?pageSize=100', as: 'rates-admin' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.thresholds).toEqual({ complaintRate: 0.3, bounceRate: 5 });
    const byWorkspace = new Map(body.customers.items.map((c: { workspaceId: string }) => [c.workspaceId, c]));
    expect(byWorkspace.get(bouncingCustomer)).toMatchObject({ sent: 2, bounced: 1, bounceRate: 50, complaints: 0, warning: true });
    expect(byWorkspace.get(complainingCustomer)).toMatchObject({ sent: 2, bounced: 0, complaints: 1, complaintRate: 50, warning: true });
    const warned = body.customers.items.map((c: { warning: boolean }) => c.warning);
    expect(warned).toEqual([...warned].sort((a, b) => Number(b) - Number(a)));
    expect(warned.filter(Boolean).length).toBeLessThan(warned.length);
    const sum = (key: string) => body.customers.items.reduce((n: number, c: Record<string, number>) => n + c[key], 0);
    expect(body.platform).toMatchObject({ sent: sum('sent'), bounced: sum('bounced'), complaints: sum('complaints'), warning: true });
    expect(body.customers.total).toBe(body.customers.items.length);

    await t.signInAs('rates-customer', { userType: 'active' });
    expect((await t.request({ method: 'GET', url: '/api/admin/deliverability', as: 'rates-customer' })).statusCode).toBe(403);
  });
});
