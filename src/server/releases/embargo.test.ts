import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '@rowanmanning/feed-parser';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { deliverAll as deliverEverything } from '../test/deliver-all.js';
import { articlePage, html, startFeedServer } from '../test/feed-server.js';
import { createScheduler } from './scheduler.js';
import { auditLog, deliveries, globalContacts, newsroomFollowers, pressReleases } from '../db/schema.js';
import { createListWithContacts, releasePayload } from './release-fixtures.js';

/**
 * Embargoes (issue 30), through the API on a real database: what the release payload accepts, that
 * nothing public shows an embargoed release before its lift (web version, newsroom page, both feeds,
 * followers' emails) while its recipients read it with the notice on top, its publication by the
 * scheduler at the lift (by another instance than the one that sent it, as after a restart), coverage
 * found early flagged as a break, and the super admin's accreditation of a journalist.
 */

/** 09:00 in Riyadh (UTC+3, no daylight saving): far enough ahead of any clock running this test. */
const LIFT = new Date('2030-12-01T06:00:00Z');
const EMBARGO = { until: LIFT.toISOString(), timeZone: 'Asia/Riyadh' };
const AFTER_LIFT = new Date(LIFT.getTime() + 30_000);
const PUBLIC_URL = 'http://localhost:3000';

const ARABIC = {
  language: 'arabic',
  title: 'الصقر الصحراوي يطلق طائرة جديدة',
  subtitle: 'خطوة مهمة للمنطقة',
  content: '<p>أعلنت شركة الصقر الصحراوي اليوم عن طائرة جديدة للشحن توفر مئتي وظيفة للشباب في المنطقة كلها.</p>',
  location: 'الرياض، السعودية',
  boilerplate: 'تصنع الصقر الصحراوي الطائرات منذ عام 2010.',
};
const TITLE = 'Desert Falcon unveils a cargo drone';

let t: TestApp;
let ownerWorkspaceId: WorkspaceId;
let listId: string;
let journalists: string[];

const sendAs = (as: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [listId], ...payload }) });
const get = (url: string, app?: FastifyInstance) => (app ? app.inject({ method: 'GET', url }) : t.request({ method: 'GET', url }));

const deliverAll = (now: () => Date) => deliverEverything(t.db, { publicUrl: PUBLIC_URL, mailFrom: t.deps.config.mailFrom, now });

const deliveriesOf = (releaseId: ReleaseId, audience: 'list' | 'follower') =>
  t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.audience, audience)));

beforeAll(async () => {
  t = await createTestApp({ FEED_ALLOW_PRIVATE: 'on' });
  const owner = await t.signInAs('falcon', { monthlyPressReleaseLimit: 20, trusted: true, userType: 'active', companyName: 'Desert Falcon' });
  ownerWorkspaceId = owner.workspaceId;
  await t.signInAs('chief', { role: 'super_admin' });
  await t.signInAs('stranger', { userType: 'active', companyName: 'Other Co' });
  const list = await createListWithContacts(t.db, ownerWorkspaceId, 0, ['reem@riyadh-daily.test', 'omar@gulf-news.test']);
  listId = list.listId;
  journalists = list.emails;
  // Reem reads Arabic: she is sent the Arabic version.
  await t.db.update(globalContacts).set({ language: 'Arabic' }).where(eq(globalContacts.email, 'reem@riyadh-daily.test'));
  // Both are accredited for embargoed releases: only such journalists get one before its lift (decision 024).
  await t.db.update(globalContacts).set({ embargoAccredited: true }).where(inArray(globalContacts.email, journalists));
}, 60_000);
afterAll(() => t.close());

