import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { sentReleaseOverSmtp, startReportPath } from '../test/sent-release.js';
import { bounceAddress } from '../deliverability/verp.js';
import type { AdminDelivery, Paged, ReleaseChoice } from '../../shared/admin.js';
import { eq } from 'drizzle-orm';
import { globalContacts, inboundReplies } from '../db/schema.js';

/**
 * The delivery log over real SMTP (issue 29): releases go out through the engine to a server that accepts one
 * address and refuses another; a later bounce comes back to the inbound listener as Postfix wrote it; an open
 * and a click come through the tracking addresses. The operator then asks by address and by release.
 */

const SECRET = 'a-test-secret-of-some-length';
const DOMAIN = 'bounces.nashr.test';
const REFUSED = 'no.such.desk@journalists.test';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let reports: Awaited<ReturnType<typeof startReportPath>>;
beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('root', { role: 'super_admin' });
  sink = await startSmtpSink({ respond: (to) => (to.includes(REFUSED) ? { code: 550, text: '5.1.1 No such mailbox here' } : undefined) });
  reports = await startReportPath(t.db, { secret: SECRET, domain: DOMAIN }, { info: () => {}, warn: () => {} });
});
afterAll(async () => {
  await reports.close();
  await sink.close();
  await t.close();
});

let senders = 0;
const sentRelease = (emails: string[], title: string) =>
  sentReleaseOverSmtp(t, {
    as: `sender-${++senders}`,
    emails,
    smtpUrl: sink.url,
    bounce: { secret: SECRET, domain: DOMAIN },
    account: { companyName: `Desk Company ${senders}` },
    release: { title },
  });

