import type http from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coverageArticles, coverageItems, outletFeeds, pressReleases } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { articlePage, html, startFeedServer, xml } from '../test/feed-server.js';
import { crowdedPage, deeplyNestedPage } from '../test/hostile-pages.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { addCoverageFromUrl } from './coverage.service.js';
import { createFeedPoller, type Poller } from './poller.js';
import { processRegistry } from '../operations/metrics.js';
import type { ReleaseId, UserId } from '../../shared/ids.js';

/**
 * Coverage over real HTTP (issue 15): a local server plays the outlets (RSS, Atom, a news sitemap, a
 * redirect, a feed with an ETag, a slow one, a huge one, a malformed one), the poller reads them and
 * finds which articles carry which release.
 */

const HOUR = 3_600_000;
const sentAt = new Date(Date.now() - 6 * HOUR);
const at = (hours: number) => new Date(sentAt.getTime() + hours * HOUR);

const EN = [
  'Gulf Robotics today announced a new manufacturing plant in Dubai Industrial City, creating 300 jobs.',
  'The plant will build welding robots for car makers across the Gulf region.',
  'Production starts in the second quarter of 2027 with an annual capacity of 5,000 robots.',
  'Chief executive Layla Haddad said the plant marks a new chapter for regional manufacturing.',
];
const AR = [
  'أعلنت شركة روبوتات الخليج اليوم عن افتتاح مصنع جديد في مدينة دبي الصناعية يوفر 300 وظيفة.',
  'سيصنع المصنع روبوتات اللحام لشركات السيارات في منطقة الخليج العربي كلها.',
  'يبدأ الإنتاج في الربع الثاني من عام 2027 بطاقة سنوية تبلغ خمسة آلاف روبوت.',
];

const rfc822 = (date: Date) => date.toUTCString();