describe('the embargo in the release payload', () => {
  const releaseCount = async () => (await t.db.select({ n: count() }).from(pressReleases).where(eq(pressReleases.workspaceId, ownerWorkspaceId)))[0].n;

  it('is refused on its field without a time zone, with an unknown zone, as a date alone, in the past, or before the scheduled send; nothing is stored', async () => {
    const before = await releaseCount();
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ embargo: { until: LIFT.toISOString() } }, 'embargo.timeZone', 'An embargo needs a time zone'],
      [{ embargo: { until: LIFT.toISOString(), timeZone: '' } }, 'embargo.timeZone', 'An embargo needs a time zone'],
      [{ embargo: { until: LIFT.toISOString(), timeZone: 'Mars/Olympus_Mons' } }, 'embargo.timeZone', 'Unknown time zone'],
      [{ embargo: { until: '2030-12-01', timeZone: 'Asia/Riyadh' } }, 'embargo.until', 'An embargo needs a date and a time'],
      [{ timeZone: 'Asia/Atlantis' }, 'timeZone', 'Unknown time zone'],
    ];
    for (const [payload, path, message] of refusals) {
      const res = await sendAs('falcon', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ path, message }));
    }

    const past = await sendAs('falcon', { embargo: { until: new Date(Date.now() - 60_000).toISOString(), timeZone: 'Asia/Dubai' } });
    expect(past.statusCode).toBe(422);
    expect(past.json().code).toBe('EMBARGO_IN_PAST');
    expect(past.json().errors).toEqual([expect.objectContaining({ path: 'embargo.until', code: 'EMBARGO_IN_PAST' })]);

    // Scheduled for after the lift: the embargo would never hold.
    const early = await sendAs('falcon', {
      action: 'schedule',
      scheduledAt: new Date(LIFT.getTime() + 3_600_000).toISOString(),
      timeZone: 'Asia/Dubai',
      embargo: EMBARGO,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('EMBARGO_BEFORE_SEND');
    expect(early.json().errors).toEqual([expect.objectContaining({ path: 'embargo.until', code: 'EMBARGO_BEFORE_SEND' })]);
    // Exactly at the lift is not after it either.
    expect((await sendAs('falcon', { action: 'schedule', scheduledAt: LIFT.toISOString(), embargo: EMBARGO })).json().code).toBe('EMBARGO_BEFORE_SEND');

    expect(await releaseCount()).toBe(before);
  });

  it('is stored with a draft as the instant and its zone, kept when a save leaves it out, and cleared by null', async () => {
    const draft = await sendAs('falcon', {
      action: 'save_draft',
      title: 'Embargo draft',
      embargo: { until: '2030-12-01T09:00:00+03:00', timeZone: 'Asia/Riyadh' },
      timeZone: 'Africa/Cairo',
      topics: ['Technology'],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const saved = draft.json().pressRelease;
    expect(saved.embargo).toEqual(EMBARGO);
    expect(saved.timeZone).toBe('Africa/Cairo');
    expect(saved.topics).toEqual(['Technology']);
    expect(saved.publishedAt).toBeNull();

    const kept = (await sendAs('falcon', { action: 'save_draft', existingPressReleaseId: saved.id, title: 'Embargo draft, edited' })).json().pressRelease;
    expect([kept.title, kept.embargo, kept.timeZone, kept.topics]).toEqual(['Embargo draft, edited', EMBARGO, 'Africa/Cairo', ['Technology']]);

    // A lapsed embargo does not stop a draft from saving; sending it does.
    const lapsed = { until: new Date(Date.now() - 60_000).toISOString(), timeZone: 'Asia/Riyadh' };
    const stale = await sendAs('falcon', { action: 'save_draft', existingPressReleaseId: saved.id, embargo: lapsed });
    expect(stale.statusCode, stale.body).toBe(200);
    const sent = await sendAs('falcon', { existingPressReleaseId: saved.id });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().code).toBe('EMBARGO_IN_PAST');

    const cleared = (await sendAs('falcon', { action: 'save_draft', existingPressReleaseId: saved.id, embargo: null })).json().pressRelease;
    expect(cleared.embargo).toBeNull();
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, saved.id));
    expect([row.embargoUntil, row.embargoTimeZone]).toEqual([null, null]);
  });
});

