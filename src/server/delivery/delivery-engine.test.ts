import type { ReleaseId } from '../../shared/ids.js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { attachments, deliveries, mailOutbox, pressReleases, suppressions } from '../db/schema.js';
import { createMailer } from '../mail/transport.js';
import { PDF_BYTES, createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine, type EngineOptions } from './delivery-engine.js';
import { mailerDeliveryTransport, smtpDeliveryTransport, type DeliveryTransport } from './delivery-transport.js';
import { createScheduler } from '../releases/scheduler.js';
import { finishIfDone } from '../releases/lifecycle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sinks: Array<{ close: () => Promise<void> }> = [];
const transports: DeliveryTransport[] = [];
afterAll(async () => {
  await Promise.all(transports.map((tr) => tr.close()));
  await Promise.all(sinks.map((s) => s.close()));
});

async function sink(respond?: (to: string[], count: number) => number | undefined) {
  const s = await startSmtpSink({ respond });
  sinks.push(s);
  return s;
}

function engineFor(smtpUrl: string, extra: Partial<EngineOptions> = {}) {
  const transport = smtpDeliveryTransport(smtpUrl, 2);
  transports.push(transport);
  return createDeliveryEngine({ onReleaseDrained: finishIfDone,
    db: t.db,
    transport,
    publicUrl: 'http://localhost:3000',
    mailFrom: 'Nashr <releases@nashr.test>',
    retryBaseMs: 0,
    ...extra,
  });
}

let userCounter = 0;
async function sendRelease(size: number, overrides: Record<string, unknown> = {}, emails?: string[]) {
  const as = `sender${++userCounter}`;
  // A trusted customer: its releases skip editorial review (review.test.ts covers review).
  const user = await t.signInAs(as, { userType: 'active', monthlyPressReleaseLimit: 10, trusted: true });
  const list = await createListWithContacts(t.db, user.workspaceId, size, emails);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [list.listId], ...overrides }) });
  expect(res.statusCode, res.body).toBe(200);
  return { as, user, ...list, release: res.json().pressRelease };
}

const deliveriesOf = (releaseId: ReleaseId) => t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
const statusOf = async (releaseId: ReleaseId) =>
  (await t.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, releaseId)))[0].status;

