import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandLogoPath } from '../../shared/brands.js';
import { brandLogos, brands, deliveries, newsroomFollowers, pressReleases } from '../db/schema.js';
import { createMatcher } from '../coverage/matching.js';
import { releasesForMatching } from '../coverage/coverage.service.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { PNG_BYTES, createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { finishIfDone } from '../releases/lifecycle.js';

/**
 * The release speaks as its brand (issue 28, decision 022): an agency's workspace with two brands sends a
 * release for each; each has its own From, logo, newsroom, feed, followers, "only from" unsubscribes and
 * coverage names.
 */

const PUBLIC = 'http://localhost:3000';
const FOODS_SLUG = 'riyadh-foods-news';
const SHARED = 'shared-desk@news.test';
const FOLLOWER = 'foods-fan@readers.test';

let t: TestApp;
let workspaceId: WorkspaceId;
let agencyBrand: BrandId;
let foodsBrand: BrandId;
let logoUrl: string;
let agencySlug: string;
let listId: string;
const sent: Record<'agency' | 'foods', { id: ReleaseId; webUrl: string; newsroomUrl: string | null }> =
  {} as never;
type Message = Awaited<ReturnType<typeof startSmtpSink>>['messages'][number];
const mail: Record<'agency' | 'foods', Message[]> = { agency: [], foods: [] };

async function deliverAll(): Promise<Message[]> {
  const sink = await startSmtpSink();
  const transport = smtpDeliveryTransport(sink.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone,
    db: t.db,
    transport,
    publicUrl: PUBLIC,
    mailFrom: t.deps.config.mailFrom,
  }).drain();
  await transport.close();
  await sink.close();
  return sink.messages;
}

async function send(listId: string, brandId: BrandId, overrides: Record<string, unknown>) {
  const res = await t.request({
    method: 'POST',
    url: '/api/send-press-release',
    as: 'agency',
    payload: releasePayload({ recipientLists: [listId], brandId, ...overrides }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease as { id: ReleaseId; webUrl: string; newsroomUrl: string | null };
}

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });
const tokenOf = async (releaseId: ReleaseId, email: string) =>
  (
    await t.db
      .select({ token: deliveries.token })
      .from(deliveries)
      .where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.email, email)))
  )[0]?.token;

