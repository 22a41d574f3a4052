import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { buildApp } from '../app.js';
import { companyUnsubscribes, deliveries, globalContacts, pressReleases, sessions, suppressions, trackingEvents } from '../db/schema.js';
import { createListWithContacts, PDF_BYTES, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { finishIfDone } from '../releases/lifecycle.js';
import type { ReleaseId } from '../../shared/ids.js';

let t: TestApp;
let release: { id: ReleaseId; attachments: Array<{ id: string }>; webUrl: string };
let rows: Array<typeof deliveries.$inferSelect>;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const UNKNOWN_TOKEN = 'f'.repeat(64);
/** Tracking events are written in batches about once a second. */
const POLL = { timeout: 15_000, interval: 100 };

beforeAll(async () => {
  t = await createTestApp();
  // A trusted customer: its releases skip editorial review (review.test.ts covers review).
  const user = await t.signInAs('tracker', { userType: 'active', monthlyPressReleaseLimit: 5, trusted: true });
  const list = await createListWithContacts(t.db, user.workspaceId, 4);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'tracker', payload: releasePayload({ recipientLists: [list.listId] }) });
  release = res.json().pressRelease;
  const transport = smtpDeliveryTransport(t.smtp.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' }).drain();
  await transport.close();
  rows = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id)).orderBy(deliveries.id);
}, 180_000);
afterAll(() => t.close());

const eventsOf = (deliveryId: number) => t.db.select().from(trackingEvents).where(eq(trackingEvents.deliveryId, deliveryId));
const get = (url: string, ua = BROWSER) => t.request({ method: 'GET', url, headers: { 'user-agent': ua } });

describe('open pixel', () => {
  it('answers the same GIF for known and unknown tokens and records only real deliveries', async () => {
    const known = await get(`/t/o/${rows[0].token}.gif`);
    const unknown = await get(`/t/o/${UNKNOWN_TOKEN}.gif`);
    const garbage = await get(`/t/o/not-a-token`);
    for (const res of [known, unknown, garbage]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toContain('no-store');
      // Webmail loading images straight from us must be allowed to show it.
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(known.rawPayload)).toBe(true);
    }
    expect(known.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    await expect.poll(async () => (await eventsOf(rows[0].id)).map((e) => e.type), POLL).toEqual(['open']);
    const [event] = await eventsOf(rows[0].id);
    expect(event).toMatchObject({ releaseId: release.id, userAgent: BROWSER });
  });

  it('counts proxy and scanner fetches right after delivery as machine opens, and later ones as opens', async () => {
    const d = rows[1];
    await get(`/t/o/${d.token}.gif`, 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)');
    await get(`/t/o/${d.token}.gif`, 'Mozilla/5.0');
    await expect.poll(async () => (await eventsOf(d.id)).map((e) => e.type).sort(), POLL).toEqual(['machine_open', 'machine_open']);
    // An hour after delivery, the same proxy fetching means a person opened the message.
    await t.db.update(deliveries).set({ sentAt: sql`now() - interval '1 hour'` }).where(eq(deliveries.id, d.id));
    await get(`/t/o/${d.token}.gif`, 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)');
    await expect.poll(async () => (await eventsOf(d.id)).filter((e) => e.type === 'open').length, POLL).toBe(1);
  });

  it('writes every buffered event before the app closes', async () => {
    const app = await buildApp(t.deps, { serveClient: false });
    const d = rows[2];
    for (let i = 0; i < 25; i++) await app.inject({ method: 'GET', url: `/t/o/${d.token}.gif`, headers: { 'user-agent': BROWSER } });
    await app.close();
    expect((await eventsOf(d.id)).filter((e) => e.type === 'open').length).toBe(25);
  });

  it('does no session work for a signed-in browser: only API requests read or slide the session', async () => {
    const reader = await t.signInAs('pixel-reader');
    const soon = new Date(Date.now() + 86_400_000);
    await t.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, reader.id));
    const expiry = async () => (await t.db.select({ at: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, reader.id)))[0].at;
    expect((await t.request({ method: 'GET', url: `/t/o/${rows[3].token}.gif`, as: 'pixel-reader' })).statusCode).toBe(200);
    expect(new Date(await expiry()).getTime()).toBe(soon.getTime());
    expect((await t.request({ method: 'GET', url: '/api/auth/me', as: 'pixel-reader' })).statusCode).toBe(200);
    expect(new Date(await expiry()).getTime()).toBeGreaterThan(soon.getTime());
  });
});