describe('delivery engine', () => {
  it('sends the rendered release with every header, the tracking links and the attachment, then marks it sent', async () => {
    const s = await sink();
    const { release, emails, user } = await sendRelease(3);
    const engine = engineFor(s.url);
    expect(await engine.drain()).toBe(3);
    const received = await s.waitFor(3);
    expect(received.map((m) => m.envelopeTo[0]).sort()).toEqual(emails.sort());

    const rows = await deliveriesOf(release.id);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1 && r.sentAt)).toBe(true);
    expect(await statusOf(release.id)).toBe('sent');

    const mail = received[0].parsed;
    const row = rows.find((r) => r.email === received[0].envelopeTo[0])!;
    expect(mail.subject).toBe('Gulf Robotics opens a new plant');
    // The company speaks through Nashr, from our address (MAIL_FROM 'Nashr <releases@nashr.test>').
    expect(mail.from?.value).toEqual([{ name: expect.stringMatching(/^\S+ Company via Nashr$/), address: 'releases@nashr.test' }]);
    expect(mail.replyTo?.value[0]).toMatchObject({ address: 'press@gulf-robotics.example.com', name: 'Layla Haddad' });
    expect(mail.messageId).toBe(`<delivery-${row.id}.${release.id}@nashr.test>`);
    const rawHead = received[0].raw.toString('utf8').split('\r\n\r\n')[0];
    expect(rawHead).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(rawHead).toContain(`List-Unsubscribe: <http://localhost:3000/u/${row.token}>`);
    // One list per customer; the feedback loop's identifiers name the release, the customer and the kind of
    // mail (Google's campaign:customer:mailtype:sender order), never the recipient.
    const customer = user.workspaceId.replace(/-/g, '');
    expect(rawHead).toContain(`List-Id: <${customer}.releases.nashr.test>`);
    expect(rawHead).toContain(`Feedback-ID: ${release.id.replace(/-/g, '')}:${customer}:release:nashr`);
    expect(rawHead).not.toContain(`Feedback-ID: ${row.email}`);
    const html = String(mail.html);
    expect(html).toContain('FOR IMMEDIATE RELEASE');
    expect(html).toContain('width="700"');
    expect(html).toContain('Dubai, UAE, November 21, 2026 –');
    expect(html).toContain('###');
    expect(html).toContain('About the Company');
    expect(html).toContain('Media Contact');
    expect(html).toContain('Distributed by Nashr');
    expect(html).toContain(`href="http://localhost:3000/t/c/${row.token}/1"`);
    expect(html).not.toContain('gulf-robotics.example.com/news');
    expect(html).toContain(`src="http://localhost:3000/t/o/${row.token}.gif"`);
    expect(html).toContain(`http://localhost:3000/u/${row.token}`);
    expect(html).toMatch(new RegExp(`http://localhost:3000/r/[a-z0-9-]+\\?t=${row.token}`));
    expect(mail.text).toContain('FOR IMMEDIATE RELEASE');
    expect(mail.text).toContain(`Read more (http://localhost:3000/t/c/${row.token}/1)`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'release.pdf', contentType: 'application/pdf' });
    expect(mail.attachments[0].content.equals(PDF_BYTES)).toBe(true);
    // Beside the attached file, a hosted link that counts the download for this recipient.
    const [file] = await t.db.select().from(attachments).where(eq(attachments.releaseId, release.id));
    expect(html).toMatch(new RegExp(`Downloads</h3><p[^>]*><a href="http://localhost:3000/t/d/${row.token}/${file.id}"[^>]*>release\\.pdf</a>`));
    expect(mail.text).toContain(`release.pdf (2 KB): http://localhost:3000/t/d/${row.token}/${file.id}`);

    // Each recipient has their own token in their copy, and no one else's.
    const otherToken = rows.find((r) => r.id !== row.id)!.token;
    expect(html).not.toContain(otherToken);
  });

  it('names itself in EHLO as configured', async () => {
    const s = await sink();
    await sendRelease(1);
    const transport = smtpDeliveryTransport(s.url, 1, 'mta.nashr.test');
    transports.push(transport);
    await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <releases@nashr.test>' }).drain();
    const [mail] = await s.waitFor(1);
    expect(mail.helo).toBe('mta.nashr.test');
  });

  it('renders an Arabic release right to left with Arabic month names and labels', async () => {
    const s = await sink();
    await sendRelease(1, {
      language: 'arabic',
      title: 'افتتاح مصنع جديد في دبي',
      location: 'دبي',
      boilerplate: 'شركة الخليج للروبوتات تصنع الروبوتات الصناعية منذ عام 2010.',
      contactName: 'ليلى حداد',
      attachments: [{ originalName: 'بيان.pdf', base64Content: PDF_BYTES.toString('base64') }],
    });
    await engineFor(s.url).drain();
    const [mail] = await s.waitFor(1);
    expect(mail.parsed.subject).toBe('افتتاح مصنع جديد في دبي');
    expect(mail.parsed.replyTo?.value[0].name).toBe('ليلى حداد');
    expect(mail.parsed.attachments[0].filename).toBe('بيان.pdf');
    const html = String(mail.parsed.html);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('للنشر الفوري');
    expect(html).toContain('دبي، 21 نوفمبر 2026 –');
    expect(html).toContain('نبذة عن الشركة');
    expect(html).toContain('للتواصل الإعلامي');
  });

  it('retries 4xx answers with backoff and sends on a later attempt', async () => {
    let refusals = 0;
    const s = await sink((to) => (to[0].startsWith('journalist') && refusals++ < 2 ? 451 : undefined));
    const { release } = await sendRelease(1);
    const engine = engineFor(s.url, { retryBaseMs: 0 });
    await engine.drain();
    const [row] = await deliveriesOf(release.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(s.messages).toHaveLength(1);
    expect(await statusOf(release.id)).toBe('sent');
  });

  it('treats a relay that cannot be reached as temporary: queued again, never bounced', async () => {
    const { release } = await sendRelease(1);
    const closed = await startSmtpSink();
    await closed.close(); // nothing listens on this port any more
    let clock = Date.now(); // within the delivery's retry window, which starts when it was queued
    await engineFor(closed.url, { retryBaseMs: 60_000, now: () => new Date(clock) }).runOnce();
    const [row] = await deliveriesOf(release.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toBeTruthy();
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, row.email))).toEqual([]);
    // The relay is back: the retry goes out and the release completes.
    const s = await sink();
    clock += 60_000;
    await engineFor(s.url, { now: () => new Date(clock) }).drain();
    expect((await deliveriesOf(release.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await statusOf(release.id)).toBe('sent');
  });

  it('schedules each retry later than the last, doubling the delay', async () => {
    const s = await sink(() => 421);
    const { release } = await sendRelease(1);
    let clock = Date.now();
    const engine = engineFor(s.url, { retryBaseMs: 60_000, now: () => new Date(clock) });
    await engine.runOnce();
    const [first] = await deliveriesOf(release.id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(new Date(first.nextAttemptAt).getTime()).toBe(clock + 60_000);
    expect(await engine.runOnce()).toBe(0); // not due yet
    clock += 60_000;
    await engine.runOnce();
    const [second] = await deliveriesOf(release.id);
    expect(new Date(second.nextAttemptAt).getTime()).toBe(clock + 120_000);
  });

  it('keeps retrying a relay that refuses for hours, shows the release waiting meanwhile, and sends once it accepts', async () => {
    let throttling = true;
    const s = await sink((to) => (to[0] === 'slow@example.com' && throttling ? 451 : undefined));
    const { release, as } = await sendRelease(0, {}, ['slow@example.com', 'quick@example.com']);
    const start = Date.now();
    let clock = start;
    const engine = engineFor(s.url, { retryBaseMs: 30_000, now: () => new Date(clock) });
    const slow = async () => (await deliveriesOf(release.id)).find((r) => r.email === 'slow@example.com')!;
    await engine.drain();
    // Twelve refusals over hours: far past the five attempts in 7.5 minutes that used to fail the message.
    for (let attempt = 2; attempt <= 12; attempt++) {
      const row = await slow();
      // The delay doubles but never grows beyond an hour, so a relay that recovers is tried again soon.
      expect(new Date(row.nextAttemptAt).getTime() - clock).toBeLessThanOrEqual(3_600_000);
      clock = new Date(row.nextAttemptAt).getTime();
      await engine.drain();
    }
    expect(clock - start).toBeGreaterThan(3 * 3_600_000);
    expect(await slow()).toMatchObject({ status: 'queued', attempts: 12 });
    expect(await statusOf(release.id)).toBe('sending');
    const waiting = await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/analytics`, as });
    expect(waiting.json()).toMatchObject({ status: 'sending', delivered: 1, pending: 1, waitingToRetry: 1, failed: 0 });

    throttling = false;
    clock = new Date((await slow()).nextAttemptAt).getTime();
    await engine.drain();
    expect(await slow()).toMatchObject({ status: 'sent', attempts: 13 });
    expect(await statusOf(release.id)).toBe('sent');
    const done = await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/analytics`, as });
    expect(done.json()).toMatchObject({ delivered: 2, pending: 0, waitingToRetry: 0 });
  });

  it('marks a message failed only when its retry window has ended: the last attempt is made at its end', async () => {
    const s = await sink((to) => (to[0] === 'stuck@example.com' ? 450 : undefined));
    const { release } = await sendRelease(0, {}, ['stuck@example.com', 'fine@example.com']);
    const stuck = async () => (await deliveriesOf(release.id)).find((r) => r.email === 'stuck@example.com')!;
    const windowEnd = new Date((await stuck()).createdAt).getTime() + 24 * 3_600_000;
    let clock = Date.now();
    const engine = engineFor(s.url, { retryBaseMs: 60_000, now: () => new Date(clock) });
    await engine.drain();
    // A minute before the window ends the message is refused again: one more attempt, at the end.
    clock = windowEnd - 60_000;
    await engine.drain();
    expect(await stuck()).toMatchObject({ status: 'queued', attempts: 2 });
    expect(new Date((await stuck()).nextAttemptAt).getTime()).toBe(windowEnd);
    expect(await statusOf(release.id)).toBe('sending');
    clock = windowEnd;
    await engine.drain();
    expect(await stuck()).toMatchObject({ status: 'failed', attempts: 3, lastError: expect.stringMatching(/450/) });
    expect((await deliveriesOf(release.id)).find((r) => r.email === 'fine@example.com')).toMatchObject({ status: 'sent' });
    expect(await statusOf(release.id)).toBe('sent');
  });

  it('takes its retry window from the configuration', async () => {
    const s = await sink((to) => (to[0] === 'brief@example.com' ? 421 : undefined));
    const { release } = await sendRelease(0, {}, ['brief@example.com']);
    const [row] = await deliveriesOf(release.id);
    let clock = new Date(row.createdAt).getTime() + 30 * 60_000;
    const engine = engineFor(s.url, { retryBaseMs: 60_000, retryWindowMs: 60 * 60_000, now: () => new Date(clock) });
    await engine.drain();
    expect((await deliveriesOf(release.id))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    clock += 31 * 60_000;
    await engine.drain();
    expect((await deliveriesOf(release.id))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await statusOf(release.id)).toBe('failed');
  });

  it('marks a 5xx answer as bounced, suppresses the address, and never mails it again', async () => {
    const s = await sink((to) => (to[0] === 'gone@example.com' ? 550 : undefined));
    const { release, user, as } = await sendRelease(0, {}, ['gone@example.com', 'here@example.com']);
    await engineFor(s.url).drain();
    const rows = await deliveriesOf(release.id);
    expect(rows.find((r) => r.email === 'gone@example.com')).toMatchObject({ status: 'bounced', attempts: 1 });
    const [suppressed] = await t.db.select().from(suppressions).where(eq(suppressions.email, 'gone@example.com'));
    expect(suppressed).toMatchObject({ reason: 'bounced', releaseId: release.id });

    const again = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: release.recipientLists }) });
    expect(again.json().pressRelease.recipientCount).toBe(1);
    expect((await deliveriesOf(again.json().pressRelease.id)).map((r) => r.email)).toEqual(['here@example.com']);
    void user;
  });

  it('ends a release failed when every delivery bounced', async () => {
    const s = await sink(() => 554);
    const { release } = await sendRelease(2);
    await engineFor(s.url).drain();
    expect(await statusOf(release.id)).toBe('failed');
  });

  it('never sends a delivery twice with two engines on one database', async () => {
    const s = await sink();
    const { release, emails } = await sendRelease(60);
    const a = engineFor(s.url, { batchSize: 7 });
    const b = engineFor(s.url, { batchSize: 7 });
    await Promise.all([a.drain(), b.drain()]);
    await s.waitFor(60);
    const received = s.messages.map((m) => m.envelopeTo[0]).sort();
    expect(received).toEqual(emails.sort());
    const rows = await deliveriesOf(release.id);
    expect(new Set(rows.map((r) => r.lockedBy))).toEqual(new Set([a.workerId, b.workerId]));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it("takes over a dead engine's deliveries once its lease has run out", async () => {
    const s = await sink();
    const { release, emails } = await sendRelease(5);
    const hanging: DeliveryTransport = { send: () => new Promise(() => {}), close: async () => {} };
    const dead = createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport: hanging, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' });
    void dead.runOnce(); // claims the batch and never finishes: a worker that died mid-send
    await expect.poll(async () => (await deliveriesOf(release.id)).filter((r) => r.status === 'sending').length, { timeout: 10_000 }).toBe(5);

    const survivor = engineFor(s.url);
    expect(await survivor.drain()).toBe(0); // the lease still holds
    await t.db.execute(sql`UPDATE deliveries SET locked_until = now() - interval '1 second' WHERE release_id = ${release.id}::uuid`);
    expect(await survivor.drain()).toBe(5);
    expect(s.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(emails.sort());
    expect(await statusOf(release.id)).toBe('sent');
  });

  it('renews the lease of a batch that takes longer than it, so no other engine sends those messages again', async () => {
    const slowServer = await startSmtpSink({ answerAfterMs: 1000 });
    sinks.push(slowServer);
    const { release, emails } = await sendRelease(6);
    // Two connections, six messages of a second each: the batch takes about 3 s, three leases of a second. The
    // heartbeat (every third of the lease) then has 600 ms of slack, which a loaded machine's database needs.
    const slow = engineFor(slowServer.url, { leaseMs: 1000, batchSize: 6 });
    const other = engineFor(slowServer.url, { leaseMs: 1000 });
    let slowDone = false;
    const slowRun = slow.runOnce().finally(() => (slowDone = true));
    await expect.poll(async () => (await deliveriesOf(release.id)).filter((r) => r.status === 'sending').length, { timeout: 10_000 }).toBe(6);
    let takenOver = 0;
    while (!slowDone) {
      takenOver += await other.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await slowRun).toBe(6);
    expect(takenOver).toBe(0);
    expect(slowServer.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(emails.sort());
    expect(await statusOf(release.id)).toBe('sent');
  });

  it('stops gracefully: the in-flight batch finishes and unstarted messages go back to the queue', async () => {
    const s = await sink();
    const { release } = await sendRelease(8);
    const engine = engineFor(s.url, { sendRate: 2, batchSize: 8 });
    engine.start();
    await s.waitFor(1);
    await engine.stop();
    const rows = await deliveriesOf(release.id);
    expect(rows.filter((r) => r.status === 'sending')).toEqual([]);
    const sent = rows.filter((r) => r.status === 'sent');
    expect(sent.length).toBe(s.messages.length);
    expect(rows.filter((r) => r.status === 'queued').every((r) => r.attempts === 0 && r.lockedBy === null)).toBe(true);
    await engineFor(s.url).drain();
    expect(s.messages.length).toBe(8);
    expect(new Set(s.messages.map((m) => m.envelopeTo[0])).size).toBe(8);
  });

  it('stores messages for the Outbox in capture mode', async () => {
    const capture = createMailer({ smtpUrl: undefined, from: 'Nashr <r@nashr.test>', pool: 1, db: t.db, log: t.log as never });
    const { emails } = await sendRelease(2);
    const engine = createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport: mailerDeliveryTransport(capture), publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' });
    await engine.drain();
    const stored = await t.db.select().from(mailOutbox);
    for (const email of emails) expect(stored.find((m) => m.toAddress === email)?.subject).toBe('Gulf Robotics opens a new plant');
  });
});

describe('scheduler', () => {
  it('starts a scheduled release at its time, with suppressions as of then, and a cancel can no longer stop it', async () => {
    const s = await sink();
    const at = new Date(Date.now() + 3_600_000);
    const { release, as, emails } = await sendRelease(3, { action: 'schedule', scheduledAt: at.toISOString() });
    expect(release.status).toBe('scheduled');
    await t.db.insert(suppressions).values({ email: emails[0], reason: 'unsubscribed' });

    let clock = at.getTime() - 1000;
    const scheduler = createScheduler({ db: t.db, now: () => new Date(clock) });
    expect(await scheduler.tick()).toBe(0);
    expect(await statusOf(release.id)).toBe('scheduled');
    clock = at.getTime() + 1000;
    expect(await scheduler.tick()).toBe(1);
    expect(await scheduler.tick()).toBe(0);
    expect(await statusOf(release.id)).toBe('sending');
    expect((await deliveriesOf(release.id)).map((r) => r.email).sort()).toEqual(emails.slice(1).sort());

    const cancel = await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/cancel`, as });
    expect(cancel.statusCode).toBe(409);
    await engineFor(s.url, { now: () => new Date(clock) }).drain();
    expect(s.messages).toHaveLength(2);
    expect(await statusOf(release.id)).toBe('sent');
  });

  it('does not start a release that was cancelled before its time', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const { release, as } = await sendRelease(2, { action: 'schedule', scheduledAt: at.toISOString() });
    await t.request({ method: 'POST', url: `/api/press-releases/${release.id}/cancel`, as });
    const scheduler = createScheduler({ db: t.db, now: () => new Date(at.getTime() + 60_000) });
    await scheduler.tick();
    expect(await statusOf(release.id)).toBe('draft');
    expect(await deliveriesOf(release.id)).toEqual([]);
  });
});
