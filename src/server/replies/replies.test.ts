import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { startDnsServer } from '../test/dns-server.js';
import { sentReleaseOverSmtp } from '../test/sent-release.js';
import { deliveries, globalContacts, inboundReplies, pressReleases, researchItems, suppressions, users } from '../db/schema.js';
import { INBOUND_LIMITS, startInboundSmtp, type InboundListener } from '../deliverability/inbound-smtp.js';
import { bounceAddress } from '../deliverability/verp.js';
import { createReplyIntake, FORWARD_FILE_LIMIT } from './intake.js';
import { replyAddress } from './reply-address.js';
import { purgeOldReplies, queueHardBounces } from './upkeep.js';
import { REPLY_FIXTURES, type ReplyFixture } from './fixtures/mail-clients.js';

/**
 * Journalists' replies end to end (issue 38), over real SMTP: a release goes through the engine to the
 * SMTP peer; replies written as mail clients write them go to the inbound listener from the address the
 * release's Reply-To names (or its From, matched by In-Reply-To); SPF and DMARC are asked of a real DNS
 * server; forwards go out through the account mailer to the test app's SMTP peer.
 */

const SECRET = 'a-test-secret-of-some-length';
const BOUNCE_DOMAIN = 'bounces.nashr.test';
const REPLY_DOMAIN = 'reply.nashr.test';
const CONTACT = 'press@gulf-robotics.example.com';
const warnings: string[] = [];
const log = { info: () => {}, warn: (m: string) => void warnings.push(m) };

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let dns: Awaited<ReturnType<typeof startDnsServer>>;
let inbound: InboundListener;
let intake: ReturnType<typeof createReplyIntake>;

beforeAll(async () => {
  t = await createTestApp({ APP_SECRET: SECRET });
  sink = await startSmtpSink();
  dns = await startDnsServer({
    'gulfdaily.test': [{ type: 'TXT', text: 'v=spf1 ip4:127.0.0.1 -all' }],
    '_dmarc.gulfdaily.test': [{ type: 'TXT', text: 'v=DMARC1; p=reject' }],
    'spoofed.test': [{ type: 'TXT', text: 'v=spf1 ip4:192.0.2.1 -all' }],
    '_dmarc.spoofed.test': [{ type: 'TXT', text: 'v=DMARC1; p=reject' }],
  });
  intake = createReplyIntake({
    db: t.db,
    mailer: t.deps.mailer,
    secret: SECRET,
    replyDomain: REPLY_DOMAIN,
    mailFrom: 'Nashr <releases@nashr.test>',
    publicUrl: 'http://localhost:3000',
    dnsResolver: dns.address,
    log,
  });
  inbound = await startInboundSmtp({ db: t.db, port: 0, host: '127.0.0.1', bounceDomain: BOUNCE_DOMAIN, secret: SECRET, replies: intake, log });
});
afterAll(async () => {
  await inbound.close();
  dns.close();
  await sink.close();
  await t.close();
});

/** A mail server of the journalist's, delivering to the listener as relays do. */
function remote() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: inbound.port, secure: false, ignoreTLS: true, name: 'mx.gulfdaily.test' });
}

const journalist = (i: number, domain = 'gulfdaily.test') => `j${i}@${domain}`;

