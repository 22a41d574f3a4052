import type { ReleaseId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed } from '@rowanmanning/feed-parser';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { contactFields, insertContacts } from '../contacts/contacts-fixtures.js';
import { brands, newsroomFollowers, suppressions } from '../db/schema.js';
import { releasePayload } from '../releases/release-fixtures.js';
import { renderRelease } from '../delivery/release-renderer.js';
import { finishIfDone } from '../releases/lifecycle.js';

/**
 * A company's public newsroom (issue 13): its sent releases in the reader's language, Atom feeds per
 * language (parsed with a feed parser), and following by email: confirm, receive, unsubscribe.
 */

const ARABIC = {
  language: 'arabic',
  title: 'روبوتات الخليج تفتتح مصنعًا جديدًا',
  subtitle: 'خطوة مهمة للمنطقة',
  content: '<p>أعلنت روبوتات الخليج اليوم عن افتتاح مصنع جديد في دبي يوفر ثلاثمئة وظيفة للشباب في المنطقة كلها.</p>',
  location: 'دبي، الإمارات',
  boilerplate: 'تصنع روبوتات الخليج الروبوتات الصناعية للشرق الأوسط منذ عام 2010.',
};

let t: TestApp;
let listId: string;
let slug: string;
let sentRelease: { id: ReleaseId; webUrl: string; newsroomUrl: string };

async function deliverAll() {
  const sink = await startSmtpSink();
  const transport = smtpDeliveryTransport(sink.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: t.deps.config.mailFrom }).drain();
  await transport.close();
  await sink.close();
  return sink.messages;
}

