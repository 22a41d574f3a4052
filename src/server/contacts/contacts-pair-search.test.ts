import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ContactPage } from '../../shared/contacts.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';
import { rowsOf } from './contacts.service.js';

/**
 * Text plus a media type and a country is served by a partial index of rows whose text fits a B-tree
 * entry, and by a second index for the rest: a match must be found, counted and ordered the same
 * whichever index holds it.
 */
let t: TestApp;

// Arabic letters are two bytes each and topic lists are long: this contact's text cannot fit the pair index.
const longTopics = Array.from({ length: 60 }, (_, i) => `موضوع ${i} صحافة`)
  .join(', ')
  .slice(0, 2000);
const LONG = contactFields({
  email: 'long.editor@dubai-daily.test',
  firstName: 'Layla',
  position: 'Editor',
  country: 'UAE',
  mediaType: 'Newspaper',
  contactTopics: longTopics,
  outletTopics: longTopics,
});
const SHORT = Array.from({ length: 25 }, (_, i) =>
  contactFields({
    email: `editor${String(i).padStart(2, '0')}@dubai-daily.test`,
    position: 'Editor',
    country: 'UAE',
    mediaType: 'Newspaper',
  }),
);
const ELSEWHERE = [
  contactFields({ email: 'editor@cairo.test', position: 'Editor', country: 'Egypt', mediaType: 'Newspaper' }),
  contactFields({ email: 'editor@dubai-radio.test', position: 'Editor', country: 'UAE', mediaType: 'Radio' }),
  contactFields({
    email: 'reporter@dubai-daily.test',
    position: 'Reporter',
    country: 'UAE',
    mediaType: 'Newspaper',
  }),
];

async function search(query: string): Promise<ContactPage> {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts?${query}`, as: 'paid' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('paid', { userType: 'active' });
  await insertContacts(t.db, SHORT.slice(0, 10));
  await insertContacts(t.db, [LONG]); // in the middle of the id order
  await insertContacts(t.db, [...SHORT.slice(10), ...ELSEWHERE]);
});
afterAll(() => t.close());

describe('text search under a media type and a country', () => {
  it('counts and pages matches from both indexes in id order, newest first', async () => {
    const filter = 'search=editor&country=UAE&mediaType=Newspaper';
    const pages = [
      await search(`${filter}&pageSize=10`),
      await search(`${filter}&pageSize=10&page=2`),
      await search(`${filter}&pageSize=10&page=3`),
    ];
    for (const page of pages) expect(page.total).toBe(26);
    const ids = pages.flatMap((p) => p.items.map((c) => c.id));
    expect(ids).toHaveLength(26);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(pages.flatMap((p) => p.items.map((c) => c.email))).toContain(LONG.email);
    expect(new Set(pages.flatMap((p) => p.items.map((c) => c.country)))).toEqual(new Set(['UAE']));
  });

  it('finds the long contact by a word that only its long text holds', async () => {
    const [row] = rowsOf<{ bytes: number }>(
      await t.db.execute(
        sql`SELECT octet_length(search_text) + octet_length(country) + octet_length(media_type) AS bytes FROM global_contacts WHERE email = ${LONG.email}`,
      ),
    );
    expect(Number(row.bytes)).toBeGreaterThanOrEqual(2400);
    const page = await search(`search=${encodeURIComponent('موضوع 42')}&country=UAE&mediaType=Newspaper`);
    expect(page.items.map((c) => c.email)).toEqual([LONG.email]);
    expect(page.total).toBe(1);
  });

  it('applies several values of each filter and the other filters too', async () => {
    expect(
      (await search('search=editor&country=UAE&country=Egypt&mediaType=Newspaper&mediaType=Radio')).total,
    ).toBe(28);
    expect((await search('search=editor&country=UAE&mediaType=Newspaper&language=Arabic')).total).toBe(0);
    expect(
      (await search('search=editor&country=Egypt&mediaType=Newspaper')).items.map((c) => c.email),
    ).toEqual(['editor@cairo.test']);
  });

  it('answers a page past the end with no items and the true total', async () => {
    const page = await search('search=editor&country=UAE&mediaType=Newspaper&page=5');
    expect(page.items).toEqual([]);
    expect(page.total).toBe(26);
    expect(await search('search=nobodyhere&country=UAE&mediaType=Newspaper')).toMatchObject({
      items: [],
      total: 0,
    });
  });
});
