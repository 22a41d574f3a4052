import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/brands.js';
import type { BrandId, ReleaseId } from '../../shared/ids.js';
import { brands, companyUnsubscribes, deliveries } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { preferenceToken } from './preference-link.js';
import { companyNameKeys } from '../suppressions/company-names.js';

/**
 * "Only from {Company}" holds against the company's renamed or re-created brand (issue 35, decision 018).
 * To the journalist a company is its name: the unsubscribe covers the brand itself, whatever it is called
 * later, and every brand of the same workspace going by a name the brand had when they chose (its name, its
 * Arabic name, its sender name), as the inbox shows names: in any case, spacing or punctuation, and with
 * look-alike letters of another script. The workspace's other brands, and other workspaces, still reach them.
 */

let t: TestApp;
let secret: string;
let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;

const send = async (as: string, payload: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload(payload) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease as { id: ReleaseId };
};
const createBrand = async (as: string, fields: Record<string, unknown>) => {
  const res = await t.request({ method: 'POST', url: '/api/brands', as, payload: fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().brand as Brand;
};
const patchBrand = async (as: string, id: BrandId, fields: Record<string, unknown>) => {
  const res = await t.request({ method: 'PATCH', url: `/api/brands/${id}`, as, payload: fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().brand as Brand;
};
const recipientsOf = async (releaseId: ReleaseId) =>
  (await t.db.select({ email: deliveries.email }).from(deliveries).where(eq(deliveries.releaseId, releaseId)))
    .map((d) => d.email)
    .sort();
const deliveryOf = async (releaseId: ReleaseId, email: string) =>
  (await t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.email, email))))[0];

/** A workspace of its own with a list of the journalist and a control address, and one brand to start from. */
async function agency(label: string) {
  const as = `${label}-${tag()}`;
  const user = await t.signInAs(as, { userType: 'active', monthlyPressReleaseLimit: 100, trusted: true, companyName: `${label} Agency ${tag()}` });
  return { as, workspaceId: user.workspaceId };
}

beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  secret = await ensureAppSecret(t.deps);
}, 120_000);
afterAll(() => t?.close());

