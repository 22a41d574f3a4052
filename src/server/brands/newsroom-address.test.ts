import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/brands.js';
import { brands, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A newsroom address once given stays its brand's for good (issue 35): sent e-mails and feed readers keep
 * the old address, so a renamed newsroom answers there with a permanent redirect to the new one, and no
 * other brand, of any workspace, may take it; a deleted brand's or workspace's addresses are never given
 * out again.
 */

let t: TestApp;
let ownerWorkspace: WorkspaceId;
let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;
const PUBLIC = 'http://localhost:3000';

const get = (url: string, as?: string) => t.request({ method: 'GET', url, ...(as ? { as } : {}) });
const send = (as: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, as, ...(payload ? { payload } : {}) });
const create = async (as: string, fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/brands', { name: unique('Brand'), ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().brand as Brand;
};
const rename = (as: string, brandId: string, newsroomSlug: string) =>
  send(as, 'PATCH', `/api/brands/${brandId}`, { newsroomSlug });

const expectRetired = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ code: 'NEWSROOM_ADDRESS_RETIRED', errors: [{ path: 'newsroomSlug' }] });
};

beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  const owner = await t.signInAs('owner', {
    companyName: 'Gulf Bridge PR',
    userType: 'active',
    monthlyPressReleaseLimit: 100,
    trusted: true,
  });
  ownerWorkspace = owner.workspaceId;
  await t.signInAs('impostor', { companyName: 'Impostor Media' });
}, 60_000);
afterAll(() => t?.close());

describe('a renamed newsroom', () => {
  it('answers at its old address with a permanent redirect to the new one, query kept', async () => {
    const brand = await create('owner', { newsroomSlug: 'oasis-before' });
    expect((await get('/newsroom/oasis-before')).statusCode).toBe(200);
    const renamed = await rename('owner', brand.id, 'oasis-after');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().brand.newsroomUrl).toBe(`${PUBLIC}/newsroom/oasis-after`);

    const page = await get('/newsroom/oasis-before?lang=ar&page=2');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`${PUBLIC}/newsroom/oasis-after?lang=ar&page=2`);
    const feed = await get('/newsroom/oasis-before/feed.xml?lang=ar');
    expect(feed.statusCode).toBe(301);
    expect(feed.headers.location).toBe(`${PUBLIC}/newsroom/oasis-after/feed.xml?lang=ar`);
    expect((await get('/newsroom/oasis-after')).statusCode).toBe(200);

    // Following from a page cached at the old address reaches the same newsroom.
    const follow = await t.request({
      method: 'POST',
      url: '/api/newsroom/oasis-before/subscribe',
      payload: { email: 'reader@outlet.test', language: 'english' },
    });
    expect(follow.statusCode, follow.body).toBe(202);
    const form = await t.request({
      method: 'POST',
      url: '/newsroom/oasis-before/follow',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=reader2%40outlet.test&language=english',
    });
    expect(form.statusCode).toBe(202);
    expect(form.body).toContain('/newsroom/oasis-after');
  });

  it('no other workspace may claim the old address, by creating or renaming a brand', async () => {
    const brand = await create('owner', { newsroomSlug: 'falcon-news' });
    expect((await rename('owner', brand.id, 'falcon-newsroom')).statusCode).toBe(200);
    expectRetired(await send('impostor', 'POST', '/api/brands', { name: unique('Fake'), newsroomSlug: 'falcon-news' }));
    const theirs = (await get('/api/brands', 'impostor')).json().brands[0] as Brand;
    expectRetired(await rename('impostor', theirs.id, 'falcon-news'));
    expect((await get('/newsroom/falcon-news')).headers.location).toBe(`${PUBLIC}/newsroom/falcon-newsroom`);
    // Whatever writes the row: the database itself refuses an address another brand was given.
    await expect(t.db.update(brands).set({ newsroomSlug: 'falcon-news' }).where(eq(brands.id, theirs.id))).rejects.toThrow();
    expect((await get('/api/brands', 'impostor')).json().brands[0].newsroomSlug).not.toBe('falcon-news');
  });

  it('is its brand’s for good: another brand of the same workspace may not take it, the brand itself may go back', async () => {
    const brand = await create('owner', { newsroomSlug: 'desert-rose' });
    expect((await rename('owner', brand.id, 'desert-rose-news')).statusCode).toBe(200);
    expectRetired(await send('owner', 'POST', '/api/brands', { name: unique('Sibling'), newsroomSlug: 'desert-rose' }));

    const back = await rename('owner', brand.id, 'desert-rose');
    expect(back.statusCode, back.body).toBe(200);
    expect((await get('/newsroom/desert-rose')).statusCode).toBe(200);
    const moved = await get('/newsroom/desert-rose-news');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`${PUBLIC}/newsroom/desert-rose`);
    expectRetired(await send('impostor', 'POST', '/api/brands', { name: unique('Fake'), newsroomSlug: 'desert-rose-news' }));
  });

  it('the address given at the first release (the one in sent e-mails) is kept the same way', async () => {
    const brand = await create('owner');
    const { listId } = await createListWithContacts(t.db, ownerWorkspace, 1);
    const sent = await send('owner', 'POST', '/api/send-press-release', releasePayload({ brandId: brand.id, recipientLists: [listId] }));
    expect(sent.statusCode, sent.body).toBe(200);
    const given = (await get('/api/brands', 'owner')).json().brands.find((b: Brand) => b.id === brand.id) as Brand;
    expect(given.newsroomSlug).toMatch(/^[a-z0-9-]+-[0-9a-f]{6}$/);
    expect((await rename('owner', brand.id, unique('chosen').replace(' ', '-'))).statusCode).toBe(200);
    const old = await get(`/newsroom/${given.newsroomSlug}`);
    expect(old.statusCode).toBe(301);
    expectRetired(await send('impostor', 'POST', '/api/brands', { name: unique('Fake'), newsroomSlug: given.newsroomSlug }));
  });

  it('an offline newsroom does not tell its new address', async () => {
    const brand = await create('owner', { newsroomSlug: 'quiet-before' });
    expect((await rename('owner', brand.id, 'quiet-after')).statusCode).toBe(200);
    expect((await send('owner', 'PATCH', '/api/newsroom/settings', { brandId: brand.id, enabled: false })).statusCode).toBe(200);
    const old = await get('/newsroom/quiet-before');
    expect(old.statusCode).toBe(404);
    expect(old.headers.location).toBeUndefined();
    expect((await get('/newsroom/quiet-before/feed.xml')).statusCode).toBe(404);
  });
});

