import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/brands.js';
import { brandLogos, pressReleases, workspaceMembers } from '../db/schema.js';
import { multipartBody } from '../contacts/contacts-fixtures.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { jpegImage, pngImage } from '../test/images.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Brands (issue 28): CRUD, the logo judged by content, and the refusals of each route. */

let t: TestApp;
let workspaceId: WorkspaceId;
let listId: string;
let counter = 0;
const unique = (label: string) => `${label} ${++counter}`;

let PNG_BYTES: Buffer;
let JPEG_BYTES: Buffer;
const SVG_OK =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="10" height="10"/><use href="#g"/></svg>';

const get = (as: string, url: string) => t.request({ method: 'GET', url, as });
const send = (as: string, method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, as, ...(payload ? { payload } : {}) });
const create = async (as = 'owner', fields: Record<string, unknown> = {}) => {
  const res = await send(as, 'POST', '/api/brands', { name: unique('Brand'), ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().brand as Brand;
};
const uploadLogo = (brandId: string, content: string | Buffer, filename = 'logo.png', as = 'owner') =>
  t.request({
    method: 'PUT',
    url: `/api/brands/${brandId}/logo`,
    as,
    ...multipartBody(content, { filename, contentType: 'image/png', field: 'logo' }),
  });
const brandsOf = async (as: string) => (await get(as, '/api/brands')).json().brands as Brand[];

beforeAll(async () => {
  // Real images, small enough to be kept as they are.
  [PNG_BYTES, JPEG_BYTES] = await Promise.all([pngImage(64, 32), jpegImage(64, 32)]);
  t = await createTestApp({ REVIEW: 'off' });
  const owner = await t.signInAs('owner', {
    companyName: 'Gulf Bridge PR',
    userType: 'active',
    monthlyPressReleaseLimit: 100,
    trusted: true,
  });
  workspaceId = owner.workspaceId;
  await t.signInAs('viewer', { memberOf: { workspaceId, role: 'viewer' } });
  await t.signInAs('outsider', { companyName: 'Other Agency' });
  ({ listId } = await createListWithContacts(t.db, workspaceId, 2));
}, 60_000);
afterAll(() => t?.close());

describe('brand CRUD', () => {
  it('creates, lists (active first, then archived), changes only the fields given', async () => {
    const made = await create('owner', {
      name: 'Riyadh Dates Co',
      nameAr: 'شركة تمور الرياض',
      newsroomSlug: 'Riyadh-Dates',
      contactEmail: 'PRESS@dates.test',
      language: 'arabic',
    });
    expect(made).toMatchObject({
      name: 'Riyadh Dates Co',
      nameAr: 'شركة تمور الرياض',
      newsroomSlug: 'riyadh-dates',
      newsroomUrl: 'http://localhost:3000/newsroom/riyadh-dates',
      contactEmail: 'press@dates.test',
      language: 'arabic',
      logoUrl: null,
      archivedAt: null,
      sentReleases: 0,
    });
    const patched = await send('owner', 'PATCH', `/api/brands/${made.id}`, { senderName: 'Riyadh Dates' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().brand).toMatchObject({
      senderName: 'Riyadh Dates',
      language: 'arabic',
      nameAr: 'شركة تمور الرياض',
    });

    const archived = await create();
    expect(
      (await send('owner', 'POST', `/api/brands/${archived.id}/archive`)).json().brand.archivedAt,
    ).not.toBeNull();
    const list = await brandsOf('owner');
    expect(list[0].id).toBe(workspaceId);
    expect(list.at(-1)!.id).toBe(archived.id);
    expect(list.map((b) => b.id)).toContain(made.id);
    const back = await send('owner', 'POST', `/api/brands/${archived.id}/unarchive`);
    expect(back.json().brand.archivedAt).toBeNull();
  });

  it('counts releases that went out, not drafts, per brand', async () => {
    const brand = await create();
    const sent = await send(
      'owner',
      'POST',
      '/api/send-press-release',
      releasePayload({ brandId: brand.id, title: unique('Sent'), recipientLists: [listId] }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const draft = await send(
      'owner',
      'POST',
      '/api/send-press-release',
      releasePayload({ action: 'save_draft', brandId: brand.id, title: unique('Draft') }),
    );
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await brandsOf('owner')).find((b) => b.id === brand.id)!.sentReleases).toBe(1);
  });

  it('refuses bad input with 422 on the field', async () => {
    for (const payload of [
      {},
      { name: '  ' },
      { name: 'x'.repeat(121) },
      { name: 'A', newsroomSlug: 'no spaces!' },
      { name: 'B', contactEmail: 'nope' },
      { name: 'C', language: 'french' },
    ]) {
      const res = await send('owner', 'POST', '/api/brands', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('a name already used in the workspace (any case) is a 409 on `name`; another workspace may use it', async () => {
    await create('owner', { name: 'Desert Rose Hotels' });
    const res = await send('owner', 'POST', '/api/brands', { name: 'desert rose HOTELS' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'BRAND_NAME_TAKEN',
      errors: [{ path: 'name', code: 'BRAND_NAME_TAKEN' }],
    });
    const other = await create();
    const renamed = await send('owner', 'PATCH', `/api/brands/${other.id}`, { name: 'DESERT ROSE HOTELS' });
    expect(renamed.statusCode).toBe(409);
    expect((await send('outsider', 'POST', '/api/brands', { name: 'Desert Rose Hotels' })).statusCode).toBe(
      201,
    );
  });

  it('a newsroom address already taken (another brand, another workspace, a reserved word) is a 409 on `newsroomSlug`', async () => {
    await create('owner', { newsroomSlug: 'oasis-news' });
    for (const [as, slug] of [
      ['outsider', 'oasis-news'],
      ['owner', 'oasis-news'],
      ['owner', 'admin'],
    ] as const) {
      const res = await send(as, 'POST', '/api/brands', { name: unique('Slug'), newsroomSlug: slug });
      expect(res.statusCode, `${as} ${slug}`).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'NEWSROOM_ADDRESS_TAKEN',
        errors: [{ path: 'newsroomSlug' }],
      });
    }
    const mine = await create('owner', { newsroomSlug: 'keeps-its-own' });
    const same = await send('owner', 'PATCH', `/api/brands/${mine.id}`, { newsroomSlug: 'keeps-its-own' });
    expect(same.statusCode, same.body).toBe(200);
    const cleared = await send('owner', 'PATCH', `/api/brands/${mine.id}`, { newsroomSlug: null });
    expect(cleared.json().brand.newsroomSlug).toBe('keeps-its-own');
  });

  it('two workspaces asking for the same free address at once: one gets it, the other a 409', async () => {
    const [first, second] = await Promise.all(
      ['owner', 'outsider'].map((as) =>
        send(as, 'POST', '/api/brands', { name: unique('Race'), newsroomSlug: 'raced-address' }),
      ),
    );
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    expect([first, second].find((res) => res.statusCode === 409)!.json().code).toBe('NEWSROOM_ADDRESS_TAKEN');
  });

  it('another workspace’s brand is 404 BRAND_NOT_FOUND on every route; a viewer may read but not change', async () => {
    const brand = await create();
    for (const [method, url] of [
      ['PATCH', `/api/brands/${brand.id}`],
      ['POST', `/api/brands/${brand.id}/archive`],
      ['POST', `/api/brands/${brand.id}/unarchive`],
      ['DELETE', `/api/brands/${brand.id}`],
      ['DELETE', `/api/brands/${brand.id}/logo`],
    ] as const) {
      const res = await send('outsider', method, url, method === 'PATCH' ? { name: 'Stolen' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('BRAND_NOT_FOUND');
      expect(res.body).not.toContain(brand.name);
    }
    expect((await uploadLogo(brand.id, PNG_BYTES, 'logo.png', 'outsider')).statusCode).toBe(404);
    expect((await brandsOf('outsider')).map((b) => b.id)).not.toContain(brand.id);
    expect((await brandsOf('viewer')).map((b) => b.id)).toContain(brand.id);
    const viewer = await send('viewer', 'PATCH', `/api/brands/${brand.id}`, { name: 'Viewer rename' });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('ROLE_REQUIRED');
    expect((await send('viewer', 'POST', '/api/brands', { name: unique('V') })).statusCode).toBe(403);
    expect((await send('owner', 'PATCH', '/api/brands/not-a-uuid', { name: 'X' })).statusCode).toBe(404);
  });

  it('a client seat reads its brands only, and any write is 404', async () => {
    const mine = await create();
    const other = await create();
    await t.signInAs('client', { memberOf: { workspaceId, role: 'client', brandIds: [mine.id] } });
    expect((await brandsOf('client')).map((b) => b.id)).toEqual([mine.id]);
    for (const [method, url] of [
      ['POST', '/api/brands'],
      ['PATCH', `/api/brands/${mine.id}`],
      ['POST', `/api/brands/${mine.id}/archive`],
      ['DELETE', `/api/brands/${mine.id}`],
      ['DELETE', `/api/brands/${mine.id}/logo`],
      ['PATCH', `/api/brands/${other.id}`],
    ] as const) {
      const res = await send('client', method, url, method === 'DELETE' ? undefined : { name: 'Client try' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await uploadLogo(mine.id, PNG_BYTES, 'logo.png', 'client')).statusCode).toBe(404);
  });
});

describe('the company renamed', () => {
  it('renames its own brand while it bears the company name, and never another brand or a brand renamed on its own', async () => {
    const owner = await t.signInAs('renamer', { companyName: 'Old Name Trading' });
    const companyBrand = () =>
      brandsOf('renamer').then((all) => all.find((b) => b.id === owner.companyBrandId)!);
    const rename = (name: string) => send('renamer', 'PATCH', '/api/workspace', { name });
    expect((await rename('New Name Trading')).statusCode).toBe(200);
    expect((await companyBrand()).name).toBe('New Name Trading');

    // Another brand already has the name: the company's brand keeps its own.
    await create('renamer', { name: 'Desert Bloom' });
    expect((await rename('Desert Bloom')).statusCode).toBe(200);
    expect((await companyBrand()).name).toBe('New Name Trading');

    // A brand named apart from the company is left alone.
    expect(
      (await send('renamer', 'PATCH', `/api/brands/${owner.workspaceId}`, { name: 'NNT Group' })).statusCode,
    ).toBe(200);
    expect((await rename('Newest Name Trading')).statusCode).toBe(200);
    expect((await companyBrand()).name).toBe('NNT Group');
  });
});

describe('archive and delete', () => {
  it('the last active brand can be neither archived nor deleted (422 LAST_BRAND)', async () => {
    const solo = await t.signInAs('solo', { companyName: 'Solo Company' });
    const archive = await send('solo', 'POST', `/api/brands/${solo.workspaceId}/archive`);
    expect(archive.statusCode).toBe(422);
    expect(archive.json().code).toBe('LAST_BRAND');
    const remove = await send('solo', 'DELETE', `/api/brands/${solo.workspaceId}`);
    expect(remove.statusCode).toBe(422);
    expect(remove.json().code).toBe('LAST_BRAND');
  });

  it('a brand with a release that went out is refused (409), one with drafts only is deleted and its drafts move', async () => {
    const sentBrand = await create();
    const sent = await send(
      'owner',
      'POST',
      '/api/send-press-release',
      releasePayload({ brandId: sentBrand.id, title: unique('Out'), recipientLists: [listId] }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await send('owner', 'DELETE', `/api/brands/${sentBrand.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BRAND_HAS_RELEASES');

    const draftBrand = await create();
    const draft = await send(
      'owner',
      'POST',
      '/api/send-press-release',
      releasePayload({ action: 'save_draft', brandId: draftBrand.id, title: unique('Moves') }),
    );
    const client = await t.signInAs('clientOfDeleted', {
      memberOf: { workspaceId, role: 'client', brandIds: [draftBrand.id, sentBrand.id] },
    });
    const deleted = await send('owner', 'DELETE', `/api/brands/${draftBrand.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [moved] = await t.db
      .select()
      .from(pressReleases)
      .where(eq(pressReleases.id, draft.json().pressRelease.id));
    expect(moved.brandId).toBe(workspaceId);
    const [seat] = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, client.id));
    expect(seat.brandIds).toEqual([sentBrand.id]);
    expect((await brandsOf('owner')).map((b) => b.id)).not.toContain(draftBrand.id);
  });
});

describe('logo', () => {
  it('takes a PNG, a JPEG named .png (judged by content) and a clean SVG, and serves them publicly', async () => {
    const brand = await create();
    const png = await uploadLogo(brand.id, PNG_BYTES);
    expect(png.statusCode, png.body).toBe(200);
    const logoUrl = png.json().brand.logoUrl as string;
    expect(logoUrl).toMatch(
      new RegExp(`^http://localhost:3000/api/brands/${brand.id}/logo\\?v=[0-9a-f]{12}$`),
    );
    const served = await t.request({ method: 'GET', url: logoUrl.replace('http://localhost:3000', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    const stale = await t.request({ method: 'GET', url: `/api/brands/${brand.id}/logo?v=000000000000` });
    expect(stale.headers['cache-control']).not.toContain('immutable');

    const jpeg = await uploadLogo(brand.id, JPEG_BYTES, 'renamed.png');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    const [row] = await t.db.select().from(brandLogos).where(eq(brandLogos.brandId, brand.id));
    expect(row.contentType).toBe('image/jpeg');

    const svg = await uploadLogo(brand.id, SVG_OK, 'logo.svg');
    expect(svg.statusCode, svg.body).toBe(200);
    const servedSvg = await t.request({ method: 'GET', url: `/api/brands/${brand.id}/logo` });
    expect(servedSvg.headers['content-type']).toContain('image/svg+xml');
    expect(servedSvg.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );

    const removed = await send('owner', 'DELETE', `/api/brands/${brand.id}/logo`);
    expect(removed.json().brand.logoUrl).toBeNull();
    expect((await t.request({ method: 'GET', url: `/api/brands/${brand.id}/logo` })).statusCode).toBe(404);
  });

  it.each([
    ['not an image', () => Buffer.from('just some text, not a picture')],
    ['1 MB + 1 byte', () => Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024 + 1 - PNG_BYTES.length)])],
    ['empty', () => Buffer.alloc(0)],
    ['HTML, not SVG', () => '<html><body><svg/></body></html>'],
  ])('refuses %s: 422 LOGO_INVALID with the limit', async (_label, content) => {
    const brand = await create();
    const res = await uploadLogo(brand.id, content(), 'logo.svg');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LOGO_INVALID', details: { maxMb: 1 } });
    expect((await brandsOf('owner')).find((b) => b.id === brand.id)!.logoUrl).toBeNull();
  });

  it.each([
    ['SVG with a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['SVG with an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    [
      'SVG with a javascript: link',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="java\tscript:alert(1)"><rect/></a></svg>',
    ],
    [
      'SVG with an external image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.test/x.png"/></svg>',
    ],
    [
      'SVG with a foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
    ],
    [
      'SVG with an external style',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.test/a.css);</style></svg>',
    ],
    [
      'SVG with entities',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
    ],
  ])('refuses %s: 422 LOGO_SVG_REFUSED (logo-hardening.test.ts has the rest)', async (_label, content) => {
    const brand = await create();
    const res = await uploadLogo(brand.id, content, 'logo.svg');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('LOGO_SVG_REFUSED');
    expect((await brandsOf('owner')).find((b) => b.id === brand.id)!.logoUrl).toBeNull();
  });

  it('refuses a body that is not multipart or names another field', async () => {
    const brand = await create();
    const json = await send('owner', 'PUT', `/api/brands/${brand.id}/logo`, { logo: 'x' });
    expect(json.statusCode).toBe(422);
    expect(json.json().code).toBe('LOGO_INVALID');
    const wrongField = await t.request({
      method: 'PUT',
      url: `/api/brands/${brand.id}/logo`,
      as: 'owner',
      ...multipartBody(PNG_BYTES, { filename: 'logo.png', contentType: 'image/png', field: 'image' }),
    });
    expect(wrongField.statusCode).toBe(422);
  });
});