const send = async (as: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [listId], ...payload }) });
  expect(res.statusCode).toBe(200);
  return res.json().pressRelease;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('gulf', { monthlyPressReleaseLimit: 20, trusted: true, userType: 'active', companyName: 'Gulf Robotics' });
  await insertContacts(t.db, [contactFields({ email: 'desk@daily.test', firstName: 'Desk', lastName: 'Editor', language: 'English' })]);
  await t.signInAs('chief', { role: 'super_admin' });
  const ids = (await t.request({ method: 'GET', url: '/api/global-contacts?search=desk', as: 'chief' })).json().items.map((c: { id: number }) => c.id);
  listId = (await t.request({ method: 'POST', url: '/api/user-lists', as: 'gulf', payload: { name: 'Desks' } })).json().id;
  await t.request({ method: 'POST', url: `/api/user-lists/${listId}/contacts/bulk`, as: 'gulf', payload: { globalContactIds: ids } });
  // A draft, a scheduled release and one waiting for review never appear anywhere public.
  await send('gulf', { action: 'save_draft', title: 'Secret draft plans' });
  await send('gulf', { action: 'schedule', title: 'Secret scheduled plans', scheduledAt: new Date(Date.now() + 86_400_000).toISOString() });
  await t.signInAs('waiting', { monthlyPressReleaseLimit: 1, userType: 'active' });
  const waitingList = (await t.request({ method: 'POST', url: '/api/user-lists', as: 'waiting', payload: { name: 'Desks' } })).json().id;
  await t.request({ method: 'POST', url: `/api/user-lists/${waitingList}/contacts/bulk`, as: 'waiting', payload: { globalContactIds: ids } });
  const inReview = await t.request({
    method: 'POST',
    url: '/api/send-press-release',
    as: 'waiting',
    payload: releasePayload({ recipientLists: [waitingList], title: 'Secret plans in review' }),
  });
  expect(inReview.json().pressRelease.status).toBe('in_review');
  sentRelease = await send('gulf', { translation: ARABIC });
  await deliverAll();
  sentRelease = (await t.request({ method: 'GET', url: `/api/press-releases/${sentRelease.id}`, as: 'gulf' })).json();
  slug = new URL(sentRelease.newsroomUrl).pathname.split('/')[2];
}, 120_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe('the newsroom page', () => {
  it('lists the company’s sent releases in the reader’s language, never a draft', async () => {
    expect(sentRelease.newsroomUrl).toBe(`http://localhost:3000/newsroom/${slug}`);
    expect(slug).toMatch(/^gulf-robotics-[0-9a-f]{6}$/);
    const english = await get(`/newsroom/${slug}`);
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(english.body).toContain('Gulf Robotics opens a new plant');
    expect(english.body).not.toMatch(/Secret/);
    const arabic = await get(`/newsroom/${slug}`, { 'accept-language': 'ar' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain(ARABIC.title);
    expect((await get(`/newsroom/${slug}?lang=en`, { 'accept-language': 'ar' })).body).toContain('<html lang="en" dir="ltr">');
    expect((await get('/newsroom/no-such-company')).statusCode).toBe(404);
  });

  it('has an Atom feed per language with the full text, and the whole wire has one too', async () => {
    const english = await get(`/newsroom/${slug}/feed.xml?lang=en`);
    expect(english.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(english.body);
    expect(feed.meta.type).toBe('atom');
    expect(feed.items.map((i) => i.title)).toEqual(['Gulf Robotics opens a new plant']);
    expect(feed.items[0].content).toContain('creating 300 jobs');
    expect(feed.items[0].url).toBe(`${sentRelease.webUrl}?lang=en`);
    const arabic = parseFeed((await get(`/newsroom/${slug}/feed.xml?lang=ar`)).body);
    expect(arabic.items.map((i) => i.title)).toEqual([ARABIC.title]);
    expect(arabic.items[0].content).toContain('ثلاثمئة وظيفة');
    const wire = parseFeed((await get('/feed.xml?lang=en')).body);
    expect(wire.items.map((i) => i.title)).toContain('Gulf Robotics opens a new plant');
    expect(wire.items.map((i) => i.title).filter((title) => title?.startsWith('Secret'))).toEqual([]);
  });
});

describe('the way from a release to its newsroom', () => {
  it('gives the web version "More from {Company}" with a follow form, and the email footer a newsroom link', async () => {
    const webPath = new URL(sentRelease.webUrl).pathname;
    const newsroomPage = `http://localhost:3000/newsroom/${slug}`;
    const english = (await get(`${webPath}?lang=en`)).body;
    expect(english).toContain('More from <bdi>Gulf Robotics</bdi>');
    expect(english).toContain(`href="/newsroom/${slug}"`);
    expect(english).toContain(`action="/newsroom/${slug}/follow"`);
    const arabic = (await get(`${webPath}?lang=ar`)).body;
    expect(arabic).toContain('المزيد من <bdi>Gulf Robotics</bdi>');
    expect(arabic).toMatch(/<option value="arabic" selected>/);

    // The form answers "Check your inbox" with the way back to the newsroom.
    const followed = await t.request({
      method: 'POST',
      url: `/newsroom/${slug}/follow`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=web-reader%40example.test&language=english',
      remoteAddress: '10.7.7.7',
    });
    expect(followed.statusCode).toBe(202);
    expect(followed.body).toContain('Check your inbox');
    expect(followed.body).toContain(`href="/newsroom/${slug}?lang=en"`);
    expect(followed.body).toContain('Back to Gulf Robotics’s newsroom');

    const rendered = await renderRelease(t.db, sentRelease.id, 'http://localhost:3000');
    expect(rendered.html).toContain(`<a href="${newsroomPage}" style="color:#6b7280;">More from <bdi>Gulf Robotics</bdi></a>`);
    expect(rendered.text).toContain(`More from Gulf Robotics: ${newsroomPage}`);
  });
});

describe('following a newsroom by email', () => {
  it('answers the same for anyone, confirms by a click, sends later releases in the follower’s language, and stops on unsubscribe', async () => {
    const before = t.smtp.messages.length;
    const follow = (email: string) =>
      t.request({ method: 'POST', url: `/api/newsroom/${slug}/subscribe`, payload: { email, language: 'arabic' }, remoteAddress: `10.0.0.${email.length}` });
    const reader = await follow('Reader@Example.test');
    // An address of the media database gets the very same answer.
    const journalist = await follow('desk@daily.test');
    expect([reader.statusCode, journalist.statusCode]).toEqual([202, 202]);
    expect(journalist.json()).toEqual(reader.json());
    expect((await follow('not-an-address')).statusCode).toBe(422);

    // The confirmation leaves after the answer, possibly behind the mail of the test before.
    const confirmation = await t.smtp.waitForMail((m) => m.envelopeTo[0] === 'reader@example.test', before);
    expect(confirmation.parsed.subject).toBe('أكّد متابعة غرفة أخبار Gulf Robotics');
    const link = /http:\/\/localhost:3000(\/newsroom\/follow\/[A-Za-z0-9_-]+)/.exec(String(confirmation.parsed.text))![1];
    // Opening the link (a mail scanner does) confirms nothing; the button does.
    expect((await get(link)).body).toContain('<form method="post"');
    expect((await t.request({ method: 'GET', url: '/api/newsroom/settings', as: 'gulf' })).json().followers).toBe(0);
    const confirmed = await t.request({ method: 'POST', url: link });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<html lang="ar" dir="rtl">');
    expect((await t.request({ method: 'POST', url: link })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/newsroom/settings', as: 'gulf' })).json()).toMatchObject({
      enabled: true,
      url: `http://localhost:3000/newsroom/${slug}`,
      followers: 1,
    });

    const release = await send('gulf', { translation: ARABIC, title: 'Gulf Robotics opens a second plant' });
    expect(release.recipientCount).toBe(1); // the journalist; the follower is counted apart
    const mails = await deliverAll();
    const toReader = mails.find((m) => m.envelopeTo[0] === 'reader@example.test')!;
    expect(toReader.parsed.subject).toBe(ARABIC.title);
    expect(String(toReader.parsed.html)).toContain('لأنك تتابع غرفة أخبار هذه الشركة');
    const analytics = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/analytics`, as: 'gulf' })).json();
    expect(analytics.recipients).toBe(1);
    expect(analytics.followers).toMatchObject({ recipients: 1, delivered: 1 });
    const table = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/recipients`, as: 'gulf' })).json();
    expect(table.items.map((r: { email: string }) => r.email)).toEqual(['desk@daily.test']);

    // One-click unsubscribe ends the following only: the address is not suppressed for everyone.
    const unsubscribe = /List-Unsubscribe: <(http:\/\/localhost:3000\/u\/[^>]+)>/.exec(toReader.raw.toString('utf8'))![1];
    expect((await t.request({ method: 'POST', url: new URL(unsubscribe).pathname })).statusCode).toBe(200);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, 'reader@example.test'))).toEqual([]);
    await send('gulf', { title: 'Gulf Robotics opens a third plant' });
    expect((await deliverAll()).map((m) => m.envelopeTo[0])).toEqual(['desk@daily.test']);
  });

  it('limits how often one client can ask to follow', async () => {
    const ask = () => t.request({ method: 'POST', url: `/api/newsroom/${slug}/subscribe`, payload: { email: 'x@example.test' }, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('following is no mail cannon', () => {
  let client = 0;
  const followFrom = (newsroomSlug: string, email: string) =>
    t.request({ method: 'POST', url: `/api/newsroom/${newsroomSlug}/subscribe`, payload: { email }, remoteAddress: `10.77.${Math.floor(++client / 250)}.${client % 250}` });
  const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.envelopeTo.includes(email));
  // The confirmations leave after the answer: each count is first awaited, then held for a moment so a
  // confirmation too many would show.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
  let companies = 0;
  async function anotherNewsroom(): Promise<string> {
    const owner = await t.signInAs(`company${++companies}`);
    const other = `other-newsroom-${companies}-${Date.now().toString(36)}`;
    await t.db.update(brands).set({ newsroomSlug: other }).where(eq(brands.id, owner.companyBrandId));
    return other;
  }

  it('sends one confirmation a day to an address however many clients ask, and answers each the same', async () => {
    const victim = 'victim-one@example.test';
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await followFrom(slug, victim));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    expect(answers[0].statusCode).toBe(202);
    await expect.poll(() => mailsTo(victim).length).toBe(1);
    await settle();
    expect(mailsTo(victim)).toHaveLength(1);

    // A day later a pending confirmation may be sent once more.
    await t.db.update(newsroomFollowers).set({ confirmationSentAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(newsroomFollowers.email, victim));
    await followFrom(slug, victim);
    await followFrom(slug, victim);
    await expect.poll(() => mailsTo(victim).length).toBe(2);
    await settle();
    expect(mailsTo(victim)).toHaveLength(2);
  });

  it('sends an address at most three confirmations a day across newsrooms', async () => {
    const victim = 'victim-two@example.test';
    for (let i = 0; i < 6; i++) expect((await followFrom(await anotherNewsroom(), victim)).statusCode).toBe(202);
    await expect.poll(() => mailsTo(victim).length).toBe(3);
    await settle();
    expect(mailsTo(victim)).toHaveLength(3);
  });

  it('never mails an address suppressed platform-wide, and answers as if it had', async () => {
    const suppressed = 'gone@example.test';
    await t.db.insert(suppressions).values({ email: suppressed, reason: 'complained' });
    const sent = await followFrom(slug, 'someone-new@example.test');
    const refused = await followFrom(slug, suppressed);
    expect([refused.statusCode, refused.body]).toEqual([sent.statusCode, sent.body]);
    await settle();
    expect(mailsTo(suppressed)).toHaveLength(0);
  });
});

describe('a newsroom turned off', () => {
  it('disappears from its page, its feeds and the wire, and GET /api/press-releases/{id} says so', async () => {
    const off = await t.request({ method: 'PATCH', url: '/api/newsroom/settings', as: 'gulf', payload: { enabled: false } });
    expect(off.json()).toMatchObject({ enabled: false });
    expect((await get(`/newsroom/${slug}`)).statusCode).toBe(404);
    expect((await get(`/newsroom/${slug}/feed.xml`)).statusCode).toBe(404);
    expect(parseFeed((await get('/feed.xml')).body).items).toEqual([]);
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${sentRelease.id}`, as: 'gulf' })).json().newsroomUrl).toBeNull();
    expect((await t.request({ method: 'PATCH', url: '/api/newsroom/settings', as: 'gulf', payload: { enabled: 'no' } })).statusCode).toBe(422);
    await t.request({ method: 'PATCH', url: '/api/newsroom/settings', as: 'gulf', payload: { enabled: true } });
    expect((await get(`/newsroom/${slug}`)).statusCode).toBe(200);
  });
});