describe('an embargoed release', () => {
  let release: { id: ReleaseId; brandId: BrandId };
  let slug: string;
  let newsroomSlug: string;
  let fileId: string;
  let plain: { id: ReleaseId; webUrl: string };

  beforeAll(async () => {
    // A release without an embargo first: it gives the brand its newsroom, and is public from its send.
    const first = await sendAs('falcon', { title: 'Desert Falcon opens a hangar' });
    expect(first.statusCode, first.body).toBe(200);
    plain = first.json().pressRelease;
    const brandId = first.json().pressRelease.brandId as BrandId;
    await t.db.insert(newsroomFollowers).values(
      ['follower-en@example.test', 'follower-ar@example.test'].map((email, i) => ({
        brandId,
        email,
        language: i ? 'arabic' : 'english',
        token: `confirmed-follower-token-${i}-0123456789`,
        confirmedAt: new Date(),
      })),
    );
    const res = await sendAs('falcon', { title: TITLE, translation: ARABIC, embargo: EMBARGO });
    expect(res.statusCode, res.body).toBe(200);
    release = res.json().pressRelease;
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id));
    slug = row.slug!;
    fileId = res.json().pressRelease.attachments[0].id;
    newsroomSlug = new URL(res.json().pressRelease.newsroomUrl).pathname.split('/')[2];
  }, 60_000);

  it('answers its embargo and no publication to its workspace, with no public address to hand out yet', async () => {
    const shown = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: 'falcon' })).json();
    expect(shown.status).toBe('sending');
    expect(shown.embargo).toEqual(EMBARGO);
    expect(shown.publishedAt).toBeNull();
    expect(shown.webUrl).toBeNull();
    // A release without an embargo is published at its send.
    const hangar = (await t.request({ method: 'GET', url: `/api/press-releases/${plain.id}`, as: 'falcon' })).json();
    expect(hangar.publishedAt).toBe(hangar.sentAt);
    expect(hangar.webUrl).toMatch(/\/r\//);
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: 'stranger' })).statusCode).toBe(404);
  });

  it('shows nothing public before the lift: web version, its files, newsroom page, both feeds; followers are not queued', async () => {
    await expectHidden();
    expect(await deliveriesOf(release.id, 'follower')).toEqual([]);
    expect((await deliveriesOf(release.id, 'list')).map((d) => d.email).sort()).toEqual([...journalists].sort());
  });

  it("opens to a recipient's own link only, with the notice, kept by no cache or search engine", async () => {
    const [delivery] = await deliveriesOf(release.id, 'list');
    const own = await get(`/r/${slug}?t=${delivery.token}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain(TITLE);
    expect(own.body).toContain('EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh)');
    expect(own.headers['cache-control']).toContain('no-store');
    expect(own.body).toContain('<meta name="robots" content="noindex');
    const arabic = await get(`/r/${slug}?t=${delivery.token}&lang=ar`);
    expect(arabic.body).toContain('محظور النشر حتى 09:00، 1 ديسمبر 2030 (الرياض)');
    // Another release's token, a malformed one, or none: the one 404 page.
    const [other] = await deliveriesOf(plain.id, 'list');
    expect((await get(`/r/${slug}?t=${other.token}`)).statusCode).toBe(404);
    expect((await get(`/r/${slug}?t=${'0'.repeat(64)}`)).statusCode).toBe(404);
    expect((await get(`/r/${slug}?t=x'--`)).statusCode).toBe(404);
  });

  it('is sent to journalists with "EMBARGOED UNTIL …" leading the subject and the email, in English and in Arabic', async () => {
    const messages = await deliverAll(() => new Date());
    // The journalists get the release without an embargo in the same drain, in either order.
    const embargoedTo = (address: string) =>
      messages.find((m) => m.envelopeTo[0] === address && m.parsed.subject !== 'Desert Falcon opens a hangar')!.parsed;
    const english = embargoedTo('omar@gulf-news.test');
    expect(english.subject).toBe(`EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh): ${TITLE}`);
    expect(english.text!.split('\n')[0]).toBe('EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh)');
    expect(english.html).toContain('EMBARGOED UNTIL 09:00, 1 December 2030 (Riyadh)</p>');
    expect(english.html).not.toContain('FOR IMMEDIATE RELEASE');
    const arabic = embargoedTo('reem@riyadh-daily.test');
    expect(arabic.subject).toBe(`محظور النشر حتى 09:00، 1 ديسمبر 2030 (الرياض): ${ARABIC.title}`);
    expect(arabic.text!.split('\n')[0]).toBe('محظور النشر حتى 09:00، 1 ديسمبر 2030 (الرياض)');
    expect(arabic.html).not.toContain('للنشر الفوري');
    // The release without an embargo says what it always said.
    const hangar = messages.find((m) => m.parsed.subject === 'Desert Falcon opens a hangar');
    expect(hangar?.parsed.text).toMatch(/^FOR IMMEDIATE RELEASE/);
    // Nobody but the journalists: no follower got the embargoed release.
    expect(messages.filter((m) => m.envelopeTo[0].startsWith('follower') && m.parsed.subject?.includes('cargo drone'))).toEqual([]);
  }, 60_000);

  it('is published by the scheduler at the lift, by another instance than the one that sent it, and its followers are sent it then', async () => {
    // The first instance's scheduler runs before the lift: nothing changes.
    const first = createScheduler({ db: t.db, now: () => new Date() });
    await first.tick();
    await first.stop();
    await expectHidden();

    // A new instance of the application on the same database (a restart): the lift is state in the
    // database, not a timer of the instance that sent it. Two workers ticking at once publish it once.
    const restarted = await buildApp({ ...t.deps, now: () => AFTER_LIFT }, { serveClient: false });
    await restarted.ready();
    try {
      const workers = [createScheduler({ db: t.db, now: () => AFTER_LIFT }), createScheduler({ db: t.db, now: () => AFTER_LIFT })];
      await Promise.all(workers.map((w) => w.tick()));
      const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id));
      expect(row.publishedAt).toEqual(AFTER_LIFT);
      const followers = await deliveriesOf(release.id, 'follower');
      expect(followers.map((d) => [d.email, d.language]).sort()).toEqual([
        ['follower-ar@example.test', 'arabic'],
        ['follower-en@example.test', 'english'],
      ]);
      await workers[0].tick();
      expect(await deliveriesOf(release.id, 'follower')).toHaveLength(2);

      const web = await get(`/r/${slug}`, restarted);
      expect(web.statusCode).toBe(200);
      expect(web.body).toContain(TITLE);
      expect(web.body).not.toContain('EMBARGOED');
      expect((await get(`/r/${slug}/files/${fileId}`, restarted)).statusCode).toBe(200);
      expect((await get(`/newsroom/${newsroomSlug}?lang=en`, restarted)).body).toContain(TITLE);
      expect(parseFeed((await get(`/newsroom/${newsroomSlug}/feed.xml?lang=en`, restarted)).body).items.map((i) => i.title)).toContain(TITLE);
      expect(parseFeed((await get(`/newsroom/${newsroomSlug}/feed.xml?lang=ar`, restarted)).body).items.map((i) => i.title)).toContain(ARABIC.title);
      const wire = parseFeed((await get('/feed.xml?lang=en', restarted)).body).items;
      expect(wire.map((i) => i.title)).toContain(TITLE);
      // Dated at its publication, not at the send before the embargo.
      expect(wire.find((i) => i.title === TITLE)?.updated).toEqual(AFTER_LIFT);
      const shown = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: 'falcon' })).json();
      expect(shown.publishedAt).toBe(AFTER_LIFT.toISOString());
      expect(shown.webUrl).toBe(`${PUBLIC_URL}/r/${slug}`);

      // The followers' emails, sent after the lift, carry no embargo.
      const messages = await deliverAll(() => AFTER_LIFT);
      const toFollowers = messages.filter((m) => m.envelopeTo[0].startsWith('follower'));
      expect(toFollowers.map((m) => m.parsed.subject).sort()).toEqual([ARABIC.title, TITLE].sort());
      expect(toFollowers.map((m) => m.parsed.text).join('\n')).not.toMatch(/EMBARGOED|محظور النشر/);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  async function expectHidden() {
    expect((await get(`/r/${slug}`)).statusCode).toBe(404);
    expect((await get(`/r/${slug}?lang=ar`)).statusCode).toBe(404);
    expect((await get(`/r/${slug}/files/${fileId}`)).statusCode).toBe(404);
    const newsroom = await get(`/newsroom/${newsroomSlug}?lang=en`);
    expect(newsroom.statusCode).toBe(200);
    expect(newsroom.body).toContain('Desert Falcon opens a hangar');
    expect(newsroom.body).not.toContain(TITLE);
    expect(newsroom.body).not.toContain(slug);
    expect((await get(`/newsroom/${newsroomSlug}?lang=ar`)).body).not.toContain(ARABIC.title);
    for (const feed of [`/newsroom/${newsroomSlug}/feed.xml?lang=en`, `/newsroom/${newsroomSlug}/feed.xml?lang=ar`, '/feed.xml?lang=en', '/feed.xml?lang=ar']) {
      const body = (await get(feed)).body;
      expect(body, feed).not.toContain(slug);
      expect(parseFeed(body).items.map((i) => i.title), feed).not.toContain(TITLE);
    }
    expect(parseFeed((await get('/feed.xml?lang=en')).body).items.map((i) => i.title)).toContain('Desert Falcon opens a hangar');
  }
});

