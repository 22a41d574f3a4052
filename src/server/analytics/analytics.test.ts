import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { deliveries, globalContacts, trackingEvents } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { csvCell } from '../common/csv.js';
import { finishIfDone } from '../releases/lifecycle.js';

let t: TestApp;
let releaseId: ReleaseId;
let owner: { id: string; workspaceId: WorkspaceId; email: string };
let rows: Array<typeof deliveries.$inferSelect>;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const addresses = ['=cmd@example.com', 'opener@example.com', 'clicker@example.com', 'bounce@example.com', 'quiet@example.com'];

beforeAll(async () => {
  t = await createTestApp();
  // A trial account holding one press release: it may send, but not read contact addresses.
  // A trusted customer: its releases skip editorial review (review.test.ts covers review).
  owner = await t.signInAs('analyst', { userType: 'trial', monthlyPressReleaseLimit: 1, trusted: true });
  const list = await createListWithContacts(t.db, owner.workspaceId, 0, addresses);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'analyst', payload: releasePayload({ recipientLists: [list.listId] }) });
  releaseId = res.json().pressRelease.id;
  // Real servers name the address they refuse, and sometimes the one it forwards to.
  const refusal = { code: 550, text: '5.1.1 <Bounce@Example.com>: Recipient address rejected; forwarded to desk.editor@paper.example' };
  const sink = await startSmtpSink({ respond: (to) => (to[0] === 'bounce@example.com' ? refusal : undefined) });
  const transport = smtpDeliveryTransport(sink.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' }).drain();
  await transport.close();
  await sink.close();
  rows = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
  const token = (email: string) => rows.find((r) => r.email === email)!.token;
  const hit = (url: string, ua = BROWSER) => t.request({ method: 'GET', url, headers: { 'user-agent': ua } });
  await hit(`/t/o/${token('opener@example.com')}.gif`);
  await hit(`/t/o/${token('opener@example.com')}.gif`);
  await hit(`/t/o/${token('=cmd@example.com')}.gif`, 'Mozilla/5.0');
  await hit(`/t/c/${token('clicker@example.com')}/1`);
  await hit(`/t/c/${token('clicker@example.com')}/1`);
  await hit(`/t/d/${token('clicker@example.com')}/${res.json().pressRelease.attachments[0].id}`);
  await t.request({ method: 'POST', url: `/u/${token('quiet@example.com')}` });
  // Tracking events are written in batches shortly after each request.
  for (let tries = 0; (await t.db.select().from(trackingEvents).where(eq(trackingEvents.releaseId, releaseId))).length < 7; tries++) {
    if (tries > 200) throw new Error('tracking events were not written');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 180_000);
afterAll(() => t.close());

describe('release analytics', () => {
  it('counts deliveries, human and machine opens, clicks, downloads and unsubscribes', async () => {
    const res = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/analytics`, as: 'analyst' });
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({
      releaseId,
      status: 'sent',
      recipients: 5,
      delivered: 4,
      bounced: 1,
      failed: 0,
      pending: 0,
      opens: 2,
      uniqueOpens: 2, // the opener, and the clicker whose click proves a read
      machineOpens: 1,
      clicks: 2,
      uniqueClicks: 1,
      downloads: 1,
      unsubscribes: 1,
      openRate: 50,
      clickRate: 25,
    });
    expect(a.timeline).toHaveLength(1);
    expect(a.timeline[0]).toMatchObject({ opens: 2, clicks: 2 });
    expect(new Date(a.timeline[0].at).getUTCMinutes()).toBe(0);
  });

  it('lists recipients with their state, masked for a viewer without email access, filtered by state', async () => {
    await t.db
      .update(globalContacts)
      .set({ firstName: 'Rania', lastName: 'Khalil', organization: 'Gulf Daily', country: 'UAE', language: 'Arabic' })
      .where(eq(globalContacts.email, 'clicker@example.com'));
    const res = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?pageSize=10`, as: 'analyst' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    for (const address of [...addresses, 'desk.editor@paper.example']) expect(res.body.toLowerCase()).not.toContain(address);
    const clicker = page.items.find((r: { clicks: number }) => r.clicks === 2);
    expect(clicker).toMatchObject({ status: 'sent', opens: 0, downloads: 1, unsubscribed: false, name: 'Rania Khalil', outlet: 'Gulf Daily', country: 'UAE', language: 'Arabic' });
    expect(clicker.lastActivityAt).not.toBeNull();
    expect(clicker.firstOpenAt).not.toBeNull();
    expect(clicker.email).toMatch(/^c•+@•+\.com$/);

    const opened = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?status=opened`, as: 'analyst' });
    expect(opened.json().total).toBe(2);
    const bounced = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?status=bounced`, as: 'analyst' });
    expect(bounced.json().items).toHaveLength(1);
    expect(bounced.json().items[0].lastError).toMatch(/550 5\.1\.1 <B•+@•+\.com>: Recipient address rejected; forwarded to d•+@•+\.example$/);
    const second = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?page=2&pageSize=2`, as: 'analyst' });
    expect(second.json().items).toHaveLength(2);
    const bad = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?status=hacked`, as: 'analyst' });
    expect(bad.statusCode).toBe(422);

    // Sorted by what people did: the clicker first by clicks; by activity, the unsubscribe came last.
    const byClicks = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?sort=clicks`, as: 'analyst' });
    expect(byClicks.json().items[0].clicks).toBe(2);
    const byActivity = (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?sort=lastActivity`, as: 'analyst' })).json().items;
    expect(byActivity[0].unsubscribed).toBe(true);
    expect(byActivity.at(-1).lastActivityAt).toBeNull();
    const byOpens = (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?sort=opens`, as: 'analyst' })).json().items;
    expect(byOpens.map((r: { opens: number }) => r.opens)).toEqual([...byOpens.map((r: { opens: number }) => r.opens)].sort((a, b) => b - a));
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?sort=random`, as: 'analyst' })).statusCode).toBe(422);

    await t.signInAs('analytics-admin', { role: 'super_admin' });
    const admin = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients?pageSize=10`, as: 'analytics-admin' });
    expect(admin.json().items.map((r: { email: string }) => r.email).sort()).toEqual([...addresses].sort());
    expect(admin.body).toContain('desk.editor@paper.example');
  });

  it('downloads a CSV report in the reader\'s time zone, with the interface\'s words and formula cells neutralised', async () => {
    await t.signInAs('analytics-admin2', { role: 'super_admin' });
    const res = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/report.csv?tz=Asia/Dubai`, as: 'analytics-admin2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="nashr-report-[a-z0-9-]+\.csv"$/);
    // The recipients, then after a blank line the coverage (none here: its header only).
    const [recipientsTable, coverageTable] = res.body.replace(/^\uFEFF/, '').trim().split('\r\n\r\n');
    const lines = recipientsTable.split('\r\n');
    expect(lines[0]).toBe(
      '"Name","Outlet","Country","Language","Email","Version sent","Status","Attempts","Soft Bounces","Sent At (Asia/Dubai)","First Open At (Asia/Dubai)","Opens","Clicks","Downloads","Unsubscribed","Replied","Last Activity (Asia/Dubai)","Last Error"',
    );
    expect(lines).toHaveLength(6);
    expect(coverageTable).toBe('"Coverage: Outlet","Country","Language","Headline","Address","Published At (Asia/Dubai)","Kind","Source","Excerpt"');
    expect(lines.some((l) => l.includes(`"'=cmd@example.com","English","Delivered"`))).toBe(true);
    const quiet = lines.find((l) => l.includes('"quiet@example.com","English","Delivered","1","0",'))!;
    expect(quiet).toContain('"Yes"');
    // Dubai is UTC+4 all year: the sent time is the delivery's, four hours on.
    const sentAt = rows.find((r) => r.email === 'quiet@example.com')!.sentAt!;
    const dubai = new Date(sentAt.getTime() + 4 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(quiet).toContain(`"${dubai}"`);
    expect(lines.some((l) => l.startsWith('"Rania Khalil","Gulf Daily","UAE","Arabic","clicker@example.com","English","Delivered"'))).toBe(true);
    const utc = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/report.csv`, as: 'analytics-admin2' });
    expect(utc.body).toContain('"Sent At (UTC)"');
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/report.csv?tz=Mars/Olympus`, as: 'analytics-admin2' })).statusCode).toBe(422);
    expect(csvCell('+1 555')).toBe(`"'+1 555"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    const masked = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/report.csv`, as: 'analyst' });
    for (const address of [...addresses, 'desk.editor@paper.example']) expect(masked.body.toLowerCase()).not.toContain(address);
    expect(masked.body).toContain('Recipient address rejected');
  });

  it("answers 404 for another user's release and 401 when signed out", async () => {
    await t.signInAs('nosy', { userType: 'active' });
    for (const suffix of ['analytics', 'recipients', 'report.csv']) {
      expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/${suffix}`, as: 'nosy' })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/${suffix}` })).statusCode).toBe(401);
    }
    expect((await t.request({ method: 'GET', url: '/api/press-releases/123/analytics', as: 'nosy' })).statusCode).toBe(404);
  });
});