/** The token with its last character changed (a token may already end in any hex digit). */
const alterLastCharacter = (token: string) => token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');

describe('click redirects', () => {
  it('redirects only to the URL stored at send time', async () => {
    const d = rows[0];
    const res = await get(`/t/c/${d.token}/1?url=https://evil.example`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://gulf-robotics.example.com/news?id=1&ref=pr');
    await expect.poll(async () => (await eventsOf(d.id)).filter((e) => e.type === 'click').map((e) => e.linkId), POLL).toEqual([1]);
  });

  it('answers tampered links and unknown tokens with the same 404 page and records nothing', async () => {
    const d = rows[3];
    const tampered = [
      `/t/c/${d.token}/2`,
      `/t/c/${d.token}/0`,
      `/t/c/${d.token}/abc`,
      `/t/c/${alterLastCharacter(d.token)}/1`,
      `/t/c/${UNKNOWN_TOKEN}/1`,
      `/t/c/${encodeURIComponent('https://evil.example')}/1`,
    ];
    const bodies = new Set<string>();
    for (const url of tampered) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('Page Not Found');
    const unknownPixel = await get(`/t/d/${UNKNOWN_TOKEN}/${release.attachments[0].id}`);
    expect(unknownPixel.body).toBe([...bodies][0]);
    // Events are written in order: once a later open is stored, any click of the tampered requests would be too.
    await get(`/t/o/${d.token}.gif`);
    await expect.poll(async () => (await eventsOf(d.id)).some((e) => e.type === 'open'), POLL).toBe(true);
    expect((await eventsOf(d.id)).filter((e) => e.type === 'click')).toEqual([]);
  });
});

describe('links outside ASCII', () => {
  const ARABIC_PATH = 'https://ar.wikipedia.org/wiki/دبي';
  const ARABIC_DOMAIN = 'https://دبي.example/أخبار?q=روبوت';
  const content =
    `<p>Gulf Robotics opens a plant in Dubai, creating 300 jobs across the region this year. ` +
    `<a href="${ARABIC_PATH}">دبي</a> <a href="http://exa mple.com/">broken</a> <a href="${ARABIC_DOMAIN}">الأخبار</a></p>`;

  it('stores and redirects to the encoded URL (punycode host, percent-encoded path) and leaves invalid links untracked', async () => {
    const user = await t.signInAs('arabic-linker', { userType: 'active', monthlyPressReleaseLimit: 5, trusted: true });
    const list = await createListWithContacts(t.db, user.workspaceId, 1);
    const payload = releasePayload({ recipientLists: [list.listId], content });
    const sent = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'arabic-linker', payload });
    expect(sent.statusCode).toBe(200);
    const transport = smtpDeliveryTransport(t.smtp.url, 1);
    await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' }).drain();
    await transport.close();
    const [delivery] = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, sent.json().pressRelease.id));

    const first = await get(`/t/c/${delivery.token}/1`);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://ar.wikipedia.org/wiki/%D8%AF%D8%A8%D9%8A');
    const second = await get(`/t/c/${delivery.token}/2`);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe(new URL(ARABIC_DOMAIN).href);
    expect(second.headers.location).toMatch(/^https:\/\/xn--[a-z0-9-]+\.example\/%D8%A3/);
    expect((await get(`/t/c/${delivery.token}/3`)).statusCode).toBe(404);

    const message = t.smtp.messages.find((m) => m.envelopeTo.includes(delivery.email));
    const html = String(message!.parsed.html);
    expect(html).toContain(`/t/c/${delivery.token}/1`);
    expect(html).toContain(`/t/c/${delivery.token}/2`);
    expect(html).not.toContain(`/t/c/${delivery.token}/3`);
  });
});