describe('an embargo that lifts before the release goes out', () => {
  it('is published at the send, and its followers are sent it with the journalists', async () => {
    const soon = Date.now() + 3_600_000;
    const res = await sendAs('falcon', {
      action: 'schedule',
      title: 'Desert Falcon names a new chief pilot',
      scheduledAt: new Date(soon).toISOString(),
      embargo: { until: new Date(soon + 3_600_000).toISOString(), timeZone: 'Asia/Riyadh' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().pressRelease;
    // Held back (an approval, a stopped worker) until after its embargo: it goes out public.
    const late = new Date(soon + 3 * 3_600_000);
    await createScheduler({ db: t.db, now: () => late }).tick();
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, id));
    expect(row.status).toBe('sending');
    expect(row.publishedAt).toEqual(late);
    expect(await deliveriesOf(id, 'follower')).toHaveLength(2);
    expect((await get(`/r/${row.slug}`)).statusCode).toBe(200);
  });
});

describe('coverage found before the lift', () => {
  it('is flagged as an embargo break with its outlet; coverage after it, or of a release without an embargo, is not', async () => {
    const early = new Date(Date.now() - 3_600_000);
    const server = await startFeedServer({
      '/leak': html(
        articlePage({
          site: 'The Early Bird',
          title: 'Desert Falcon to unveil a cargo drone',
          publishedAt: early,
          paragraphs: ['Desert Falcon will unveil a cargo drone next month, people familiar with the plans said on Sunday in Riyadh.'],
        }),
      ),
    });
    try {
      const lifted = await sendAs('falcon', { title: 'Desert Falcon signs with a Gulf airline', embargo: { until: new Date(Date.now() + 86_400_000).toISOString(), timeZone: 'Asia/Dubai' } });
      const plain = await sendAs('falcon', { title: 'Desert Falcon hires engineers' });
      const add = (releaseId: string) =>
        t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'falcon', payload: { url: server.url('/leak') } });
      const flagged = await add(lifted.json().pressRelease.id);
      expect(flagged.statusCode, flagged.body).toBe(201);
      expect(flagged.json()).toMatchObject({ outlet: 'The Early Bird', embargoBreak: true });
      const notFlagged = await add(plain.json().pressRelease.id);
      expect(notFlagged.json().embargoBreak).toBe(false);
      const coverage = (await t.request({ method: 'GET', url: `/api/press-releases/${lifted.json().pressRelease.id}/coverage`, as: 'falcon' })).json();
      expect(coverage.items).toEqual([expect.objectContaining({ outlet: 'The Early Bird', embargoBreak: true })]);
    } finally {
      await server.close();
    }
  });
});