beforeAll(async () => {
  t = await createTestApp();
  const agency = await t.signInAs('agency', {
    userType: 'active',
    monthlyPressReleaseLimit: 20,
    trusted: true,
    companyName: 'Gulf Bridge PR',
  });
  workspaceId = agency.workspaceId;
  agencyBrand = agency.companyBrandId;
  // The agency's client: a second brand of the same workspace, with an Arabic name, a newsroom and a logo.
  const [foods] = await t.db
    .insert(brands)
    .values({ workspaceId, name: 'Riyadh Foods', nameAr: 'أغذية الرياض', newsroomSlug: FOODS_SLUG })
    .returning();
  foodsBrand = foods.id;
  const sha256 = createHash('sha256').update(PNG_BYTES).digest('hex');
  await t.db
    .insert(brandLogos)
    .values({ brandId: foodsBrand, contentType: 'image/png', sha256, content: PNG_BYTES });
  logoUrl = `${PUBLIC}${brandLogoPath(foodsBrand, sha256)}`;

  // Someone follows the client's newsroom (and confirms); nobody follows the agency's.
  const follow = await t.request({
    method: 'POST',
    url: `/api/newsroom/${FOODS_SLUG}/subscribe`,
    payload: { email: FOLLOWER },
  });
  expect(follow.statusCode).toBe(202);
  const [pending] = await t.db
    .select({ token: newsroomFollowers.token })
    .from(newsroomFollowers)
    .where(eq(newsroomFollowers.email, FOLLOWER));
  expect((await t.request({ method: 'POST', url: `/newsroom/follow/${pending.token}` })).statusCode).toBe(
    200,
  );

  ({ listId } = await createListWithContacts(t.db, workspaceId, 0, ['desk-one@news.test', SHARED]));
  sent.agency = await send(listId, agencyBrand, {
    title: 'Gulf Bridge opens a Dubai office',
    content: '<p>Gulf Bridge PR opens a new office in Dubai Media City.</p>',
  });
  mail.agency = await deliverAll();
  // The shared desk wants nothing more from the agency's own brand, only from it.
  const token = await tokenOf(sent.agency.id, SHARED);
  const offer = await get(`/u/${token}`);
  expect(offer.body).toContain('Only from <bdi>Gulf Bridge PR</bdi>');
  expect((await t.request({ method: 'POST', url: `/u/${token}?scope=company` })).statusCode).toBe(200);

  sent.foods = await send(listId, foodsBrand, {
    title: 'Riyadh Foods opens a bakery in Jeddah',
    content: '<p>Riyadh Foods today opened its first bakery in Jeddah, baking bread for 40 shops.</p>',
    translation: {
      language: 'arabic',
      title: 'أغذية الرياض تفتتح مخبزًا في جدة',
      subtitle: '',
      content: '<p>افتتحت أغذية الرياض اليوم أول مخبز لها في جدة يخبز لأربعين متجرًا.</p>',
      location: 'جدة',
      boilerplate: 'تخبز أغذية الرياض للمملكة منذ عام 1990.',
    },
  });
  mail.foods = await deliverAll();
  // The unsubscribe page's Arabic half names the brand by its Arabic name (issue 37).
  const foodsOffer = await get(`/u/${await tokenOf(sent.foods.id, 'desk-one@news.test')}`);
  expect(foodsOffer.body).toContain('Only from <bdi>Riyadh Foods</bdi> · من <bdi>أغذية الرياض</bdi> فقط');
  agencySlug = (
    await t.db.select({ slug: brands.newsroomSlug }).from(brands).where(eq(brands.id, agencyBrand))
  )[0].slug!;
}, 120_000);
afterAll(() => t.close());