describe('tracked downloads and the web version', () => {
  it('serves the attachment for a delivery token and records the download', async () => {
    const d = rows[0];
    const res = await get(`/t/d/${d.token}/${release.attachments[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''release.pdf");
    expect(res.rawPayload.equals(PDF_BYTES)).toBe(true);
    await expect.poll(async () => (await eventsOf(d.id)).filter((e) => e.type === 'download').length, POLL).toBe(1);
  });

  it('publishes the web version with NewsArticle data, tracked download links for a recipient', async () => {
    const slug = release.webUrl.split('/r/')[1];
    const page = await get(`/r/${slug}?t=${rows[0].token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('FOR IMMEDIATE RELEASE');
    expect(page.body).toContain(`href="http://localhost:3000/t/d/${rows[0].token}/${release.attachments[0].id}"`);
    expect(page.body).not.toContain('/u/');
    // One landmark holds the article and its files; the files' box counts its padding inside the article's width.
    expect(page.body.match(/<main>/g)).toHaveLength(1);
    expect(page.body).toMatch(/<main><article>[\s\S]*<section aria-labelledby="attachments"[^>]*max-width:700px;[^>]*box-sizing:border-box;[\s\S]*<\/main>/);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Gulf Robotics opens a new plant',
      alternativeHeadline: 'A milestone for the region',
      inLanguage: 'en',
      dateline: 'Dubai, UAE, November 21, 2026',
      publisher: { '@type': 'Organization', name: 'tracker Company' },
    });
    expect(jsonLd.articleBody).toContain('Gulf Robotics today announced');

    const anonymous = await get(`/r/${slug}?t=${UNKNOWN_TOKEN}`);
    expect(anonymous.body).toContain(`href="http://localhost:3000/r/${slug}/files/${release.attachments[0].id}"`);
    const file = await get(`/r/${slug}/files/${release.attachments[0].id}`);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('answers unknown slugs and unsent releases with the 404 page', async () => {
    const unknown = await get('/r/no-such-release-123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page Not Found');
    const slug = release.webUrl.split('/r/')[1];
    await t.db.update(pressReleases).set({ status: 'failed' }).where(eq(pressReleases.id, release.id));
    expect((await get(`/r/${slug}`)).statusCode).toBe(404);
    await t.db.update(pressReleases).set({ status: 'sent' }).where(eq(pressReleases.id, release.id));
  });
});

describe('unsubscribe', () => {
  it('offers "only from {Company}" and "from every release", without unsubscribing on GET', async () => {
    const known = await get(`/u/${rows[3].token}`);
    const unknown = await get(`/u/${UNKNOWN_TOKEN}`);
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain(`action="/u/${rows[3].token}?scope=company"`);
    expect(known.body).toContain('Only from <bdi>tracker Company</bdi>');
    expect(known.body).toContain('From every release sent through Nashr');
    // Pages keep the app's security headers; only the pixel goes without them.
    expect(known.headers['content-security-policy']).toContain("default-src 'self'");
    // An unknown token names no company: it is offered every release only, on the same page otherwise.
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('scope=company');
    expect(unknown.body).toContain(`action="/u/${UNKNOWN_TOKEN}"`);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, rows[3].email))).toEqual([]);
  });

  it('suppresses the address for everyone on an RFC 8058 one-click POST; unknown tokens get the same answer', async () => {
    const d = rows[3];
    const res = await t.request({
      method: 'POST',
      url: `/u/${d.token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You have been unsubscribed');
    const [row] = await t.db.select().from(suppressions).where(eq(suppressions.email, d.email));
    expect(row).toMatchObject({ reason: 'unsubscribed', releaseId: release.id });
    await expect.poll(async () => (await eventsOf(d.id)).filter((e) => e.type === 'unsubscribe').length, POLL).toBe(1);

    // The page differs from an unknown token's only by the token in its Resubscribe form.
    const same = (body: string) => expect(body.replace(UNKNOWN_TOKEN, 'TOKEN')).toBe(res.body.replace(d.token, 'TOKEN'));
    const unknown = await t.request({ method: 'POST', url: `/u/${UNKNOWN_TOKEN}`, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' });
    expect(unknown.statusCode).toBe(200);
    same(unknown.body);
    const noBody = await t.request({ method: 'POST', url: `/u/${UNKNOWN_TOKEN}` });
    same(noBody.body);
    const brokenJson = await t.request({ method: 'POST', url: `/u/${UNKNOWN_TOKEN}`, headers: { 'content-type': 'application/json' }, payload: '{bad' });
    expect(brokenJson.statusCode).toBe(200);
    same(brokenJson.body);
    expect(await t.db.select().from(suppressions).where(and(eq(suppressions.reason, 'unsubscribed')))).toHaveLength(1);
  });

  it("offers to undo an unsubscribe for 24 hours, and undoes only the address's own choice", async () => {
    const d = rows[2];
    const unsubscribe = () =>
      t.request({ method: 'POST', url: `/u/${d.token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    const resubscribe = (token = d.token) => t.request({ method: 'POST', url: `/u/${token}/resubscribe` });
    const suppressionOf = async () => (await t.db.select().from(suppressions).where(eq(suppressions.email, d.email)))[0];

    const page = await unsubscribe();
    expect(page.body).toContain(`action="/u/${d.token}/resubscribe"`);
    expect(page.body).toContain('within 24 hours');
    expect(await suppressionOf()).toBeDefined();
    const undone = await resubscribe();
    expect(undone.statusCode).toBe(200);
    expect(undone.body).toContain('You are subscribed again');
    expect(await suppressionOf()).toBeUndefined();

    // A day later it stays: the page says so and the address remains suppressed.
    await unsubscribe();
    await t.db.update(suppressions).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(suppressions.email, d.email));
    const late = await resubscribe();
    expect(late.body).toContain('This can no longer be undone');
    expect(await suppressionOf()).toMatchObject({ reason: 'unsubscribed' });

    // A bounce is not the address's choice: Resubscribe cannot lift it. Unknown tokens change nothing.
    await t.db.update(suppressions).set({ reason: 'bounced', createdAt: new Date() }).where(eq(suppressions.email, d.email));
    expect((await resubscribe()).body).toContain('This can no longer be undone');
    expect(await suppressionOf()).toMatchObject({ reason: 'bounced' });
    expect((await resubscribe(UNKNOWN_TOKEN)).body).toBe(late.body);
  });
});

describe('unsubscribe from one company', () => {
  const unsubscribeFromCompany = (token: string) =>
    t.request({ method: 'POST', url: `/u/${token}?scope=company`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  const send = async (as: string, listId: string) =>
    (await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [listId] }) })).json().pressRelease;
  const addressesOf = async (releaseId: ReleaseId) => (await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId))).map((d) => d.email).sort();

  it("stops that company's releases only: others still reach the address, and the customer sees who", async () => {
    const d = rows[0];
    const page = await unsubscribeFromCompany(d.token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('from <bdi>tracker Company</bdi> at this address again');
    expect(await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, d.email))).toMatchObject([
      { releaseId: release.id },
    ]);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, d.email))).toEqual([]);

    // The same company's next release leaves the address out (and the pre-send check says why) ...
    const tracker = (await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id)))[0].workspaceId;
    const again = await createListWithContacts(t.db, tracker, 0, [d.email, rows[1].email]);
    const preflight = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: 'tracker', payload: { recipientLists: [again.listId] } });
    expect(preflight.json()).toMatchObject({ recipients: 1, suppressedByReason: [{ reason: 'unsubscribed_company', count: 1 }] });
    expect(await addressesOf((await send('tracker', again.listId)).id)).toEqual([rows[1].email]);

    // ... while another company's still reaches it.
    const other = await t.signInAs('other-company', { userType: 'active', monthlyPressReleaseLimit: 5, trusted: true });
    const otherList = await createListWithContacts(t.db, other.workspaceId, 0, [d.email]);
    expect(await addressesOf((await send('other-company', otherList.listId)).id)).toEqual([d.email]);

    // The customer's cards and lists say who unsubscribed from them; the other company's do not.
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, d.email));
    const card = (as: string) => t.request({ method: 'GET', url: `/api/global-contacts/${contact.id}`, as });
    expect((await card('tracker')).json()).toMatchObject({ unsubscribed: 'company' });
    expect((await card('other-company')).json().unsubscribed).toBeUndefined();
    const members = await t.request({ method: 'GET', url: `/api/user-lists/${again.listId}/contacts`, as: 'tracker' });
    const marked = members.json().items.map((i: { contact: { email: string; unsubscribed?: string } }) => [i.contact.email, i.contact.unsubscribed ?? null]);
    expect(marked.sort()).toEqual([[d.email, 'company'], [rows[1].email, null]].sort());
  });

  it('answers a link used twice with the same page and no error, and undoes it on Resubscribe', async () => {
    const d = rows[1];
    const first = await unsubscribeFromCompany(d.token);
    const second = await unsubscribeFromCompany(d.token);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.body).toBe(first.body);
    expect(await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, d.email))).toHaveLength(1);
    // Both kinds used twice: the every-release page too.
    const everyone = () => t.request({ method: 'POST', url: `/u/${d.token}` });
    const [one, two] = [await everyone(), await everyone()];
    expect(two.statusCode).toBe(200);
    expect(two.body).toBe(one.body);
    expect((await t.request({ method: 'POST', url: `/u/${d.token}/resubscribe` })).body).toContain('You are subscribed again');
    expect(await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, d.email))).toEqual([]);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, d.email))).toEqual([]);
  });
});