function rss(items: Array<{ title: string; link: string; date: Date; body: string }>) {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>The Gulf Ledger</title><link>https://ledger.example</link><description>Business news</description>
${items
  .map((i) => `<item><title>${i.title}</title><link>${i.link}</link><guid>${i.link}</guid><pubDate>${rfc822(i.date)}</pubDate><description><![CDATA[${i.body}]]></description></item>`)
  .join('\n')}
</channel></rss>`;
}

let t: TestApp;
let server: Awaited<ReturnType<typeof startFeedServer>>;
let ownerUserId: UserId;
let releaseId: ReleaseId;
let otherReleaseId: ReleaseId;
let rssTitle = 'Gulf Robotics opens plant';

function poller(overrides: Partial<Parameters<typeof createFeedPoller>[0]> = {}): Poller {
  return createFeedPoller({
    db: t.db,
    mailer: t.deps.mailer,
    publicUrl: 'http://localhost:3000',
    now: () => new Date(),
    log: { error: () => {} },
    allowPrivate: true,
    intervalSeconds: 900,
    fetchTimeoutMs: 500,
    ...overrides,
  });
}

async function addFeed(path: string, outlet: string, language: 'english' | 'arabic', url = server.url(path)) {
  // Due a second ago: the database's clock and this process's may differ by a fraction of a millisecond.
  const due = new Date(Date.now() - 1000);
  const [row] = await t.db
    .insert(outletFeeds)
    .values({ url, host: new URL(url).host, outlet, country: language === 'arabic' ? 'Saudi Arabia' : 'UAE', language, nextFetchAt: due })
    .returning();
  return row.id;
}

const feedOf = async (id: string) => (await t.db.select().from(outletFeeds).where(eq(outletFeeds.id, id)))[0];
const makeDue = (id: string) => t.db.update(outletFeeds).set({ nextFetchAt: new Date(Date.now() - 1000) }).where(eq(outletFeeds.id, id));

async function sentRelease(as: string, company: string, overrides: Record<string, unknown>) {
  const user = await t.signInAs(as, { userType: 'active', monthlyPressReleaseLimit: 5, trusted: true, companyName: company });
  const list = await createListWithContacts(t.db, user.workspaceId, 1);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [list.listId], ...overrides }) });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().pressRelease.id as ReleaseId;
  await t.db.update(pressReleases).set({ sentAt }).where(eq(pressReleases.id, id));
  return { id, userId: user.id };
}

beforeAll(async () => {
  t = await createTestApp({ FEED_ALLOW_PRIVATE: 'on' });
  server = await startFeedServer({
    '/old-rss': (_req, res) => void res.writeHead(301, { location: '/rss.xml' }).end(),
    '/rss.xml': (req, res) =>
      xml(
        rss([
          { title: rssTitle, link: server.url('/articles/copy-en?utm_source=rss'), date: at(1), body: `<p>DUBAI — ${EN.join('</p><p>')}</p>` },
          { title: 'Why robot makers are moving to Dubai', link: server.url('/articles/earned-en'), date: at(2), body: 'Manufacturers keep arriving in the emirate.' },
          { title: 'Al Hilal win in Riyadh', link: server.url('/articles/football'), date: at(2), body: 'The home side scored twice in the second half before a full stadium. '.repeat(12) },
          { title: 'Old copy', link: server.url('/articles/before'), date: at(-2), body: `<p>${EN.join(' ')}</p>` },
        ]),
      )(req, res),
    '/articles/earned-en': html(
      articlePage({
        site: 'The Gulf Ledger',
        title: 'Why robot makers are moving to Dubai',
        publishedAt: at(2),
        paragraphs: [
          'Manufacturers keep arriving in the emirate, drawn by its ports, its free zones and a growing pool of engineers trained at home and abroad.',
          'Among them, Gulf Robotics is hiring engineers for its welding lines, and local suppliers say orders for parts have doubled since the summer.',
          'Analysts expect more to follow next year as car makers look for assembly capacity closer to their customers in the region.',
        ],
      }),
    ),
    '/atom.xml': (req, res) =>
      xml(`<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>الاقتصادية</title><id>urn:alqtisadiya</id><updated>${at(3).toISOString()}</updated>
<entry><title>الصناعة في الإمارات تستقطب المصنعين</title><id>urn:1</id><link href="${server.url('/ar/rewrite')}"/><updated>${at(3).toISOString()}</updated><published>${at(3).toISOString()}</published>
<content type="html">${escapeXml(`<p>${'تتوسع الصناعة في الإمارات بسرعة مع وصول مصنعين جدد إلى المناطق الحرة. '.repeat(8)}</p><p>قالت شركة روبوتات الخليج إن مصنعها في مدينة دبي الصناعية سيخدم المنطقة، وسيُنتج روبوتات اللحام لشركات السيارات اعتبارا من العام المقبل.</p>`)}</content></entry>
</feed>`)(req, res),
    '/news-sitemap.xml': (req, res) =>
      xml(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>${server.url('/ar/copy')}</loc><news:news><news:publication><news:name>صدى الخليج</news:name><news:language>ar</news:language></news:publication><news:publication_date>${at(4).toISOString()}</news:publication_date><news:title>روبوتات الخليج تفتتح مصنعًا</news:title></news:news></url>
</urlset>`)(req, res),
    '/ar/copy': html(articlePage({ site: 'صدى الخليج', title: 'روبوتات الخليج تفتتح مصنعًا', publishedAt: at(4), lang: 'ar', paragraphs: AR })),
    '/etag.xml': (req, res) => {
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res
        .writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' })
        .end(rss([{ title: 'Weather', link: server.url('/articles/weather'), date: at(1), body: 'Sunny skies over Muscat all week long. '.repeat(20) }]));
    },
    '/slow.xml': (_req, res) => void setTimeout(() => res.writeHead(200).end('<rss/>'), 2000),
    '/huge.xml': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 6; i++) res.write(chunk);
      res.end();
    },
    '/malformed.xml': xml('<html><body>This is not a feed at all</body></html>'),
    // A chain of four redirects: one more than a feed may take.
    ...Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`/hop-${i}`, (_req: http.IncomingMessage, res: http.ServerResponse) => void res.writeHead(302, { location: `/hop-${i + 1}` }).end()])),
    '/hop-4': xml(rss([])),
    '/private.xml': xml(rss([])),
    // Feeds that take a moment to answer, so that two requests at once would overlap.
    ...Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`/many-${i}.xml`, (req: http.IncomingMessage, res: http.ServerResponse) => void setTimeout(() => xml(rss([]))(req, res), 40)]),
    ),
    '/crowded.xml': (req, res) =>
      xml(
        rss([
          // Dated two hours ahead: an outlet's wrong clock.
          { title: 'Oasis Dates\u0000 ships\u0007 more', link: server.url('/articles/nul'), date: new Date(Date.now() + 2 * HOUR), body: `Oasis Dates sent more Khalas dates to Tokyo this week. ${'Plain words. '.repeat(60)}` },
          { title: 'An address too long to be an article', link: server.url(`/articles/${'x'.repeat(3000)}`), date: at(3), body: 'Plain words. '.repeat(60) },
          ...Array.from({ length: 1200 }, (_, i) => ({ title: `Item ${i}`, link: server.url(`/articles/item-${i}`), date: at(2 - i / 100), body: 'Plain words. '.repeat(60) })),
        ]),
      )(req, res),
    '/articles/nested': html(deeplyNestedPage(1500)),
    '/articles/crowded': html(crowdedPage(40_000)),
    '/manual-earned': html(
      articlePage({
        site: 'Arabian Business Weekly',
        title: 'Gulf Robotics bets on welding',
        publishedAt: at(5),
        paragraphs: [
          'The region’s factories are changing fast, and few companies show it better than the robot makers who have set up in the emirates this year.',
          'Gulf Robotics, which opened its plant this week, told us it expects to train two hundred technicians in its first year of operation.',
          'Its chief executive would not say which car makers have signed contracts, but suppliers in Jebel Ali report a rush of orders.',
        ],
      }),
    ),
  });
  const owner = await sentRelease('Owner', 'Gulf Robotics LLC', {
    title: 'Gulf Robotics opens a plant in Dubai Industrial City',
    subtitle: 'Three hundred jobs and a training centre',
    content: EN.map((s) => `<p>${s}</p>`).join(''),
    translation: { language: 'arabic', title: 'روبوتات الخليج تفتتح مصنعًا في مدينة دبي الصناعية', subtitle: 'ثلاثمئة وظيفة', content: AR.map((s) => `<p>${s}</p>`).join(''), location: 'دبي', boilerplate: 'تصنع روبوتات الخليج الروبوتات الصناعية منذ 2010.' },
  });
  ownerUserId = owner.userId;
  releaseId = owner.id;
  otherReleaseId = (
    await sentRelease('Other', 'Oasis Dates', {
      title: 'Oasis Dates ships its first harvest to Japan',
      content: '<p>Oasis Dates shipped forty tonnes of Khalas dates from Al Ain to Tokyo this week.</p>',
    })
  ).id;
});