describe('addresses of what is gone', () => {
  it('a deleted brand’s address is never given out again', async () => {
    const brand = await create('owner', { newsroomSlug: 'short-lived' });
    expect((await send('owner', 'DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(204);
    expect((await get('/newsroom/short-lived')).statusCode).toBe(404);
    expectRetired(await send('impostor', 'POST', '/api/brands', { name: unique('Fake'), newsroomSlug: 'short-lived' }));
    expectRetired(await send('owner', 'POST', '/api/brands', { name: unique('Again'), newsroomSlug: 'short-lived' }));
  });

  it('a deleted workspace’s addresses, current and former, are never given out again', async () => {
    const leaving = await t.signInAs('leaving', { companyName: 'Leaving Co' });
    const first = (await get('/api/brands', 'leaving')).json().brands[0] as Brand;
    expect((await rename('leaving', first.id, 'leaving-old')).statusCode).toBe(200);
    expect((await rename('leaving', first.id, 'leaving-now')).statusCode).toBe(200);
    const gone = await send('leaving', 'POST', '/api/workspace/delete', { name: 'Leaving Co' });
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, leaving.workspaceId))).toHaveLength(0);
    for (const slug of ['leaving-old', 'leaving-now']) {
      expect((await get(`/newsroom/${slug}`)).statusCode).toBe(404);
      expectRetired(await send('impostor', 'POST', '/api/brands', { name: unique('Fake'), newsroomSlug: slug }));
    }
  });
});

describe('reserved addresses', () => {
  it.each(['login', 'support', 'security', 'google', 'signin', 'billing', 'password-reset', 'abuse', 'postmaster', 'status'])(
    '%s reads as the product’s own page or a known name: 409 on newsroomSlug',
    async (slug) => {
      const res = await send('impostor', 'POST', '/api/brands', { name: unique('Reserved'), newsroomSlug: slug });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NEWSROOM_ADDRESS_TAKEN', errors: [{ path: 'newsroomSlug' }] });
    },
  );
});