describe('"only from {Company}" by the unsubscribe link', () => {
  it('holds against the brand renamed, a new brand under its old name, its sender name or a look-alike of it', async () => {
    const gulf = await agency('gulf');
    const journalist = `desk-${tag()}@khaleej.test`;
    const control = `control-${tag()}@khaleej.test`;
    const { listId } = await createListWithContacts(t.db, gulf.workspaceId, 0, [journalist, control]);
    const dates = await createBrand(gulf.as, { name: 'Riyadh Dates', nameAr: 'تمور الرياض', senderName: 'Riyadh Dates Press' });
    const first = await send(gulf.as, { brandId: dates.id, recipientLists: [listId] });
    const delivery = await deliveryOf(first.id, journalist);

    const offer = await t.request({ method: 'GET', url: `/u/${delivery.token}` });
    expect(offer.body).toContain('Riyadh Dates');
    expect((await t.request({ method: 'POST', url: `/u/${delivery.token}?scope=company` })).statusCode).toBe(200);

    // The brand renamed: the same company.
    await patchBrand(gulf.as, dates.id, { name: 'Najd Palms', nameAr: '', senderName: '' });
    expect(await recipientsOf((await send(gulf.as, { brandId: dates.id, recipientLists: [listId] })).id)).toEqual([control]);

    // A brand made anew under a name the journalist refused, however it is written.
    for (const fields of [
      { name: 'Riyadh Dates' },
      { name: 'RIYADH  DATES.' },
      { name: 'Riyadh-Dates' },
      { name: 'تمور  الرياض' },
      { name: `Palm House ${tag()}`, senderName: 'Riyadh Dates Press' },
      { name: 'Riyаdh Dаtes' }, // Cyrillic а
    ]) {
      const again = await createBrand(gulf.as, fields);
      const release = await send(gulf.as, { brandId: again.id, recipientLists: [listId] });
      expect(await recipientsOf(release.id), JSON.stringify(fields)).toEqual([control]);
      const preflight = await t.request({
        method: 'POST',
        url: '/api/press-releases/preflight',
        as: gulf.as,
        payload: { recipientLists: [listId], content: '<p>x</p>', brandId: again.id },
      });
      expect(preflight.json(), JSON.stringify(fields)).toMatchObject({ leftOut: [{ reason: 'company_unsubscribe', count: 1 }] });
      // The name is taken back (the brand archived under another name) for the next attempt.
      await patchBrand(gulf.as, again.id, { name: `Retired ${tag()}`, senderName: '', nameAr: '' });
      await t.request({ method: 'POST', url: `/api/brands/${again.id}/archive`, as: gulf.as });
    }

    // Another client of the agency, and another workspace's brand of the same name, still reach them.
    const farms = await createBrand(gulf.as, { name: 'Gulf Farms' });
    expect(await recipientsOf((await send(gulf.as, { brandId: farms.id, recipientLists: [listId] })).id)).toEqual([control, journalist].sort());
    const other = await agency('other');
    const otherList = await createListWithContacts(t.db, other.workspaceId, 0, [journalist]);
    const namesake = await createBrand(other.as, { name: 'Riyadh Dates' });
    expect(await recipientsOf((await send(other.as, { brandId: namesake.id, recipientLists: [otherList.listId] })).id)).toEqual([journalist]);
  }, 180_000);

  it('taken back within the day, it lifts the names with it', async () => {
    const gulf = await agency('undo');
    const journalist = `undo-${tag()}@khaleej.test`;
    const control = `control-${tag()}@khaleej.test`;
    const { listId } = await createListWithContacts(t.db, gulf.workspaceId, 0, [journalist, control]);
    const brand = await createBrand(gulf.as, { name: 'Oasis Water' });
    const delivery = await deliveryOf((await send(gulf.as, { brandId: brand.id, recipientLists: [listId] })).id, journalist);
    await t.request({ method: 'POST', url: `/u/${delivery.token}?scope=company` });
    const [row] = await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, journalist));
    expect(row).toMatchObject({ brandId: brand.id, workspaceId: gulf.workspaceId, companyName: 'Oasis Water', names: ['oasiswater'] });

    const undo = await t.request({ method: 'POST', url: `/u/${delivery.token}/resubscribe` });
    expect(undo.statusCode).toBe(200);
    await patchBrand(gulf.as, brand.id, { name: 'Oasis Springs' });
    const namesake = await createBrand(gulf.as, { name: 'Oasis Water' });
    expect(await recipientsOf((await send(gulf.as, { brandId: namesake.id, recipientLists: [listId] })).id)).toEqual([control, journalist].sort());
  }, 120_000);
});