afterAll(async () => {
  await server?.close();
  await t?.close();
});

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

describe('coverage from outlet feeds', () => {
  const feeds: Record<string, string> = {};

  it('reads RSS (through a redirect), Atom and a news sitemap, and records each article that carries the release', async () => {
    feeds.rss = await addFeed('/old-rss', 'The Gulf Ledger', 'english');
    feeds.atom = await addFeed('/atom.xml', 'الاقتصادية', 'arabic');
    feeds.sitemap = await addFeed('/news-sitemap.xml', 'صدى الخليج', 'arabic');
    expect(await poller().tick()).toBe(3);

    const res = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner' });
    expect(res.statusCode).toBe(200);
    const coverage = res.json();
    const found = coverage.items.map((i: { url: string; kind: string; outlet: string; source: string }) => [new URL(i.url).pathname, i.kind, i.outlet, i.source]).sort();
    expect(found).toEqual(
      [
        ['/ar/copy', 'verbatim', 'صدى الخليج', 'feed'],
        ['/ar/rewrite', 'earned', 'الاقتصادية', 'feed'],
        ['/articles/copy-en', 'verbatim', 'The Gulf Ledger', 'feed'],
        ['/articles/earned-en', 'earned', 'The Gulf Ledger', 'feed'],
      ].sort(),
    );
    expect(coverage).toMatchObject({ total: 4, verbatim: 2, earned: 2, minutesToFirst: 60 });
    expect(coverage.byCountry).toEqual([
      { country: 'Saudi Arabia', count: 2 },
      { country: 'UAE', count: 2 },
    ]);
    const earned = coverage.items.find((i: { url: string }) => i.url.endsWith('/articles/earned-en'));
    // The feed gave a summary: the page was fetched and its article read (not its navigation).
    expect(earned.excerpt).toBe('Among them, Gulf Robotics is hiring engineers for its welding lines, and local suppliers say orders for parts have doubled since the summer.');
    expect(coverage.items.find((i: { url: string }) => i.url.includes('copy-en')).url).not.toContain('utm_source');

    const other = await t.request({ method: 'GET', url: `/api/press-releases/${otherReleaseId}/coverage`, as: 'Other' });
    expect(other.json()).toMatchObject({ items: [], total: 0, minutesToFirst: null });

    const rssFeed = await feedOf(feeds.rss);
    expect(rssFeed).toMatchObject({ lastStatus: 'ok', itemCount: 4, failures: 0, lockedBy: null, lastError: null });
    expect(rssFeed.nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 800_000);
  });

  const firstCoverageMails = () => t.smtp.messages.filter((m) => m.parsed.subject?.startsWith('First coverage'));

  it('tells the owner once, when the first article is found', async () => {
    await t.smtp.waitFor(1);
    expect(firstCoverageMails()).toHaveLength(1);
    expect(firstCoverageMails()[0].envelopeTo).toEqual([expect.stringMatching(/^owner-\d+@company\.test$/)]);
    const [release] = await t.db.select({ notified: pressReleases.coverageNotifiedAt }).from(pressReleases).where(eq(pressReleases.id, releaseId));
    expect(release.notified).not.toBeNull();
  });

  it('does not count an article twice when its feed lists it again, updated', async () => {
    rssTitle = 'Gulf Robotics opens plant (updated)';
    await makeDue(feeds.rss);
    expect(await poller().tick()).toBe(1);
    const items = await t.db.select().from(coverageItems).where(eq(coverageItems.releaseId, releaseId));
    expect(items).toHaveLength(4);
    // Four RSS items, one Atom entry, one sitemap page: read once each.
    expect(await t.db.select().from(coverageArticles)).toHaveLength(6);
    expect(firstCoverageMails()).toHaveLength(1);
  });

  it('sends conditional requests and records a 304 as not modified', async () => {
    const id = await addFeed('/etag.xml', 'Muscat Daily', 'english');
    await poller().tick();
    expect((await feedOf(id)).lastStatus).toBe('ok');
    await makeDue(id);
    await poller().tick();
    expect(server.headersSeen.get('/etag.xml')!.at(-1)!['if-none-match']).toBe('"v1"');
    expect(await feedOf(id)).toMatchObject({ lastStatus: 'not_modified', failures: 0 });
  });

  it('gives up on a slow, a huge and a malformed feed and a fourth redirect, says why, and backs off', async () => {
    const slow = await addFeed('/slow.xml', 'Slow Times', 'english');
    const huge = await addFeed('/huge.xml', 'Huge Post', 'english');
    const malformed = await addFeed('/malformed.xml', 'Broken News', 'english');
    const hops = await addFeed('/hop-0', 'Moved Around', 'english');
    await poller().tick();
    expect(await feedOf(slow)).toMatchObject({ lastStatus: 'error', lastError: 'no complete answer in time', failures: 1 });
    expect(await feedOf(huge)).toMatchObject({ lastStatus: 'error', lastError: `larger than ${5 * 1024 * 1024} bytes`, failures: 1 });
    expect(await feedOf(malformed)).toMatchObject({ lastStatus: 'error', failures: 1 });
    expect((await feedOf(malformed)).lastError).toMatch(/^Not a feed/);
    expect(await feedOf(hops)).toMatchObject({ lastStatus: 'error', lastError: 'more than 3 redirects' });
    expect(server.requests.get('/hop-4')).toBeUndefined();
    // Twice the interval after one failure.
    expect((await feedOf(slow)).nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 1_700_000);
  });

  it('reads the newest thousand items of a crowded feed, drops control characters and addresses too long to be an article', async () => {
    const id = await addFeed('/crowded.xml', 'Crowded Times', 'english');
    await poller().tick();
    expect(await feedOf(id)).toMatchObject({ lastStatus: 'ok', itemCount: 1201, lastError: null });
    const read = await t.db.select({ url: coverageArticles.url }).from(coverageArticles).where(eq(coverageArticles.feedId, id));
    expect(read).toHaveLength(1000);
    const urls = new Set(read.map((r) => new URL(r.url).pathname));
    expect(urls.has('/articles/nul')).toBe(true);
    expect(urls.has('/articles/item-0')).toBe(true);
    expect(urls.has('/articles/item-1199')).toBe(false);
    const [dates] = await t.db.select().from(coverageItems).where(eq(coverageItems.releaseId, otherReleaseId));
    expect(dates).toMatchObject({ title: 'Oasis Dates ships more', kind: 'earned' });
    expect(dates.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses feeds that resolve to private, loopback or metadata addresses unless allowed', async () => {
    const byName = await addFeed('/private.xml', 'Local', 'english', `http://localhost:${server.port}/private.xml`);
    const metadata = await addFeed('', 'Metadata', 'english', 'http://169.254.169.254/latest/meta-data/');
    await poller({ allowPrivate: false }).tick();
    expect(await feedOf(byName)).toMatchObject({ lastStatus: 'refused' });
    expect((await feedOf(byName)).lastError).toMatch(/^Refused: localhost resolves to a private address/);
    expect(await feedOf(metadata)).toMatchObject({ lastStatus: 'refused', lastError: 'Refused: 169.254.169.254 is a private address' });
    expect(server.requests.get('/private.xml')).toBeUndefined();
    const metrics = await processRegistry.metrics();
    expect(metrics).toMatch(/nashr_feed_fetches_total\{result="refused"\} [1-9]/);
    expect(metrics).toMatch(/nashr_feed_fetches_total\{result="ok"\} [1-9]/);
  });

  it('never lets two workers fetch one feed at once, nor ask one host two things at once', async () => {
    await t.db.update(outletFeeds).set({ enabled: false });
    const paths = Array.from({ length: 6 }, (_, i) => `/many-${i}.xml`);
    const ids = await Promise.all(paths.map((p) => addFeed(p, `Outlet ${p}`, 'english')));
    server.resetMostOpen();
    const [a, b] = [poller({ workerId: 'a' }), poller({ workerId: 'b' })];
    // Both workers poll side by side until every feed has been read once.
    for (let round = 0; round < 20; round++) {
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      if ((await Promise.all(ids.map(feedOf))).every((f) => f.lastFetchedAt)) break;
    }
    for (const p of paths) expect(server.requests.get(p), p).toBe(1);
    // Every feed here is on one host: never two requests to it at once.
    expect(server.mostOpenAtOnce()).toBe(1);
    expect((await Promise.all(ids.map(feedOf))).every((f) => f.lockedBy === null && f.lastStatus === 'ok')).toBe(true);
  });
});

describe('coverage by hand', () => {
  it('adds an article its owner names, checked against the release, once', async () => {
    const url = server.url('/manual-earned');
    const res = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner', payload: { url } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ url, kind: 'earned', source: 'manual', outlet: 'Arabian Business Weekly', title: 'Gulf Robotics bets on welding' });
    const again = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner', payload: { url } });
    expect(again.statusCode).toBe(409);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'coverage.added'), eq(auditLog.target, releaseId)));
    expect(entry.details).toMatchObject({ url, kind: 'earned' });
  });

  it('keeps an article that cannot be fetched as given, unverified', async () => {
    const url = server.url('/gone');
    const res = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner', payload: { url } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ url, kind: 'unverified', title: url, excerpt: '' });
  });

  it('keeps an article whose page is too big to read as unverified, saying why, and counts it', async () => {
    for (const [path, reason] of [
      ['/articles/nested', 'too_deep'],
      ['/articles/crowded', 'too_many_elements'],
    ]) {
      const url = server.url(path);
      const res = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner', payload: { url } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ url, kind: 'unverified', unreadable: reason });
      // Out again: the tests below count this release's articles.
      await t.db.delete(coverageItems).where(eq(coverageItems.id, res.json().id));
    }
    const counted = await processRegistry.getSingleMetric('nashr_article_pages_unreadable_total')!.get();
    expect(counted.values.map((v) => [v.labels.reason, v.value]).sort()).toEqual([
      ['too_deep', 1],
      ['too_many_elements', 1],
    ]);
  });

  it('refuses bad addresses, private ones, and other people’s releases', async () => {
    for (const url of ['ftp://example.com/a', 'not a url', '', 'http://user:pw@example.com/']) {
      const res = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner', payload: { url } });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors[0].path).toBe('url');
    }
    const stranger = await t.request({ method: 'POST', url: `/api/press-releases/${releaseId}/coverage`, as: 'Other', payload: { url: server.url('/manual-earned') } });
    expect(stranger.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/coverage`, as: 'Other' })).statusCode).toBe(404);

  });

  it('removes a false match, in the audit log, and a second removal is a 404', async () => {
    const coverage = (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner' })).json();
    const item = coverage.items.find((i: { url: string }) => i.url.endsWith('/ar/rewrite'));
    const path = `/api/press-releases/${releaseId}/coverage/${item.id}`;
    expect((await t.request({ method: 'DELETE', url: path, as: 'Other' })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: path, as: 'Owner' })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: path, as: 'Owner' })).statusCode).toBe(404);
    const after = (await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/coverage`, as: 'Owner' })).json();
    expect(after.total).toBe(coverage.total - 1);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'coverage.removed'))).toHaveLength(1);
  });

  it('puts the coverage in the CSV report, after the recipients', async () => {
    const res = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/report.csv`, as: 'Owner' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    const start = lines.indexOf('"Coverage: Outlet","Country","Language","Headline","Address","Published At (UTC)","Kind","Source","Excerpt"');
    expect(start).toBeGreaterThan(1);
    expect(lines[start - 1]).toBe('');
    const rows = lines.slice(start + 1).filter(Boolean);
    expect(rows).toHaveLength(5);
    expect(rows.some((r) => r.startsWith('"Arabian Business Weekly",') && r.includes(',"Earned","Added by hand",'))).toBe(true);
    expect(rows.some((r) => r.startsWith('"صدى الخليج",') && r.includes(',"Verbatim","Feed",'))).toBe(true);
  });

  it('counts the articles of the last 30 days for the dashboard', async () => {
    const res = await t.request({ method: 'GET', url: '/api/coverage/recent', as: 'Owner' });
    // Four from feeds and two added by hand, one removed.
    expect(res.json()).toEqual({ articles: 5, releases: 1 });
    // The other company's one article, from the crowded feed.
    expect((await t.request({ method: 'GET', url: '/api/coverage/recent', as: 'Other' })).json()).toEqual({ articles: 1, releases: 1 });
  });

  it('answers a name that resolves to a private address as one that does not resolve: never fetched, kept as given, unverified', async () => {
    const actor = { id: ownerUserId, email: 'owner@company.test', role: 'user' } as Parameters<typeof addCoverageFromUrl>[1];
    const deps = { db: t.db, mailer: t.deps.mailer, publicUrl: 'http://localhost:3000', now: () => new Date(), log: { error: () => {} }, allowPrivate: false };
    const privateName = `http://localhost:${server.port}/private-story`;
    const answers = [];
    for (const url of [privateName, 'http://no-such-host.invalid/story']) {
      answers.push(
        await addCoverageFromUrl(deps, actor, releaseId, url).then(
          (item) => ({ kind: item.kind, titleIsAddress: item.title === url, excerpt: item.excerpt }),
          (error: { status?: number; message?: string }) => ({ status: error.status, message: error.message }),
        ),
      );
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ kind: 'unverified', titleIsAddress: true, excerpt: '' });
    expect(server.requests.get('/private-story')).toBeUndefined();
  });
});