describe('journalists reply', () => {
  let sent: Awaited<ReturnType<typeof sentReleaseOverSmtp>>;
  const outcomes: Array<{ fixture: ReplyFixture; kind: string | undefined }> = [];
  const forwardDelays: number[] = [];

  beforeAll(async () => {
    const emails = [...REPLY_FIXTURES.map((_f, i) => journalist(i)), journalist(90, 'spoofed.test'), journalist(91), journalist(92), journalist(93), journalist(94)];
    sent = await sentReleaseOverSmtp(t, {
      as: 'replies',
      emails,
      smtpUrl: sink.url,
      bounce: { secret: SECRET, domain: BOUNCE_DOMAIN },
      replyDomain: REPLY_DOMAIN,
    });
    for (const [i, email] of emails.entries())
      await t.db.update(globalContacts).set({ firstName: `Writer${i}`, lastName: 'Reporter', organization: `Outlet ${i}` }).where(eq(globalContacts.email, email));
  });

  it("gives each journalist a Reply-To of their own delivery, the media contact's name via the brand", async () => {
    const mail = sink.messages.find((m) => m.envelopeTo[0] === journalist(0))!;
    const delivery = sent.byEmail.get(journalist(0))!;
    expect(mail.parsed.replyTo?.value[0].address).toBe(replyAddress(delivery.id, SECRET, REPLY_DOMAIN));
    expect(mail.parsed.replyTo?.value[0].name).toMatch(/^Layla Haddad via /);
    // The media contact's own address stays in the e-mail's Media Contact block.
    expect(mail.parsed.text).toContain(CONTACT);
  });

  it('stores, classifies and forwards every fixture as its client wrote it', async () => {
    for (const [i, fixture] of REPLY_FIXTURES.entries()) {
      const release = sink.messages.find((m) => m.envelopeTo[0] === journalist(i))!;
      const replyTo = release.parsed.replyTo!.value[0].address!;
      const to = fixture.toFromAddress ? 'releases@nashr.test' : replyTo;
      const raw = fixture.build({
        to,
        from: journalist(i),
        fromName: `Writer${i} Reporter`,
        subject: release.parsed.subject!,
        messageId: release.parsed.messageId!,
        quotedFrom: `${release.parsed.from!.value[0].name} <${replyTo}>`,
      });
      const before = t.smtp.messages.length;
      const arrived = Date.now();
      await remote().sendMail({ envelope: { from: journalist(i), to: [to] }, raw });
      const [row] = await t.db.select().from(inboundReplies).where(eq(inboundReplies.deliveryId, sent.byEmail.get(journalist(i))!.id));
      outcomes.push({ fixture, kind: row?.kind });
      if (fixture.kind === 'reply') {
        const forward = await t.smtp.waitForMail((m) => m.envelopeTo[0] === CONTACT, before);
        forwardDelays.push(Date.now() - arrived);
        expect(forward.parsed.replyTo?.value[0].address).toBe(journalist(i));
        expect(forward.parsed.from?.value[0].name).toBe(`Writer${i} Reporter via Nashr`);
        expect(forward.parsed.text).toContain(fixture.newText);
      }
      expect(row, fixture.name).toMatchObject({ kind: fixture.kind, matchedBy: fixture.toFromAddress ? 'message_id' : 'reply_address', spf: 'pass', dmarc: 'pass', authFailed: false });
      expect(row.returnDate ?? undefined).toBe(fixture.returnDate);
      if (fixture.newText) expect(row.text).toContain(fixture.newText);
      // The whole message is kept as it arrived.
      expect(row.raw.toString('utf8').trimEnd()).toBe(raw.trimEnd());
    }
    const misfiled = outcomes.filter((o) => o.kind !== o.fixture.kind);
    console.info(
      `replies: ${outcomes.length - misfiled.length}/${outcomes.length} matched and filed, ${misfiled.length} misfiled; ` +
        `auto-replies counted as replies: ${outcomes.filter((o) => o.fixture.kind !== 'reply' && o.kind === 'reply').length}; ` +
        `arrival → forward at the SMTP peer: max ${Math.max(...forwardDelays)} ms, median ${forwardDelays.sort((a, b) => a - b)[forwardDelays.length >> 1]} ms`,
    );
    expect(misfiled).toEqual([]);
  });

  it("forwards a photo and links a file larger than the limit, with the HTML's remote images taken out", async () => {
    const apple = REPLY_FIXTURES.findIndex((f) => f.name.startsWith('Apple Mail'));
    const forward = t.smtp.messages.find((m) => m.envelopeTo[0] === CONTACT && m.parsed.replyTo?.value[0].address === journalist(apple))!;
    expect(forward.parsed.attachments.map((a) => a.filename)).toEqual(['photo.png']);
    expect(forward.parsed.text).toContain('draft.pdf');
    expect(forward.parsed.text).toContain(`/analytics/${sent.releaseId}?tab=replies`);
    const gmail = t.smtp.messages.find((m) => m.envelopeTo[0] === CONTACT && m.parsed.replyTo?.value[0].address === journalist(0))!;
    expect(gmail.parsed.html).not.toContain('<img');
    expect(FORWARD_FILE_LIMIT).toBeLessThan(600 * 1024);
  });

  it('refuses a forged MAC, a reply address of no delivery and an oversized message at the door', async () => {
    const delivery = sent.byEmail.get(journalist(91))!;
    const forged = replyAddress(delivery.id, 'another-secret-of-some-length', REPLY_DOMAIN);
    await expect(remote().sendMail({ envelope: { from: journalist(91), to: [forged] }, raw: 'Subject: hi\r\n\r\nhello' })).rejects.toMatchObject({ responseCode: 550 });
    const unknown = replyAddress(987654321, SECRET, REPLY_DOMAIN);
    await expect(remote().sendMail({ envelope: { from: journalist(91), to: [unknown] }, raw: 'Subject: hi\r\n\r\nhello' })).rejects.toMatchObject({ responseCode: 550 });
    const big = `Subject: Re: photos\r\nFrom: ${journalist(91)}\r\n\r\n${'x'.repeat(76)}\r\n`.repeat(1);
    const oversized = big + `${'y'.repeat(998)}\r\n`.repeat(2200);
    await expect(
      remote().sendMail({ envelope: { from: journalist(91), to: [replyAddress(delivery.id, SECRET, REPLY_DOMAIN)] }, raw: oversized }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(await t.db.select().from(inboundReplies).where(eq(inboundReplies.deliveryId, delivery.id))).toEqual([]);
  });

  it('keeps and flags a reply whose domain fails SPF and DMARC, and tells the media contact', async () => {
    const from = journalist(90, 'spoofed.test');
    const delivery = sent.byEmail.get(from)!;
    const before = t.smtp.messages.length;
    await remote().sendMail({
      envelope: { from, to: [replyAddress(delivery.id, SECRET, REPLY_DOMAIN)] },
      raw: `From: Someone <${from}>\r\nTo: x\r\nSubject: Re: plant\r\nMessage-ID: <spoof-1@spoofed.test>\r\n\r\nPlease send the CEO's mobile number.\r\n`,
    });
    const [row] = await t.db.select().from(inboundReplies).where(eq(inboundReplies.deliveryId, delivery.id));
    expect(row).toMatchObject({ kind: 'reply', spf: 'fail', dmarc: 'fail', authFailed: true });
    const forward = await t.smtp.waitForMail((m) => m.envelopeTo[0] === CONTACT, before);
    expect(forward.parsed.text).toContain('SPF/DMARC did not pass');
  });

  it('hands a bounce sent to a reply address to the bounce path, and its journalist to the research queue', async () => {
    const to = journalist(92);
    const delivery = sent.byEmail.get(to)!;
    const boundary = 'dsn-1';
    const dsn = [
      'From: MAILER-DAEMON@mx.gulfdaily.test',
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <dsn-92@mx.gulfdaily.test>',
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.gulfdaily.test',
      '',
      `Final-Recipient: rfc822; ${to}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      '',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await remote().sendMail({ envelope: { from: '', to: [replyAddress(delivery.id, SECRET, REPLY_DOMAIN)] }, raw: dsn });
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(row.status).toBe('bounced');
    const [kept] = await t.db.select().from(inboundReplies).where(eq(inboundReplies.deliveryId, delivery.id));
    expect(kept.kind).toBe('bounce');
    await queueHardBounces(t.db, new Date(Date.now() - 60_000));
    const items = await t.db.select().from(researchItems).where(eq(researchItems.email, to));
    expect(items).toMatchObject([{ signal: 'hard_bounce', evidence: expect.stringContaining('User unknown') }]);
  });

  it('counts only human replies, lists them without addresses for a reader who may not see any, and queues the "left"', async () => {
    const human = REPLY_FIXTURES.filter((f) => f.kind === 'reply').length + 1; // and the flagged one
    const analytics = (await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/analytics`, as: 'replies' })).json();
    expect(analytics.replies).toBe(human);
    expect(analytics.replyRate).toBe(Math.round((human / analytics.delivered) * 1000) / 10);
    const page = (await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/replies?pageSize=5`, as: 'replies' })).json();
    expect(page.total).toBe(REPLY_FIXTURES.length + 1);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((i: { kind: string }) => i.kind !== 'bounce')).toBe(true);
    const exchange = (await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/replies?pageSize=200`, as: 'replies' }))
      .json()
      .items.find((i: { returnDate?: string }) => i.returnDate === '2026-12-14');
    expect(exchange).toMatchObject({ kind: 'auto_reply', contact: { outlet: expect.stringMatching(/^Outlet /) } });
    const recipients = (await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/recipients?pageSize=100`, as: 'replies' })).json();
    expect(recipients.items.filter((r: { replied: boolean }) => r.replied)).toHaveLength(human);
    const csv = (await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/report.csv?tz=UTC&lang=en`, as: 'replies' })).body;
    expect(csv.split('\r\n')[0]).toContain('"Replied"');

    // Another workspace's member reads none of it.
    await t.signInAs('stranger');
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/replies`, as: 'stranger' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/replies?page=0`, as: 'replies' })).statusCode).toBe(422);

    const admin = await t.signInAs('operator', { role: 'super_admin' });
    const queue = (await t.request({ method: 'GET', url: '/api/admin/research-queue', as: 'operator' })).json();
    const left = queue.items.find((i: { signal: string }) => i.signal === 'new_address');
    expect(left).toMatchObject({ newAddress: 'sara.ali@newdesk.test', contact: { outlet: expect.stringMatching(/^Outlet /), lastConfirmedAt: expect.any(String) } });
    expect(queue.items.map((i: { signal: string }) => i.signal).sort()).toEqual(['hard_bounce', 'left', 'new_address']);
    const corrected = await t.request({ method: 'POST', url: `/api/admin/research-queue/${left.id}/resolve`, as: 'operator', payload: { action: 'correct', email: 'sara.ali@newdesk.test' } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.id, left.contact.id));
    expect(contact.email).toBe('sara.ali@newdesk.test');
    expect((await t.request({ method: 'POST', url: `/api/admin/research-queue/${left.id}/resolve`, as: 'operator', payload: { action: 'dismiss' } })).json().code).toBe('RESEARCH_ITEM_RESOLVED');
    expect((await t.request({ method: 'POST', url: `/api/admin/research-queue/99999/resolve`, as: 'operator', payload: { action: 'dismiss' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/admin/research-queue/${left.id}/resolve`, as: 'operator', payload: { action: 'correct', email: 'nope' } })).statusCode).toBe(422);
    const gone = queue.items.find((i: { signal: string }) => i.signal === 'left');
    const marked = await t.request({ method: 'POST', url: `/api/admin/research-queue/${gone.id}/resolve`, as: 'operator', payload: { action: 'mark_left' } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, gone.contact.email))).toMatchObject([{ reason: 'left' }]);
    const resolved = (await t.request({ method: 'GET', url: '/api/admin/research-queue?state=resolved', as: 'operator' })).json();
    expect(resolved.items.map((i: { resolution: string }) => i.resolution).sort()).toEqual(['corrected', 'left']);
    expect((await t.request({ method: 'GET', url: '/api/admin/research-queue', as: 'replies' })).statusCode).toBe(403);
    expect(admin.id).toBeTruthy();
    await t.db.select().from(users).limit(1);
  });

  it("forwards to the brand's client seats only when the brand asks, and a client seat reads the replies without addresses", async () => {
    const [release] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, sent.releaseId));
    const seat = await t.signInAs('reply-client', { memberOf: { workspaceId: release.workspaceId, role: 'client', brandIds: [release.brandId] } });
    const answer = async (i: number, alsoTo?: string) => {
      const delivery = sent.byEmail.get(journalist(i))!;
      const raw = `From: Writer${i} <${journalist(i)}>\r\nTo: ${replyAddress(delivery.id, SECRET, REPLY_DOMAIN)}\r\nSubject: Re: ${release.title}\r\nMessage-ID: <answer-${i}@gulfdaily.test>\r\n\r\nHappy to interview your CEO on Thursday.\r\n`;
      const before = t.smtp.messages.length;
      await remote().sendMail({ envelope: { from: journalist(i), to: [replyAddress(delivery.id, SECRET, REPLY_DOMAIN)] }, raw });
      for (const to of [CONTACT, alsoTo].filter(Boolean))
        await t.smtp.waitForMail((m) => m.envelopeTo.includes(to!) && m.parsed.replyTo?.value[0].address === journalist(i), before);
      return t.smtp.messages.slice(before).filter((m) => m.parsed.replyTo?.value[0].address === journalist(i)).flatMap((m) => m.envelopeTo);
    };
    // By default the media contact alone hears of it.
    expect(await answer(93)).not.toContain(seat.email);
    const bad = await t.request({ method: 'PATCH', url: `/api/brands/${release.brandId}`, as: 'replies', payload: { forwardRepliesToClients: 'yes' } });
    expect([bad.statusCode, bad.json().errors?.[0]?.path]).toEqual([422, 'forwardRepliesToClients']);
    const on = await t.request({ method: 'PATCH', url: `/api/brands/${release.brandId}`, as: 'replies', payload: { forwardRepliesToClients: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().brand).toMatchObject({ forwardRepliesToClients: true });
    expect(await answer(94, seat.email)).toEqual(expect.arrayContaining([CONTACT, seat.email]));

    // The access module gives a client seat the release's read right but no addresses.
    const read = await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/replies?pageSize=200`, as: 'reply-client' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().items.length).toBeGreaterThan(0);
    expect(read.json().items.some((i: { text: string; contact: { name: string } }) => i.text.includes('Happy to interview') && i.contact.name.endsWith('Reporter'))).toBe(true);
    expect(read.json().items.every((i: { contact: { email?: string } }) => i.contact.email === undefined)).toBe(true);
    expect(JSON.stringify(read.json())).not.toMatch(/\bj\d+@gulfdaily\.test/);
    const owner = (await t.request({ method: 'GET', url: `/api/press-releases/${sent.releaseId}/replies?pageSize=200`, as: 'replies' })).json();
    expect(owner.items.some((i: { contact: { email?: string } }) => i.contact.email === journalist(94))).toBe(true);
  });

  it('a reply is kept for REPLY_RETENTION_DAYS, then purged', async () => {
    const kept = await t.db.select({ id: inboundReplies.id }).from(inboundReplies).where(eq(inboundReplies.releaseId, sent.releaseId));
    expect(await purgeOldReplies(t.db, 180, new Date(Date.now() + 179 * 86_400_000))).toBe(0);
    expect(await purgeOldReplies(t.db, 180, new Date(Date.now() + 181 * 86_400_000))).toBe(kept.length);
  });
});