describe('"only from {Company}" on the preference page', () => {
  it('lists what it covers by name, holds against a namesake, and lifts as a whole', async () => {
    const gulf = await agency('prefs');
    const journalist = `prefs-${tag()}@khaleej.test`;
    const control = `control-${tag()}@khaleej.test`;
    const { listId } = await createListWithContacts(t.db, gulf.workspaceId, 0, [journalist, control]);
    const brand = await createBrand(gulf.as, { name: 'Falcon Air' });
    const first = await send(gulf.as, { brandId: brand.id, recipientLists: [listId] });
    const token = preferenceToken((await deliveryOf(first.id, journalist)).id, secret);
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/preferences/${token}`, payload });
    const page = async () => (await t.request({ method: 'GET', url: `/api/preferences/${token}` })).json();

    expect((await put({ unsubscribedFrom: ['Falcon Air'] })).statusCode).toBe(200);
    await patchBrand(gulf.as, brand.id, { name: 'Falcon Airways' });
    const namesake = await createBrand(gulf.as, { name: 'Falcon Air' });
    expect(await recipientsOf((await send(gulf.as, { brandId: namesake.id, recipientLists: [listId] })).id)).toEqual([control]);
    expect(await recipientsOf((await send(gulf.as, { brandId: brand.id, recipientLists: [listId] })).id)).toEqual([control]);
    const shown = await page();
    expect(shown.unsubscribedFrom).toEqual(['Falcon Air', 'Falcon Airways']);
    expect(shown.companies).toEqual(expect.arrayContaining(['Falcon Air', 'Falcon Airways']));

    // Saving the page as it stands changes nothing.
    expect((await put({ unsubscribedFrom: shown.unsubscribedFrom })).json().unsubscribedFrom).toEqual(['Falcon Air', 'Falcon Airways']);
    expect(await recipientsOf((await send(gulf.as, { brandId: namesake.id, recipientLists: [listId] })).id)).toEqual([control]);

    // Keeping only the namesake leaves it out and lets the renamed brand through, and the other way round.
    expect((await put({ unsubscribedFrom: ['Falcon Air'] })).json().unsubscribedFrom).toEqual(['Falcon Air']);
    expect(await recipientsOf((await send(gulf.as, { brandId: brand.id, recipientLists: [listId] })).id)).toEqual([control, journalist].sort());
    expect(await recipientsOf((await send(gulf.as, { brandId: namesake.id, recipientLists: [listId] })).id)).toEqual([control]);

    expect((await put({ unsubscribedFrom: [] })).json().unsubscribedFrom).toEqual([]);
    expect(await recipientsOf((await send(gulf.as, { brandId: namesake.id, recipientLists: [listId] })).id)).toEqual([control, journalist].sort());
    expect(await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, journalist))).toEqual([]);
  }, 180_000);
});

describe('rows kept before names were', () => {
  it('get their brand’s workspace, name and names from the migration', async () => {
    const gulf = await agency('older');
    const journalist = `older-${tag()}@khaleej.test`;
    const [brand] = await t.db.select().from(brands).where(eq(brands.workspaceId, gulf.workspaceId));
    await t.db.insert(companyUnsubscribes).values({ brandId: brand.id, email: journalist });
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');
    const file = fs.readdirSync(dir).find((f) => f.endsWith('_kept_newsroom_addresses_and_company_names.sql'))!;
    const updates = fs
      .readFileSync(path.join(dir, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => statement.startsWith('UPDATE "company_unsubscribes"'));
    expect(updates).toHaveLength(1);
    // Replayed on today's table, whose company_id is brand_id since migration 0041.
    await t.db.execute(sql.raw(updates[0].replace('c."company_id"', 'c."brand_id"')));
    const [row] = await t.db.select().from(companyUnsubscribes).where(eq(companyUnsubscribes.email, journalist));
    expect(row).toMatchObject({ workspaceId: gulf.workspaceId, companyName: brand.name, names: await companyNameKeys(t.db, brand) });
    expect(row.names.length).toBeGreaterThan(0);
  });
});

describe('company names as compared', () => {
  it('fold case, spacing, punctuation, accents, Arabic letter forms and look-alike letters; empty names are none', async () => {
    const keys = (brand: { name: string; nameAr?: string; senderName?: string }) => companyNameKeys(t.db, brand);
    expect(await keys({ name: 'Riyadh Dates', nameAr: 'تمور الرياض', senderName: '' })).toEqual(['riyadhdates', 'تمورالرياض']);
    expect(await keys({ name: ' RIYADH-dates. ', senderName: 'Riyadh Dates' })).toEqual(['riyadhdates']);
    expect(await keys({ name: 'Riyаdh Dаtes' })).toEqual(['riyadhdates']);
    expect(await keys({ name: 'ＲＩＹＡＤＨ ＤＡＴＥＳ' })).toEqual(['riyadhdates']);
    expect(await keys({ name: 'Café Nour' })).toEqual(await keys({ name: 'Cafe Nour' }));
    expect(await keys({ name: 'أحمد للتجارة' })).toEqual(await keys({ name: 'احمد للتجاره' }));
    expect(await keys({ name: 'نور ٢٠٢٤' })).toEqual(await keys({ name: 'نور 2024' }));
    expect(await keys({ name: 'Acme\u200B Corp\u202E' })).toEqual(['acmecorp']);
    expect(await keys({ name: '!!!', senderName: '   ' })).toEqual([]);
  });
});