describe("a journalist's accreditation for embargoed releases", () => {
  it('is set by a super admin with a note, audited, and refused to anyone else', async () => {
    // A journalist not yet accredited (the list's two are, for the sends above).
    const [contact] = await t.db.insert(globalContacts).values({ email: 'nadia@khaleej-desk.test', firstName: 'Nadia', lastName: 'Kareem' }).returning();
    const url = `/api/admin/contacts/${contact.id}/accreditation`;
    const payload = { accredited: true, note: 'Honoured every embargo since 2024 (Gulf News business desk).' };
    for (const as of ['falcon', 'stranger']) expect((await t.request({ method: 'PUT', url, as, payload })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload })).statusCode).toBe(401);

    const res = await t.request({ method: 'PUT', url, as: 'chief', payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ contactId: contact.id, ...payload });
    expect((await t.request({ method: 'GET', url, as: 'chief' })).json()).toEqual({ contactId: contact.id, ...payload });
    const [stored] = await t.db.select().from(globalContacts).where(eq(globalContacts.id, contact.id));
    expect([stored.embargoAccredited, stored.accreditationNote]).toEqual([true, payload.note]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contact.accreditation_changed'));
    expect(entry).toMatchObject({ target: String(contact.id), details: { email: contact.email, from: { accredited: false, note: '' }, to: payload } });
    // The audit log names the contact by its address.
    const audit = (await t.request({ method: 'GET', url: '/api/admin/audit?pageSize=100', as: 'chief' })).json();
    expect(audit.items.find((e: { action: string }) => e.action === 'contact.accreditation_changed')).toMatchObject({ targetName: contact.email });

    const tooLong = await t.request({ method: 'PUT', url, as: 'chief', payload: { accredited: false, note: 'x'.repeat(501) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ path: 'note', message: 'The note can be at most 500 characters' })]);
    expect((await t.request({ method: 'PUT', url, as: 'chief', payload: { note: 'no decision' } })).statusCode).toBe(422);
    expect((await t.request({ method: 'PUT', url: '/api/admin/contacts/99999999/accreditation', as: 'chief', payload })).statusCode).toBe(404);
    // Nothing changed by the refused requests.
    expect((await t.request({ method: 'GET', url, as: 'chief' })).json().accredited).toBe(true);
  });
});
