import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../shared/contacts.js';
import { FEED_LANGUAGES } from '../../shared/coverage.js';
import { auditLog, outletFeeds } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { starterFeeds } from './starter-feeds.js';

/** The starter list of MENA outlet feeds (issue 29): the file as shipped, and its one-step import. */

describe('starter-feeds.csv', () => {
  const feeds = starterFeeds();

  it('holds 25 to 40 outlets, each with an https address, one of the 15 countries and English or Arabic', () => {
    expect(feeds.length).toBeGreaterThanOrEqual(25);
    expect(feeds.length).toBeLessThanOrEqual(40);
    for (const feed of feeds) {
      expect(new URL(feed.url).protocol, feed.outlet).toBe('https:');
      expect(COUNTRIES, feed.outlet).toContain(feed.country);
      expect(FEED_LANGUAGES, feed.outlet).toContain(feed.language);
      expect(feed.outlet.trim(), feed.url).not.toBe('');
    }
    expect(new Set(feeds.map((f) => f.url)).size).toBe(feeds.length);
    expect(new Set(feeds.map((f) => f.language))).toEqual(new Set(['english', 'arabic']));
  });

  it('refuses a row that breaks the feed rules, naming it', () => {
    const file = fs.readFileSync(new URL('./starter-feeds.csv', import.meta.url), 'utf8');
    expect(() => starterFeeds(`${file}Nowhere Daily,Atlantis,english,https://nowhere.example/feed\n`)).toThrow(/row \d+: Country must be one of the 15 countries/);
    expect(() => starterFeeds(`${file}Bad Address,UAE,english,not-an-address\n`)).toThrow(/row \d+/);
  });
});

describe('POST /api/admin/feeds/starter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.signInAs('root', { role: 'super_admin' });
    await t.signInAs('customer', { userType: 'active' });
  });
  afterAll(() => t.close());

  const importStarter = (as = 'root') => t.request({ method: 'POST', url: '/api/admin/feeds/starter', as });

  it('adds the feeds not listed yet, keeps one the operator already set, and adds nothing the second time', async () => {
    const total = starterFeeds().length;
    const [mine] = starterFeeds();
    const own = await t.request({ method: 'POST', url: '/api/admin/feeds', as: 'root', payload: { ...mine, outlet: 'Renamed by the operator', enabled: false } });
    expect(own.statusCode).toBe(201);

    const first = await importStarter();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ added: total - 1, skipped: 1 });
    const [kept] = await t.db.select().from(outletFeeds).where(eq(outletFeeds.url, mine.url));
    expect(kept).toMatchObject({ outlet: 'Renamed by the operator', enabled: false });

    const second = await importStarter();
    expect(second.json()).toEqual({ added: 0, skipped: total });
    expect(await t.db.select().from(outletFeeds)).toHaveLength(total);
    // An outlet's English and Arabic feeds are listed apart.
    const listed = (await t.request({ method: 'GET', url: '/api/admin/feeds?search=hespress', as: 'root' })).json();
    expect(listed.total).toBe(2);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'feed.starter_imported'));
    expect(entries.map((e) => e.details).sort((a, b) => Number(b.added) - Number(a.added))).toEqual([
      { added: total - 1, skipped: 1 },
      { added: 0, skipped: total },
    ]);
  });

  it('is for super admins only', async () => {
    expect((await importStarter('customer')).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/admin/feeds/starter' })).statusCode).toBe(401);
  });
});
