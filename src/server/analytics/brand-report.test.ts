import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandReport } from '../../shared/brands.js';
import type { CampaignPage } from '../../shared/campaigns.js';
import type { SpendsPage } from '../../shared/billing.js';
import type { AnalyticsDashboard } from '../../shared/releases.js';
import type { TrackingEventType } from '../../shared/release-statuses.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import {
  brandLogos,
  brands,
  coverageItems,
  deliveries,
  inboundReplies,
  pressReleases,
  trackingEvents,
} from '../db/schema.js';
import { createListWithContacts, PNG_BYTES, releasePayload } from '../releases/release-fixtures.js';
import type { CoverageKind } from '../../shared/coverage.js';

/**
 * The brand report (issue 28) against a seeded send: releases of two brands of one agency, their
 * deliveries (delivered, bounced), opens by people and by machines, clicks, downloads and articles; and the
 * brand filter of the analytics dashboard, the campaigns and the spends of the allowance.
 */

let t: TestApp;
let agency: { id: string; workspaceId: WorkspaceId; companyBrandId: BrandId };
let clientBrand: BrandId;
let ownBrand: BrandId;
let otherBrand: BrandId;
const releases = { own: '', client: '', old: '' } as Record<'own' | 'client' | 'old', ReleaseId>;
const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = day(Date.now());
const CLIENT_TITLE = '=HYPERLINK("http://evil.example")';
const LOGO_SHA = 'ab'.repeat(32);