describe('the email speaks as its brand', () => {
  it('reads "{Brand} via Nashr" in the From of each release', () => {
    expect(mail.agency.length).toBeGreaterThan(0);
    expect(mail.foods.length).toBeGreaterThan(0);
    for (const m of mail.agency) expect(m.parsed.from?.value[0].name).toBe('Gulf Bridge PR via Nashr');
    for (const m of mail.foods) expect(m.parsed.from?.value[0].name).toBe('Riyadh Foods via Nashr');
  });

  it('previews the same From in the editor for the brand picked, the first brand by default', async () => {
    const from = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/press-releases/sender${query}`, as: 'agency' })).json()
        .from;
    expect(await from('')).toMatch(/^Gulf Bridge PR via Nashr </);
    expect(await from(`?brandId=${foodsBrand}`)).toMatch(/^Riyadh Foods via Nashr </);
    await t.signInAs('stranger');
    const stranger = await t.request({
      method: 'GET',
      url: `/api/press-releases/sender?brandId=${foodsBrand}`,
      as: 'stranger',
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('shows the brand’s logo at the top when it has one, named in the version’s language, and links the brand’s newsroom', () => {
    const english = mail.foods.find((m) => m.envelopeTo.includes('desk-one@news.test'))!;
    const html = String(english.parsed.html);
    expect(html).toContain(`<img src="${logoUrl}" alt="Riyadh Foods"`);
    // Above the title, width-limited.
    expect(html.indexOf(logoUrl)).toBeLessThan(html.indexOf('<h1'));
    expect(html).toMatch(/class="nashr-logo"/);
    expect(html).toMatch(/max-width:200px/);
    expect(html).toContain(`href="${PUBLIC}/newsroom/${FOODS_SLUG}"`);
    expect(html).toContain('More from <bdi>Riyadh Foods</bdi>');
    // The agency's own brand has no logo: no image at the top, and its own newsroom in the footer.
    const agencyHtml = String(mail.agency[0].parsed.html);
    expect(agencyHtml).not.toContain('nashr-logo');
    expect(agencyHtml).toContain(`href="${PUBLIC}/newsroom/${agencySlug}"`);
  });

  it('gives a brand without an address one from its own name when its first release goes out', () => {
    expect(agencySlug).toMatch(/^gulf-bridge-pr-[0-9a-f]{6}$/);
    expect(sent.agency.newsroomUrl).toBe(`${PUBLIC}/newsroom/${agencySlug}`);
    expect(sent.foods.newsroomUrl).toBe(`${PUBLIC}/newsroom/${FOODS_SLUG}`);
  });
});

describe('following and unsubscribing are per brand', () => {
  it('sends a brand’s new release to its followers only', () => {
    const toFollower = [...mail.agency, ...mail.foods].filter((m) => m.envelopeTo.includes(FOLLOWER));
    expect(toFollower.map((m) => m.parsed.subject)).toEqual(['Riyadh Foods opens a bakery in Jeddah']);
    expect(toFollower[0].parsed.from?.value[0].name).toBe('Riyadh Foods via Nashr');
  });

  it('lets another brand’s release reach an address that unsubscribed from one brand only', async () => {
    expect(mail.agency.some((m) => m.envelopeTo.includes(SHARED))).toBe(true);
    expect(mail.foods.some((m) => m.envelopeTo.includes(SHARED))).toBe(true);
    // The pre-send count reads the same rule, per brand.
    const preflight = async (brandId: BrandId) =>
      t.request({
        method: 'POST',
        url: '/api/press-releases/preflight',
        as: 'agency',
        payload: { recipientLists: [listId], brandId },
      });
    expect((await preflight(agencyBrand)).json()).toMatchObject({
      recipients: 1,
      suppressedByReason: [{ reason: 'unsubscribed_company', count: 1 }],
    });
    expect((await preflight(foodsBrand)).json()).toMatchObject({ recipients: 2, suppressed: 0 });
    await t.signInAs('stranger', { userType: 'active' });
    const strangers = await t.request({
      method: 'POST',
      url: '/api/press-releases/preflight',
      as: 'stranger',
      payload: { recipientLists: [], brandId: foodsBrand },
    });
    expect([strangers.statusCode, strangers.json().code]).toEqual([404, 'BRAND_NOT_FOUND']);
    const done = await t.request({
      method: 'POST',
      url: `/u/${await tokenOf(sent.foods.id, SHARED)}?scope=company`,
    });
    expect(done.body).toContain('You will not receive press releases from <bdi>Riyadh Foods</bdi>');
    const agencyDeliveries = await t.db
      .select({ email: deliveries.email })
      .from(deliveries)
      .where(eq(deliveries.releaseId, sent.agency.id));
    expect(agencyDeliveries.map((d) => d.email).sort()).toEqual(['desk-one@news.test', SHARED]);
  });
});

describe("the agency's lists", () => {
  it("mark an address that unsubscribed from any one of the workspace's brands", async () => {
    const marks = async () =>
      Object.fromEntries(
        (await t.request({ method: 'GET', url: `/api/user-lists/${listId}/contacts`, as: 'agency' }))
          .json()
          .items.map((i: { contact: { email: string; unsubscribed?: string } }) => [
            i.contact.email,
            i.contact.unsubscribed ?? null,
          ]),
      );
    expect((await marks())['desk-one@news.test']).toBeNull();
    const token = await tokenOf(sent.foods.id, 'desk-one@news.test');
    expect((await t.request({ method: 'POST', url: `/u/${token}?scope=company` })).statusCode).toBe(200);
    expect((await marks())['desk-one@news.test']).toBe('company');
  });
});

describe('each brand has its own newsroom and feed', () => {
  it('lists only the brand’s releases, under its name (Arabic on the Arabic side) and logo', async () => {
    const foods = await get(`/newsroom/${FOODS_SLUG}?lang=en`);
    expect(foods.statusCode).toBe(200);
    expect(foods.body).toContain('Riyadh Foods opens a bakery in Jeddah');
    expect(foods.body).not.toContain('Gulf Bridge opens a Dubai office');
    expect(foods.body).toContain('<bdi>Riyadh Foods</bdi>');
    expect(foods.body).toContain(`<img src="${logoUrl}" alt="Riyadh Foods"`);
    const arabic = await get(`/newsroom/${FOODS_SLUG}?lang=ar`);
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('<bdi>أغذية الرياض</bdi>');
    expect(arabic.body).toContain(`alt="أغذية الرياض"`);
    const agency = await get(`/newsroom/${agencySlug}?lang=en`);
    expect(agency.body).toContain('Gulf Bridge opens a Dubai office');
    expect(agency.body).not.toContain('Riyadh Foods opens a bakery');
    expect(agency.body).toContain('<bdi>Gulf Bridge PR</bdi>');
    expect(agency.body).not.toContain('<img');
  });

  it('has a feed per brand whose items the brand authors, and the whole wire names each brand', async () => {
    const foods = parseFeed((await get(`/newsroom/${FOODS_SLUG}/feed.xml?lang=en`)).body);
    expect(foods.title).toBe('Riyadh Foods – Newsroom');
    expect(foods.items.map((i) => [i.title, i.authors.map((a) => a.name)])).toEqual([
      ['Riyadh Foods opens a bakery in Jeddah', ['Riyadh Foods']],
    ]);
    const foodsArabic = parseFeed((await get(`/newsroom/${FOODS_SLUG}/feed.xml?lang=ar`)).body);
    expect(foodsArabic.items.map((i) => i.authors.map((a) => a.name))).toEqual([['أغذية الرياض']]);
    const agency = parseFeed((await get(`/newsroom/${agencySlug}/feed.xml?lang=en`)).body);
    expect(agency.items.map((i) => [i.title, i.authors.map((a) => a.name)])).toEqual([
      ['Gulf Bridge opens a Dubai office', ['Gulf Bridge PR']],
    ]);
    const wire = parseFeed((await get('/feed.xml?lang=en')).body);
    const authorOf = (title: string) => wire.items.find((i) => i.title === title)?.authors.map((a) => a.name);
    expect(authorOf('Riyadh Foods opens a bakery in Jeddah')).toEqual(['Riyadh Foods']);
    expect(authorOf('Gulf Bridge opens a Dubai office')).toEqual(['Gulf Bridge PR']);
  });

  it('shows the brand on the web version in both languages: logo, names and its newsroom', async () => {
    const path = new URL(sent.foods.webUrl).pathname;
    const english = (await get(`${path}?lang=en`)).body;
    expect(english).toContain(`<img src="${logoUrl}" alt="Riyadh Foods"`);
    expect(english).toContain('More from <bdi>Riyadh Foods</bdi>');
    expect(english).toContain(`href="/newsroom/${FOODS_SLUG}"`);
    expect(english).toContain('"publisher":{"@type":"Organization","name":"Riyadh Foods"}');
    const arabic = (await get(`${path}?lang=ar`)).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain(`<img src="${logoUrl}" alt="أغذية الرياض"`);
    expect(arabic).toContain('المزيد من <bdi>أغذية الرياض</bdi>');
    const agency = (await get(new URL(sent.agency.webUrl).pathname)).body;
    expect(agency).toContain('More from <bdi>Gulf Bridge PR</bdi>');
    expect(agency).not.toContain('nashr-logo');
  });

  it('keeps an archived brand’s newsroom public', async () => {
    await t.db.update(brands).set({ archivedAt: new Date() }).where(eq(brands.id, foodsBrand));
    try {
      expect((await get(`/newsroom/${FOODS_SLUG}`)).statusCode).toBe(200);
      expect((await get(new URL(sent.foods.webUrl).pathname)).body).toContain(
        `href="/newsroom/${FOODS_SLUG}"`,
      );
    } finally {
      await t.db.update(brands).set({ archivedAt: null }).where(eq(brands.id, foodsBrand));
    }
  });
});

describe('newsroom settings per brand', () => {
  const settings = (query = '') =>
    t.request({ method: 'GET', url: `/api/newsroom/settings${query}`, as: 'agency' });

  it('answers for the workspace’s first brand by default, and for the brand asked for', async () => {
    expect((await settings()).json()).toEqual({
      brandId: agencyBrand,
      enabled: true,
      url: `${PUBLIC}/newsroom/${agencySlug}`,
      feeds: {
        english: `${PUBLIC}/newsroom/${agencySlug}/feed.xml?lang=en`,
        arabic: `${PUBLIC}/newsroom/${agencySlug}/feed.xml?lang=ar`,
      },
      followers: 0,
    });
    expect((await settings(`?brandId=${foodsBrand}`)).json()).toMatchObject({
      brandId: foodsBrand,
      url: `${PUBLIC}/newsroom/${FOODS_SLUG}`,
      followers: 1,
    });
  });

  it('turns one brand’s newsroom off and leaves the other’s', async () => {
    const off = await t.request({
      method: 'PATCH',
      url: '/api/newsroom/settings',
      as: 'agency',
      payload: { enabled: false, brandId: foodsBrand },
    });
    expect(off.json()).toMatchObject({ brandId: foodsBrand, enabled: false });
    expect((await get(`/newsroom/${FOODS_SLUG}`)).statusCode).toBe(404);
    expect((await get(`/newsroom/${agencySlug}`)).statusCode).toBe(200);
    expect((await settings()).json().enabled).toBe(true);
    await t.request({
      method: 'PATCH',
      url: '/api/newsroom/settings',
      as: 'agency',
      payload: { enabled: true, brandId: foodsBrand },
    });
    expect((await get(`/newsroom/${FOODS_SLUG}`)).statusCode).toBe(200);
  });

  it('answers 404 for another workspace’s brand and 422 for an id that is none', async () => {
    const other = await t.signInAs('outsider', { userType: 'active' });
    const theirs = await t.request({
      method: 'GET',
      url: `/api/newsroom/settings?brandId=${foodsBrand}`,
      as: 'outsider',
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('BRAND_NOT_FOUND');
    const patch = await t.request({
      method: 'PATCH',
      url: '/api/newsroom/settings',
      as: 'outsider',
      payload: { enabled: false, brandId: foodsBrand },
    });
    expect(patch.statusCode).toBe(404);
    expect((await get(`/newsroom/${FOODS_SLUG}`)).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/newsroom/settings?brandId=nope', as: 'outsider' }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/api/newsroom/settings',
          as: 'outsider',
          payload: { enabled: true, brandId: 7 },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.request({ method: 'GET', url: '/api/newsroom/settings', as: 'outsider' })).json().brandId,
    ).toBe(other.companyBrandId);
  });
});

describe('coverage looks for the release’s brand', () => {
  it('counts an article naming the brand, by its English or Arabic name, as earned for that brand’s release only', async () => {
    const [{ sentAt }] = await t.db
      .select({ sentAt: pressReleases.sentAt })
      .from(pressReleases)
      .where(eq(pressReleases.id, sent.foods.id));
    const publishedAt = new Date(sentAt!.getTime() + 3_600_000);
    const releases = (await releasesForMatching(t.db, publishedAt, publishedAt)).filter((r) =>
      [sent.agency.id, sent.foods.id].includes(r.id),
    );
    expect(releases.find((r) => r.id === sent.foods.id)?.names).toEqual(['Riyadh Foods', 'أغذية الرياض']);
    const matcher = createMatcher(releases);
    const arabic = matcher.match({
      title: 'السوق',
      text: 'قالت أغذية الرياض إن الطلب على الخبز يزداد في المنطقة كلها.',
      publishedAt,
    });
    expect(arabic.map((m) => [m.releaseId, m.kind])).toEqual([[sent.foods.id, 'earned']]);
    const english = matcher.match({
      title: 'Markets',
      text: 'Analysts say Riyadh Foods is growing fast in the Gulf.',
      publishedAt,
    });
    expect(english.map((m) => [m.releaseId, m.kind])).toEqual([[sent.foods.id, 'earned']]);
    // The workspace's own name says nothing of the client's release.
    const workspaceName = matcher.match({
      title: 'Agencies',
      text: 'Gulf Bridge PR hired two new consultants this week.',
      publishedAt,
    });
    expect(workspaceName.map((m) => m.releaseId)).toEqual([sent.agency.id]);
  });
});
