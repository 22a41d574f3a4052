import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outletFeeds } from '../db/schema.js';
import { multipartBody } from '../contacts/contacts-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The super admin's outlet feeds over HTTP: who may, what is refused, and the CSV import. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('root', { role: 'super_admin' });
  await t.signInAs('customer', { userType: 'active' });
});
afterAll(async () => {
  await t.close();
});

const feed = { url: 'https://gulfnews.example/rss.xml', outlet: 'Gulf News', country: 'UAE', language: 'english' };
const post = (payload: unknown, as = 'root') => t.request({ method: 'POST', url: '/api/admin/feeds', as, payload: payload as object });

describe('outlet feeds API', () => {
  it('is for super admins only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/feeds' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/feeds', as: 'customer' })).statusCode).toBe(403);
    expect((await post(feed, 'customer')).statusCode).toBe(403);
    expect(await t.db.select().from(outletFeeds)).toHaveLength(0);
  });

  it('creates, lists, changes and deletes a feed, each in the audit log', async () => {
    const created = await post(feed);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...feed, enabled: true, lastStatus: null, itemCount: 0 });
    const id = created.json().id as string;
    expect((await post(feed)).statusCode).toBe(409);

    const list = await t.request({ method: 'GET', url: '/api/admin/feeds?search=gulf', as: 'root' });
    expect(list.json()).toMatchObject({ total: 1, page: 1, items: [{ id, outlet: 'Gulf News' }] });
    expect((await t.request({ method: 'GET', url: '/api/admin/feeds?search=nothing', as: 'root' })).json().total).toBe(0);

    const other = (await post({ ...feed, url: 'https://khaleej.example/rss' })).json().id as string;
    const taken = await t.request({ method: 'PUT', url: `/api/admin/feeds/${other}`, as: 'root', payload: feed });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A feed with this address is already listed');
    expect((await t.request({ method: 'DELETE', url: `/api/admin/feeds/${other}`, as: 'root' })).statusCode).toBe(204);

    const changed = await t.request({ method: 'PUT', url: `/api/admin/feeds/${id}`, as: 'root', payload: { ...feed, outlet: 'Gulf News UAE', enabled: false } });
    expect(changed.json()).toMatchObject({ outlet: 'Gulf News UAE', enabled: false });
    expect((await t.request({ method: 'DELETE', url: `/api/admin/feeds/${id}`, as: 'root' })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/api/admin/feeds/${id}`, as: 'root' })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: '/api/admin/feeds/not-an-id', as: 'root', payload: feed })).statusCode).toBe(404);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(['feed.created', 'feed.created', 'feed.deleted', 'feed.updated', 'feed.deleted']);
  });

  it('says which field is wrong, and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...feed, url: 'ftp://x.example/feed' }, 'url', 'Address must be a web address starting with http:// or https://'],
      [{ ...feed, url: 'https://user:secret@x.example/feed' }, 'url', 'Address must be a web address starting with http:// or https://'],
      [{ ...feed, outlet: '  ' }, 'outlet', 'Outlet is required'],
      [{ ...feed, outlet: 'Bad\u0000name' }, 'outlet', 'Outlet contains characters that are not allowed'],
      [{ ...feed, country: 'Atlantis' }, 'country', 'Country must be one of the 15 countries'],
      [{ ...feed, language: 'french' }, 'language', 'Language must be english or arabic'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect((await t.request({ method: 'GET', url: '/api/admin/feeds?page=abc', as: 'root' })).statusCode).toBe(422);
    expect(await t.db.select().from(outletFeeds)).toHaveLength(0);
  });

  it('imports a CSV: new feeds added, listed ones updated, bad lines named and left out', async () => {
    await post({ ...feed, url: 'https://alriyadh.example/feed', outlet: 'Riyadh', country: 'Saudi Arabia', language: 'arabic' });
    const csv = [
      'URL,Outlet,Country,Language,Enabled',
      'https://alriyadh.example/feed,الرياض,KSA,Arabic,yes',
      'https://thenational.example/rss,The National,uae,english,',
      '',
      'not-a-url,Broken,UAE,english,',
      'https://thenational.example/rss,Twice,UAE,english,',
      'https://paused.example/rss,Paused Post,Oman,english,no',
    ].join('\n');
    const { payload, headers } = multipartBody(csv, { filename: 'feeds.csv' });
    const res = await t.request({ method: 'POST', url: '/api/admin/feeds/import', as: 'root', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      updated: 1,
      errors: [
        { line: 5, message: 'Address must be a web address starting with http:// or https://' },
        { line: 6, message: 'This address is already in the file' },
      ],
    });
    const [riyadh] = await t.db.select().from(outletFeeds).where(eq(outletFeeds.url, 'https://alriyadh.example/feed'));
    expect(riyadh).toMatchObject({ outlet: 'الرياض', country: 'Saudi Arabia', language: 'arabic' });
    const [paused] = await t.db.select().from(outletFeeds).where(eq(outletFeeds.url, 'https://paused.example/rss'));
    expect(paused.enabled).toBe(false);
  });

  it('refuses a file that is not a feed list, and one over 1 MB', async () => {
    const upload = (content: string | Buffer) => {
      const { payload, headers } = multipartBody(content, { filename: 'feeds.csv' });
      return t.request({ method: 'POST', url: '/api/admin/feeds/import', as: 'root', payload, headers });
    };
    const noHeader = await upload('https://a.example/feed,A,UAE,english\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe('The header row must name the columns url, outlet, country and language');
    expect((await upload('')).statusCode).toBe(400);
    expect((await upload(Buffer.alloc(1024 * 1024 + 1, 0x61))).statusCode).toBe(413);
    expect((await t.request({ method: 'POST', url: '/api/admin/feeds/import', as: 'root', payload: { csv: 'x' } })).statusCode).toBe(415);
  });
});
