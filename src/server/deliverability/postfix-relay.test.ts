import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryReports } from '../db/schema.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { postfixInstalled, startPostfix, type PostfixInstance } from '../test/postfix.js';
import { freePort, sleep } from '../test/processes.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startInboundSmtp, type InboundListener } from './inbound-smtp.js';
import { bounceAddress } from './verp.js';
import { finishIfDone } from '../releases/lifecycle.js';
import type { ReleaseId } from '../../shared/ids.js';

/**
 * The product's mail relayed by a real Postfix (Debian's package; skipped where it is not installed):
 * the engine hands every message to Postfix, Postfix passes them to remote servers played by a test
 * SMTP peer (550 for unknown users, 452 for a full mailbox, 250 otherwise) and sends its own reports
 * (bounce, delay warning, expiry) back to the inbound listener. A mailbox provider's complaint about a
 * delivered message travels the same way. What Nashr counts must equal what Postfix logged.
 */
const SECRET = 'a-test-secret-of-some-length';
const DOMAIN = 'bounces.nashr.test';
const log = { info: () => {}, warn: () => {} };

const DELIVERED = ['reader.one@journalists.test', 'reader.two@journalists.test', 'reader.three@journalists.test'];
const UNKNOWN = ['unknown.one@journalists.test', 'unknown.two@journalists.test'];
const FULL = ['full.mailbox@journalists.test'];

describe.skipIf(!postfixInstalled())('relayed through Postfix', () => {
  let t: TestApp;
  let remote: Awaited<ReturnType<typeof startSmtpSink>>;
  let inbound: InboundListener;
  let postfix: PostfixInstance;
  let postfixPort: number;
  beforeAll(async () => {
    t = await createTestApp();
    remote = await startSmtpSink({
      respond: ([to]) =>
        UNKNOWN.includes(to)
          ? { code: 550, text: `5.1.1 <${to}>: Recipient address rejected: User unknown in virtual mailbox table` }
          : FULL.includes(to)
            ? { code: 452, text: `4.2.2 <${to}>: Mailbox full, try again later` }
            : undefined,
    });
    inbound = await startInboundSmtp({ db: t.db, port: 0, host: '127.0.0.1', bounceDomain: DOMAIN, secret: SECRET, log });
    postfixPort = await freePort();
    postfix = await startPostfix({ port: postfixPort, relayPort: remote.port, bounceDomain: DOMAIN, bouncePort: inbound.port, delayWarning: '3s', queueLifetime: '10s' });
  });
  afterAll(async () => {
    await postfix?.stop();
    await inbound?.close();
    await remote?.close();
    await t?.close();
  });

  /** Polls until `done` holds (Postfix works on its own clock), at most `seconds`. */
  async function until(done: () => Promise<boolean>, seconds: number) {
    for (let waited = 0; waited < seconds * 4 && !(await done()); waited++) await sleep(250);
  }

  it('counts delivered, bounced and complained as Postfix logged them', async () => {
    const user = await t.signInAs('postfix-sender', { userType: 'active', monthlyPressReleaseLimit: 10, trusted: true });
    const emails = [...DELIVERED, ...UNKNOWN, ...FULL];
    const list = await createListWithContacts(t.db, user.workspaceId, emails.length, emails);
    const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'postfix-sender', payload: releasePayload({ recipientLists: [list.listId] }) });
    expect(res.statusCode, res.body).toBe(200);
    const releaseId = res.json().pressRelease.id as ReleaseId;
    const transport = smtpDeliveryTransport(`smtp://127.0.0.1:${postfixPort}`, 2);
    const engine = createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <releases@nashr.test>', bounceAddress: (id) => bounceAddress(id, SECRET, DOMAIN) });
    await engine.drain();
    await transport.close();

    const rows = async () => t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
    const settled = async () => (await rows()).filter((d) => d.status === 'bounced').length === UNKNOWN.length + FULL.length;
    await until(settled, 40);

    // A reader's mailbox provider reports a delivered message as spam, enclosing it inline as received.
    await remote.waitFor(DELIVERED.length);
    const delivered = remote.messages.find((m) => m.envelopeTo[0] === DELIVERED[0])!;
    const complaint = [
      'From: abuse-reports@fbl.mailbox.example',
      `To: bounces@${DOMAIN}`,
      'Subject: Abuse report',
      'Message-ID: <fbl-live-1@fbl.mailbox.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="fbl"',
      '',
      '--fbl',
      'Content-Type: text/plain',
      '',
      'A user of ours reported this message as spam.',
      '--fbl',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: LiveTest/1.0',
      'Version: 1',
      '',
      '--fbl',
      'Content-Type: message/rfc822',
      'Content-Disposition: inline',
      '',
      `Return-Path: <${delivered.envelopeFrom}>`,
      delivered.raw.toString('utf8'),
      '--fbl--',
      '',
    ].join('\r\n');
    const provider = nodemailer.createTransport({ host: '127.0.0.1', port: postfixPort, ignoreTLS: true });
    await provider.sendMail({ envelope: { from: 'abuse-reports@fbl.mailbox.example', to: [`bounces@${DOMAIN}`] }, raw: complaint });
    provider.close();
    await until(async () => (await rows()).some((d) => d.status === 'complained'), 20);

    // What Postfix logged, one line per outcome.
    const lines = postfix.log().split('\n');
    const toJournalists = (status: string) => lines.filter((l) => l.includes('@journalists.test>') && l.includes(`status=${status}`)).length;
    const postfixFigures = {
      delivered: toJournalists('sent'),
      bounced: toJournalists('bounced') + lines.filter((l) => l.includes('status=expired')).length,
      complained: lines.filter((l) => l.includes(`to=<bounces@${DOMAIN}>`) && l.includes('status=sent')).length,
      delayWarnings: lines.filter((l) => l.includes('sender delay notification')).length,
    };
    const final = await rows();
    const count = (status: string) => final.filter((d) => d.status === status).length;
    const reports = await t.db.select().from(deliveryReports);
    const ours = reports.filter((r) => final.some((d) => d.id === r.deliveryId));
    const nashrFigures = {
      // A complained message was delivered first.
      delivered: count('sent') + count('complained'),
      bounced: count('bounced'),
      complained: count('complained'),
      delayWarnings: ours.filter((r) => r.kind === 'delayed').length,
    };
    console.info(`Postfix ${postfix.version} logged ${JSON.stringify(postfixFigures)}; Nashr counted ${JSON.stringify(nashrFigures)}`);
    expect(nashrFigures).toEqual(postfixFigures);
    expect(nashrFigures).toMatchObject({ delivered: 3, bounced: 3, complained: 1 });
    expect(postfixFigures.delayWarnings).toBeGreaterThanOrEqual(1);
    // The reason shown is the remote server's own.
    const unknown = final.find((d) => d.email === UNKNOWN[0])!;
    expect(unknown.lastError).toBe(`550 5.1.1 <${UNKNOWN[0]}>: Recipient address rejected: User unknown in virtual mailbox table`);
    expect(final.find((d) => d.email === FULL[0])!.lastError).toBe(`452 4.2.2 <${FULL[0]}>: Mailbox full, try again later`);
  }, 90_000);
});