async function send(brandId: BrandId, emails: string[], title: string): Promise<ReleaseId> {
  const list = await createListWithContacts(t.db, agency.workspaceId, emails.length, emails);
  const res = await t.request({
    method: 'POST',
    url: '/api/send-press-release',
    as: 'agency',
    payload: releasePayload({ recipientLists: [list.listId], title, brandId }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease.id as ReleaseId;
}

/** The deliveries of a release, delivered except the addresses named as bounced. */
async function deliver(releaseId: ReleaseId, bounced: string[] = []) {
  const rows = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
  for (const row of rows) {
    await t.db
      .update(deliveries)
      .set({ status: bounced.includes(row.email) ? 'bounced' : 'sent', sentAt: new Date() })
      .where(eq(deliveries.id, row.id));
  }
  return (email: string) => rows.find((r) => r.email === email)!.id;
}

/** Mail the inbound listener filed for a delivery (replies.test.ts covers how it gets there). */
const reply = (releaseId: ReleaseId, deliveryId: number, kind: 'reply' | 'auto_reply') =>
  t.db.insert(inboundReplies).values({ releaseId, deliveryId, kind, matchedBy: 'reply_address', fromAddress: 'j@brand.test', raw: Buffer.from(''), receivedAt: new Date() });

const events = (releaseId: ReleaseId, deliveryId: number, ...types: TrackingEventType[]) =>
  t.db.insert(trackingEvents).values(types.map((type) => ({ releaseId, deliveryId, type })));

const article = (releaseId: ReleaseId, kind: CoverageKind, n: number) => ({
  releaseId,
  kind,
  url: `https://news.example/${releaseId}/${kind}/${n}`,
  outlet: 'Gulf News',
  title: `Article ${n}`,
  source: 'feed' as const,
  publishedAt: new Date(),
});

const get = (as: string | undefined, url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, as, headers });
const json = async <T>(as: string, url: string): Promise<T> => {
  const res = await get(as, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  t = await createTestApp();
  agency = await t.signInAs('agency', {
    userType: 'active',
    trusted: true,
    monthlyPressReleaseLimit: 10,
    companyName: 'Gulf Bridge PR',
  });
  ownBrand = agency.companyBrandId;
  clientBrand = randomUUID() as BrandId;
  await t.db
    .insert(brands)
    .values({ id: clientBrand, workspaceId: agency.workspaceId, name: 'Riyadh Dates Co', nameAr: 'شركة تمور الرياض' });
  await t.db
    .insert(brandLogos)
    .values({ brandId: clientBrand, contentType: 'image/png', sha256: LOGO_SHA, content: PNG_BYTES });
  otherBrand = (await t.signInAs('rival', { userType: 'active', trusted: true })).companyBrandId;

  // The client's release: four journalists, one bounced; a person opens twice, a machine opens, a person
  // clicks twice and downloads; a newsroom follower opens too (followers are counted apart, as in analytics).
  releases.client = await send(
    clientBrand,
    ['r1@brand.test', 'r2@brand.test', 'r3@brand.test', 'r4@brand.test'],
    CLIENT_TITLE,
  );
  const client = await deliver(releases.client, ['r4@brand.test']);
  await events(releases.client, client('r1@brand.test'), 'open', 'open');
  await events(releases.client, client('r2@brand.test'), 'machine_open');
  await events(releases.client, client('r3@brand.test'), 'click', 'click', 'download');
  // r1 writes back twice (one journalist, one reply); r2's out-of-office is no reply.
  await reply(releases.client, client('r1@brand.test'), 'reply');
  await reply(releases.client, client('r1@brand.test'), 'reply');
  await reply(releases.client, client('r2@brand.test'), 'auto_reply');
  const [follower] = await t.db
    .insert(deliveries)
    .values({
      releaseId: releases.client,
      email: 'fan@brand.test',
      audience: 'follower',
      token: randomUUID(),
      status: 'sent',
    })
    .returning();
  await events(releases.client, follower.id, 'open', 'click');
  await t.db
    .insert(coverageItems)
    .values([
      article(releases.client, 'verbatim', 1),
      article(releases.client, 'verbatim', 2),
      article(releases.client, 'earned', 3),
      article(releases.client, 'unverified', 4),
    ]);

  // The agency's own release: two delivered, one human open.
  releases.own = await send(ownBrand, ['o1@brand.test', 'o2@brand.test'], 'Agency news');
  const own = await deliver(releases.own);
  await events(releases.own, own('o1@brand.test'), 'open');
  await t.db.insert(coverageItems).values(article(releases.own, 'earned', 5));

  // An older release of the client, sent 40 days ago: outside the default period.
  releases.old = await send(clientBrand, ['p1@brand.test'], 'Old news');
  const old = await deliver(releases.old);
  await events(releases.old, old('p1@brand.test'), 'click');
  await t.db.insert(coverageItems).values(article(releases.old, 'verbatim', 6));
  await t.db
    .update(pressReleases)
    .set({ sentAt: new Date(`${day(Date.now() - 40 * DAY_MS)}T00:00:00Z`) })
    .where(eq(pressReleases.id, releases.old));

  await t.signInAs('client-seat', {
    memberOf: { workspaceId: agency.workspaceId, role: 'client', brandIds: [clientBrand] },
  });
  await t.signInAs('arabic-client', {
    language: 'ar',
    memberOf: { workspaceId: agency.workspaceId, role: 'client', brandIds: [clientBrand] },
  });
  await t.signInAs('own-client', {
    memberOf: { workspaceId: agency.workspaceId, role: 'client', brandIds: [ownBrand] },
  });
  await t.signInAs('viewer', { memberOf: { workspaceId: agency.workspaceId, role: 'viewer' } });
  await t.signInAs('report-admin', { role: 'super_admin' });
}, 120_000);
afterAll(() => t.close());

const clientRow = {
  recipients: 4,
  delivered: 3,
  humanOpens: 2, // r1 opened, r3 clicked (a click proves a read); r2's machine open is not a person's
  clicks: 2,
  downloads: 1,
  replies: 1,
  replyRate: 33.3,
  articles: { verbatim: 2, earned: 1 },
};

describe('brand report', () => {
  it('gives each release of the brand in the period with its figures, the totals and the logo', async () => {
    const report = await json<BrandReport>('agency', `/api/brands/${clientBrand}/report`);
    expect(report.brand).toEqual({
      id: clientBrand,
      name: 'Riyadh Dates Co',
      nameAr: 'شركة تمور الرياض',
      logoUrl: `http://localhost:3000/api/brands/${clientBrand}/logo?v=${LOGO_SHA.slice(0, 12)}`,
    });
    // The default period: the last 30 days, today included.
    expect(report).toMatchObject({ from: day(Date.now() - 29 * DAY_MS), to: today });
    expect(report.releases).toEqual([
      { id: releases.client, title: CLIENT_TITLE, sentAt: expect.any(String), ...clientRow },
    ]);
    expect(report.totals).toEqual({ releases: 1, ...clientRow });

    // The same definitions as the release's own analytics and coverage.
    const analytics = await json<Record<string, number>>(
      'agency',
      `/api/press-releases/${releases.client}/analytics`,
    );
    expect(analytics).toMatchObject({
      recipients: 4,
      delivered: 3,
      uniqueOpens: 2,
      machineOpens: 1,
      clicks: 2,
      downloads: 1,
      replies: 1,
      replyRate: 33.3,
    });
    const coverage = await json<Record<string, number>>(
      'agency',
      `/api/press-releases/${releases.client}/coverage`,
    );
    expect(coverage).toMatchObject({ verbatim: 2, earned: 1 });

    const own = await json<BrandReport>('agency', `/api/brands/${ownBrand}/report`);
    expect(own.brand.logoUrl).toBeNull();
    expect(own.releases.map((r) => r.id)).toEqual([releases.own]);
    expect(own.totals).toEqual({
      releases: 1,
      recipients: 2,
      delivered: 2,
      humanOpens: 1,
      clicks: 0,
      downloads: 0,
      replies: 0,
      replyRate: 0,
      articles: { verbatim: 0, earned: 1 },
    });
  });

  it('keeps to the period asked, its first and last days included', async () => {
    const oldDay = day(Date.now() - 40 * DAY_MS);
    const wide = await json<BrandReport>(
      'agency',
      `/api/brands/${clientBrand}/report?from=${oldDay}&to=${today}`,
    );
    expect(wide.releases.map((r) => r.id)).toEqual([releases.old, releases.client]);
    expect(wide.releases[0]).toMatchObject({
      recipients: 1,
      delivered: 1,
      humanOpens: 1,
      clicks: 1,
      articles: { verbatim: 1, earned: 0 },
    });
    expect(wide.totals).toMatchObject({
      releases: 2,
      recipients: 5,
      delivered: 4,
      humanOpens: 3,
      clicks: 3,
      downloads: 1,
      // 1 reply over 4 delivered: the period's own rate, not the mean of its releases' rates.
      replies: 1,
      replyRate: 25,
      articles: { verbatim: 3, earned: 1 },
    });

    const onlyOld = await json<BrandReport>(
      'agency',
      `/api/brands/${clientBrand}/report?from=${oldDay}&to=${oldDay}`,
    );
    expect(onlyOld.releases.map((r) => r.id)).toEqual([releases.old]);
    const before = await json<BrandReport>(
      'agency',
      `/api/brands/${clientBrand}/report?to=${day(Date.now() - 41 * DAY_MS)}`,
    );
    expect(before).toMatchObject({
      releases: [],
      totals: { releases: 0, recipients: 0, articles: { verbatim: 0, earned: 0 } },
    });
    // A whole (leap) year is allowed.
    const year = await get('agency', `/api/brands/${clientBrand}/report?from=2024-01-01&to=2024-12-31`);
    expect(year.statusCode, year.body).toBe(200);
  });

  it('refuses bad periods with field errors', async () => {
    const url = (query: string) => `/api/brands/${clientBrand}/report?${query}`;
    const reversed = await get('agency', url('from=2026-05-02&to=2026-05-01'));
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual([
      expect.objectContaining({ path: 'from', code: 'REPORT_PERIOD_REVERSED' }),
    ]);
    const long = await get('agency', url('from=2025-01-01&to=2026-01-02'));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual([
      expect.objectContaining({ path: 'to', code: 'REPORT_PERIOD_TOO_LONG', details: { maxDays: 366 } }),
    ]);
    for (const bad of ['from=2026-13-01', 'to=yesterday', 'from=2026-02-30']) {
      const res = await get('agency', url(bad));
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors[0].path).toBe(bad.split('=')[0]);
    }
    expect(
      (await get('agency', `/api/brands/${clientBrand}/report.csv?from=2026-05-02&to=2026-05-01`)).statusCode,
    ).toBe(422);
    expect((await get('agency', `/api/brands/${clientBrand}/report.csv?tz=Mars/Olympus`)).statusCode).toBe(
      422,
    );
  });

  it('answers only those who see the brand: another workspace, another client and strangers hear 404', async () => {
    const notFound = async (as: string | undefined, brandId: string, status = 404) => {
      for (const path of ['report', 'report.csv']) {
        const res = await get(as, `/api/brands/${brandId}/${path}`);
        expect(res.statusCode, `${as} ${path}`).toBe(status);
        if (status === 404) expect(res.json().code).toBe('BRAND_NOT_FOUND');
      }
    };
    await notFound('agency', otherBrand);
    await notFound('rival', clientBrand);
    await notFound('client-seat', ownBrand);
    await notFound('own-client', clientBrand);
    await notFound('agency', randomUUID());
    await notFound('agency', 'not-a-uuid');
    await notFound(undefined, clientBrand, 401);

    for (const as of ['client-seat', 'viewer', 'report-admin']) {
      const report = await json<BrandReport>(as, `/api/brands/${clientBrand}/report`);
      expect(report.totals, as).toEqual({ releases: 1, ...clientRow });
    }
    expect((await json<BrandReport>('own-client', `/api/brands/${ownBrand}/report`)).totals.releases).toBe(1);
  });
});

describe('brand report as CSV', () => {
  const csvOf = async (as: string, query = '', headers: Record<string, string> = {}) => {
    const res = await get(as, `/api/brands/${clientBrand}/report.csv${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="nashr-brand-report-.+\.csv"; filename\*=UTF-8''nashr-brand-report-.+\.csv$/);
    return res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('has a row per release and a totals row, with English headers by default and formulas neutralised', async () => {
    const lines = await csvOf('agency', '?tz=Asia/Dubai');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '"Release","Sent At (Asia/Dubai)","Recipients","Delivered","Human Opens","Clicks","Downloads","Replies","Reply Rate","Verbatim Articles","Earned Articles"',
    );
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example""\)","\d{4}-\d\d-\d\d \d\d:\d\d","4","3","2","2","1","1","33.3%","2","1"$/,
    );
    expect(lines[2]).toBe('"Total","","4","3","2","2","1","1","33.3%","2","1"');
  });

  it("is named by the brand's name in the reader's language, Arabic kept, never by its id", async () => {
    const disposition = async (query: string) =>
      (await get('agency', `/api/brands/${clientBrand}/report.csv?from=2026-05-01&to=2026-05-31${query}`)).headers['content-disposition'] as string;
    expect(await disposition('&lang=en')).toBe(
      `attachment; filename="nashr-brand-report-Riyadh-Dates-Co-2026-05-01-2026-05-31.csv"; filename*=UTF-8''nashr-brand-report-Riyadh-Dates-Co-2026-05-01-2026-05-31.csv`,
    );
    const arabic = await disposition('&lang=ar');
    expect(arabic).not.toContain(clientBrand);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(arabic)![1])).toBe('nashr-brand-report-شركة-تمور-الرياض-2026-05-01-2026-05-31.csv');
    expect(arabic).toMatch(/^attachment; filename="nashr-brand-report-[_-]+-2026-05-01-2026-05-31\.csv"/);
  });

  it('writes its headers in Arabic for an Arabic reader: asked, by Accept-Language or by the account', async () => {
    const arabicHeader =
      '"البيان","وقت الإرسال (UTC)","المستلمون","تم التسليم","مرات الفتح (أشخاص)","النقرات","التنزيلات","الردود","معدل الرد","مقالات حرفية","مقالات مكتسبة"';
    expect((await csvOf('agency', '', { 'accept-language': 'ar-SA,ar;q=0.9,en;q=0.5' }))[0]).toBe(
      arabicHeader,
    );
    expect((await csvOf('agency', '?lang=ar'))[0]).toBe(arabicHeader);
    const arabicClient = await csvOf('arabic-client');
    expect(arabicClient[0]).toBe(arabicHeader);
    expect(arabicClient[2]).toBe('"المجموع","","4","3","2","2","1","1","33.3%","2","1"');
    // An explicit choice wins over the account; a language the report does not speak falls back to it.
    expect((await csvOf('arabic-client', '?lang=en'))[0]).toMatch(/^"Release"/);
    expect((await csvOf('arabic-client', '', { 'accept-language': 'fr-FR' }))[0]).toBe(arabicHeader);
    expect((await csvOf('client-seat', '', { 'accept-language': 'en-GB' }))[0]).toMatch(/^"Release"/);
  });
});

describe('brand filter of analytics, campaigns and spends', () => {
  it('narrows the dashboard to one brand', async () => {
    const all = await json<AnalyticsDashboard>('agency', '/api/analytics/dashboard');
    expect(all.totalReleases).toBe(3);
    const client = await json<AnalyticsDashboard>(
      'agency',
      `/api/analytics/dashboard?brandId=${clientBrand}`,
    );
    expect(client).toMatchObject({ totalReleases: 2, totalRecipients: 5 });
    expect(client.releases.map((r) => r.id).sort()).toEqual([releases.client, releases.old].sort());
    const own = await json<AnalyticsDashboard>('agency', `/api/analytics/dashboard?brandId=${ownBrand}`);
    expect(own.releases.map((r) => r.id)).toEqual([releases.own]);
    expect(own).toMatchObject({ replies: 0, replyRate: 0 });
    // The reply figures are the release page's and the brand report's, for the same data.
    const wide = await json<BrandReport>('agency', `/api/brands/${clientBrand}/report?from=${day(Date.now() - 40 * DAY_MS)}&to=${today}`);
    expect(client).toMatchObject({ replies: wide.totals.replies, replyRate: wide.totals.replyRate });
    const perRelease = Object.fromEntries(client.releases.map((r) => [r.id, { replies: r.replies, replyRate: r.replyRate }]));
    const analytics = await json<{ replies: number; replyRate: number }>('agency', `/api/press-releases/${releases.client}/analytics`);
    expect(perRelease[releases.client]).toEqual({ replies: analytics.replies, replyRate: analytics.replyRate });
    expect(perRelease[releases.client]).toEqual({ replies: 1, replyRate: 33.3 });
    expect(all).toMatchObject({ replies: 1, replyRate: Math.round((1 / 6) * 1000) / 10 });
    // A client seat sees its brand (and only it, unfiltered too), and hears 404 for another.
    expect((await json<AnalyticsDashboard>('client-seat', '/api/analytics/dashboard')).totalReleases).toBe(2);
    expect(
      (await json<AnalyticsDashboard>('client-seat', `/api/analytics/dashboard?brandId=${clientBrand}`))
        .totalReleases,
    ).toBe(2);
    const foreign = await get('client-seat', `/api/analytics/dashboard?brandId=${ownBrand}`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'BRAND_NOT_FOUND']);
    const rival = await get('agency', `/api/analytics/dashboard?brandId=${otherBrand}`);
    expect([rival.statusCode, rival.json().code]).toEqual([404, 'BRAND_NOT_FOUND']);
    const bad = await get('agency', '/api/analytics/dashboard?brandId=nope');
    expect([bad.statusCode, bad.json().errors[0].path]).toEqual([422, 'brandId']);
  });

  it('narrows the campaigns to one brand', async () => {
    const all = await json<CampaignPage>('agency', '/api/campaigns');
    expect(all.total).toBe(3);
    const client = await json<CampaignPage>('agency', `/api/campaigns?brandId=${clientBrand}`);
    expect(client.items.map((c) => c.id)).toEqual([releases.client, releases.old]);
    expect(client.total).toBe(2);
    expect(
      (await json<CampaignPage>('agency', `/api/campaigns?brandId=${ownBrand}&pageSize=1`)).items.map(
        (c) => c.id,
      ),
    ).toEqual([releases.own]);
    // A client seat's list holds its brands' campaigns only, filtered or not.
    expect((await json<CampaignPage>('client-seat', '/api/campaigns')).total).toBe(2);
    const foreign = await get('client-seat', `/api/campaigns?brandId=${ownBrand}`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'BRAND_NOT_FOUND']);
    expect((await get('rival', `/api/campaigns?brandId=${clientBrand}`)).statusCode).toBe(404);
    expect((await get('agency', '/api/campaigns?brandId=1')).statusCode).toBe(422);
  });

  it('attributes every spend of the allowance to its brand, filtered and paged', async () => {
    const all = await json<SpendsPage>('agency', '/api/subscription/spends');
    expect(all.total).toBe(3);
    expect(all.items.map((s) => [s.releaseId, s.brand.name]).sort()).toEqual(
      [
        [releases.client, 'Riyadh Dates Co'],
        [releases.old, 'Riyadh Dates Co'],
        [releases.own, 'Gulf Bridge PR'],
      ].sort(),
    );
    expect(all.items[0]).toMatchObject({
      status: 'sending',
      title: expect.any(String),
      sentAt: expect.any(String),
    });
    const client = await json<SpendsPage>(
      'agency',
      `/api/subscription/spends?brandId=${clientBrand}&pageSize=1&page=2`,
    );
    expect(client).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(client.items.map((s) => s.releaseId)).toEqual([releases.old]);
    expect(client.items[0].brand).toEqual({
      id: clientBrand,
      name: 'Riyadh Dates Co',
      nameAr: 'شركة تمور الرياض',
    });

    // A release given back (withdrawn, rejected) is no longer a spend.
    await t.db.update(pressReleases).set({ allowanceUsed: false }).where(eq(pressReleases.id, releases.old));
    expect((await json<SpendsPage>('agency', `/api/subscription/spends?brandId=${clientBrand}`)).total).toBe(
      1,
    );
    await t.db.update(pressReleases).set({ allowanceUsed: true }).where(eq(pressReleases.id, releases.old));

    // Billing is the owners' and managers': a client seat hears 404, a viewer 403; brands of others are unknown.
    expect((await get('client-seat', `/api/subscription/spends?brandId=${clientBrand}`)).statusCode).toBe(
      404,
    );
    expect((await get('viewer', '/api/subscription/spends')).statusCode).toBe(403);
    const rival = await get('rival', `/api/subscription/spends?brandId=${clientBrand}`);
    expect([rival.statusCode, rival.json().code]).toEqual([404, 'BRAND_NOT_FOUND']);
    expect((await get('report-admin', `/api/subscription/spends?brandId=${clientBrand}`)).statusCode).toBe(
      404,
    );
    expect((await get('agency', '/api/subscription/spends?page=0')).statusCode).toBe(422);
    expect((await get(undefined, '/api/subscription/spends')).statusCode).toBe(401);
    // The history's shape is unchanged.
    expect(Array.isArray(await json('agency', '/api/subscription/history'))).toBe(true);
  });
});