describe("the listener's limits hold for replies under a burst", () => {
  it('takes 120 messages a minute from one address, then answers 421 until the minute is over', async () => {
    const burst = await startInboundSmtp({ db: t.db, port: 0, host: '127.0.0.1', bounceDomain: BOUNCE_DOMAIN, secret: SECRET, replies: intake, log });
    const sender = nodemailer.createTransport({ host: '127.0.0.1', port: burst.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 4, maxMessages: 1000 });
    const answers = await Promise.allSettled(
      Array.from({ length: 150 }, (_v, i) =>
        sender.sendMail({ envelope: { from: 'j@gulfdaily.test', to: ['releases@nashr.test'] }, raw: `Subject: burst ${i}\r\nMessage-ID: <b${i}@gulfdaily.test>\r\n\r\nhi` }),
      ),
    );
    sender.close();
    await burst.close();
    const accepted = answers.filter((a) => a.status === 'fulfilled').length;
    const refused = answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason.responseCode);
    console.info(`listener under a burst of 150 messages from one address: ${accepted} accepted, ${refused.length} refused (${[...new Set(refused)].join(', ')})`);
    expect(accepted).toBeLessThanOrEqual(INBOUND_LIMITS.messagesPerMinute);
    expect(accepted).toBeGreaterThan(0);
    expect(new Set(refused)).toEqual(new Set([421]));
    // Unmatched (no In-Reply-To of ours): logged, nothing kept.
    expect(warnings.some((w) => w.includes('names no delivery of ours'))).toBe(true);
  });
});

it('bounce addresses of the same delivery are not reply addresses', () => {
  expect(bounceAddress(1, SECRET, REPLY_DOMAIN)).not.toBe(replyAddress(1, SECRET, REPLY_DOMAIN));
});