describe('dashboard', () => {
  it("sums the caller's releases; a super admin sees everyone's with the owner's email", async () => {
    await t.request({ method: 'POST', url: '/api/send-press-release', as: 'analyst', payload: releasePayload({ action: 'save_draft' }) });
    const res = await t.request({ method: 'GET', url: '/api/analytics/dashboard', as: 'analyst' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalReleases: 2,
      thisMonth: 2,
      sentThisMonth: 1,
      openRate: '40%',
      mediaContacts: 5,
      totalOpens: 2,
      totalRecipients: 5,
      averageOpenRate: 40,
    });
    expect(res.json().releases).toEqual([
      expect.objectContaining({ id: releaseId, title: 'Gulf Robotics opens a new plant', recipientCount: 5, sent: 4, opens: 2, openRate: 40 }),
    ]);
    expect(res.json().releases[0]).not.toHaveProperty('userEmail');

    await t.signInAs('dash-admin', { role: 'super_admin' });
    const admin = await t.request({ method: 'GET', url: '/api/analytics/dashboard', as: 'dash-admin' });
    expect(admin.json().releases.find((r: { id: string }) => r.id === releaseId).userEmail).toBe(owner.email);

    await t.signInAs('newcomer');
    const empty = await t.request({ method: 'GET', url: '/api/analytics/dashboard', as: 'newcomer' });
    // Nothing sent yet: no open rate at all, not one of 0 %.
    expect(empty.json()).toMatchObject({ totalReleases: 0, openRate: null, mediaContacts: 0, releases: [], averageOpenRate: 0 });
    expect((await t.request({ method: 'GET', url: '/api/analytics/dashboard' })).statusCode).toBe(401);
  });
});