const log = async (query: string, as = 'root') => t.request({ method: 'GET', url: `/api/admin/deliveries?${query}`, as });
const items = async (query: string) => {
  const res = await log(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Paged<AdminDelivery>;
};

let first: Awaited<ReturnType<typeof sentRelease>>;
let second: Awaited<ReturnType<typeof sentRelease>>;
beforeAll(async () => {
  first = await sentRelease(['read.it@journalists.test', 'unknown.user@journalists.test', REFUSED], 'Marina Vista opens');
  second = await sentRelease(['read.it@journalists.test'], 'Second wave');
  // The delivered address opens the message in a browser and follows its first link.
  // An app of its own, closed afterwards, so its buffered tracking events are written before the questions.
  const reader = first.byEmail.get('read.it@journalists.test')!;
  const tracking = await buildApp(t.deps, { serveClient: false });
  expect((await tracking.inject({ method: 'GET', url: `/t/o/${reader.token}.gif`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(200);
  expect((await tracking.inject({ method: 'GET', url: `/t/c/${reader.token}/1`, headers: { 'user-agent': BROWSER } })).statusCode).toBe(302);
  await tracking.close();
  // The reader was away, then wrote back (replies.test.ts covers how the listener files them); a bounce is a report, not a reply.
  const replied = (kind: 'reply' | 'auto_reply' | 'bounce', at: string) =>
    t.db.insert(inboundReplies).values({ releaseId: first.releaseId, deliveryId: reader.id, kind, matchedBy: 'reply_address', fromAddress: reader.email, raw: Buffer.from(''), receivedAt: new Date(at) });
  await replied('reply', '2026-11-03T09:30:00Z');
  await replied('auto_reply', '2026-11-02T08:00:00Z');
  await replied('bounce', '2026-11-04T08:00:00Z');
  // The accepted message to unknown.user bounces later: Postfix's report reaches the inbound listener.
  const raw = fs.readFileSync(new URL('../deliverability/fixtures/postfix-hard-bounce.eml', import.meta.url), 'utf8');
  await reports.report(bounceAddress(first.byEmail.get('unknown.user@journalists.test')!.id, SECRET, DOMAIN), raw);
});

describe('GET /api/admin/deliveries', () => {
  it('answers for a delivered address: each release it got, accepted, with its human opens and clicks', async () => {
    const page = await items('q=Read.It@Journalists.test');
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    const [later, earlier] = page.items;
    expect(later).toMatchObject({ releaseId: second.releaseId, releaseTitle: 'Second wave', status: 'sent', opens: 0, clicks: 0 });
    expect(earlier).toMatchObject({
      releaseId: first.releaseId,
      releaseTitle: 'Marina Vista opens',
      workspace: { name: 'Desk Company 1' },
      email: 'read.it@journalists.test',
      status: 'sent',
      // The receiving server's own acceptance, as it answered the DATA command.
      smtpResponse: expect.stringMatching(/^250\b/),
      attempts: 1,
      reports: [],
      opens: 1,
      clicks: 1,
      replies: [
        { kind: 'auto_reply', at: '2026-11-02T08:00:00.000Z' },
        { kind: 'reply', at: '2026-11-03T09:30:00.000Z' },
      ],
    });
    expect(later.replies).toEqual([]);
    expect(Date.parse(earlier.lastAttemptAt!)).not.toBeNaN();
  });

  it('answers for an address that bounced after acceptance with the report that came back', async () => {
    const [entry] = (await items('q=unknown.user@journalists.test')).items;
    // Accepted first (the server's 250), reported undeliverable afterwards.
    expect(entry).toMatchObject({ releaseTitle: 'Marina Vista opens', status: 'bounced', smtpResponse: expect.stringMatching(/^250\b/), attempts: 1, opens: 0 });
    expect(entry.reports).toHaveLength(1);
    expect(entry.reports[0]).toMatchObject({ kind: 'hard' });
    expect(entry.reports[0].detail).toContain('5.1.1');
    expect(entry.reports[0].detail).toContain('User unknown in virtual mailbox table');
  });

  it("answers for an address the receiving server refused with that server's words", async () => {
    const [entry] = (await items(`q=${REFUSED}`)).items;
    expect(entry).toMatchObject({ status: 'bounced', attempts: 1, reports: [] });
    expect(Date.parse(entry.lastAttemptAt!)).not.toBeNaN();
    expect(entry.smtpResponse).toContain('550');
    expect(entry.smtpResponse).toContain('No such mailbox here');
  });

  it('lists a release: every recipient, paged on the server, and narrows to one address', async () => {
    const all = await items(`releaseId=${first.releaseId}&pageSize=2`);
    expect(all.total).toBe(3);
    expect(all.items).toHaveLength(2);
    const rest = await items(`releaseId=${first.releaseId}&pageSize=2&page=2`);
    expect([...all.items, ...rest.items].map((d) => d.email).sort()).toEqual([REFUSED, 'read.it@journalists.test', 'unknown.user@journalists.test']);
    const one = await items(`releaseId=${second.releaseId}&q=read.it@journalists.test`);
    expect(one.items.map((d) => d.releaseTitle)).toEqual(['Second wave']);
    expect((await items('q=nobody@journalists.test')).total).toBe(0);
  });

  it('asks for an address or a release (422) and answers only super admins (403, 401)', async () => {
    const none = await log('page=1');
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Search by a name, an address or a release');
    const short = await log('q=ab');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ path: 'q', message: 'Type at least 3 characters of a name or address' }]);
    expect((await log('releaseId=not-a-uuid')).statusCode).toBe(422);
    await t.signInAs('customer', { role: 'admin' });
    expect((await log('q=read.it@journalists.test', 'customer')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/deliveries?q=read.it@journalists.test' })).statusCode).toBe(401);
  });
});

describe('finding a journalist or a release by part', () => {
  it("finds deliveries by part of the address or of the journalist's name, paged on the server", async () => {
    await t.db.update(globalContacts).set({ firstName: 'Rania', lastName: 'Haddad' }).where(eq(globalContacts.email, 'read.it@journalists.test'));
    const byName = await items('q=HADDAD');
    expect(byName.items.map((d) => d.releaseTitle).sort()).toEqual(['Marina Vista opens', 'Second wave']);
    expect(new Set(byName.items.map((d) => d.email))).toEqual(new Set(['read.it@journalists.test']));
    expect((await items('q=rania h')).total).toBe(2);
    const byPart = await items('q=@journalists.test&pageSize=2');
    expect(byPart.total).toBe(4);
    expect(byPart.items).toHaveLength(2);
    expect((await items('q=@journalists.test&pageSize=2&page=2')).items).toHaveLength(2);
    expect((await items(`q=unknown.us&releaseId=${first.releaseId}`)).items.map((d) => d.email)).toEqual(['unknown.user@journalists.test']);
    // A LIKE wildcard typed is a character, not "anything".
    expect((await items('q=%%%')).total).toBe(0);
  });

  it('offers releases that went out by part of their title, for the picker', async () => {
    const choices = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/admin/releases?${query}`, as: 'root' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Paged<ReleaseChoice>;
    };
    const found = await choices('q=marina');
    expect(found.items).toEqual([expect.objectContaining({ id: first.releaseId, title: 'Marina Vista opens', workspaceName: 'Desk Company 1' })]);
    expect((await choices('q=')).total).toBeGreaterThanOrEqual(2);
    expect((await choices('q=nothing like it')).items).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/admin/releases?q=marina', as: 'customer' })).statusCode).toBe(403);
  });
});
