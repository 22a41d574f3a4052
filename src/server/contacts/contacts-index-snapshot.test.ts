import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc } from 'drizzle-orm';
import { contactFilterSchema, type ContactFilterInput } from '../../shared/contacts.js';
import type { Database, Db } from '../db/client.js';
import { contactsIndexSnapshots } from '../db/schema.js';
import { createTestDatabase } from '../test/test-db.js';
import { generateContacts } from '../demo-data/generate.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';
import { contactsIndex } from './contacts-index.js';
import { Codes } from './contacts-index-layout.js';
import { indexFromSnapshot, keepIndex, snapshotOf } from './contacts-index-snapshot.js';
import { contactsVersion, markContactsChanged } from './contacts-version.js';
import { contactFacets, searchContacts, warmContactsIndex } from './contacts.service.js';
import { createContact, deleteContact } from './contacts-writes.js';
import { startedWithIndexLoading, stillLoading } from './index-start-fixtures.js';

/**
 * A start reads the contacts index kept by an earlier full load instead of every contact's row, brings it
 * forward by the changes listed since, and answers as a full load would (docs/decisions/032).
 */
let database: Database;
let db: Db;

const parse = (filter: ContactFilterInput) => contactFilterSchema.parse(filter);
const answers = async (on: Db, filter: ContactFilterInput) => ({
  first: await searchContacts(on, parse(filter), { page: 1, pageSize: 10 }, true),
  second: await searchContacts(on, parse(filter), { page: 2, pageSize: 10 }, false),
  menus: await contactFacets(on, parse(filter), { revealsEmail: false }),
});
const QUERIES: ContactFilterInput[] = [{}, { search: 'editor' }, { country: ['UAE'] }, { search: 'riyadh', mediaType: ['Newspaper'] }, { contactTopic: ['Finance'] }, { language: 'Arabic' }];

const keptVersions = async () =>
  (await db.select({ version: contactsIndexSnapshots.version }).from(contactsIndexSnapshots).orderBy(desc(contactsIndexSnapshots.version))).map((row) => String(row.version));
const currentVersion = () => contactsVersion(db);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await insertContacts(db, [...generateContacts(400, 7)]);
  // More distinct cities than a byte holds: the city column is kept two bytes wide.
  await insertContacts(db, Array.from({ length: 300 }, (_, i) => contactFields({ email: `c${i}@cities.test`, firstName: `City${i}`, lastName: 'Reporter', country: 'Oman', city: `Town ${i}` })));
});
afterAll(() => database.close());

describe('the contacts index kept for the next start', () => {
  it('is kept after a full load, once per version, and holds the same index', async () => {
    const index = await contactsIndex(db, await currentVersion());
    await vi.waitFor(async () => expect(await keptVersions()).toEqual([index.version]));
    const [row] = await db.select().from(contactsIndexSnapshots);
    const read = indexFromSnapshot(row.data)!;
    expect({ ...read, codes: undefined, remembered: undefined }).toEqual({ ...index, codes: undefined, remembered: undefined });
    for (const dimension of ['country', 'city', 'mediaType', 'language', 'topic'] as const) {
      expect(read.codes[dimension].values).toEqual(index.codes[dimension].values);
    }
    expect(index.codes.city.values.length).toBeGreaterThan(255);
  });

  it('answers a start without reading every row, as the full index does', async () => {
    const version = await currentVersion();
    await vi.waitFor(async () => expect(await keptVersions()).toEqual([version]));
    const start = startedWithIndexLoading(db, { kept: true });
    expect(await stillLoading(start.db)).toBe(false);
    for (const query of QUERIES) expect(await answers(start.db, query), JSON.stringify(query)).toEqual(await answers(db, query));
    expect(start.fullLoads).toEqual([]);
  });

  it('is brought forward by the contacts changed since it was kept', async () => {
    const keptAt = await currentVersion();
    await vi.waitFor(async () => expect(await keptVersions()).toEqual([keptAt]));
    const added = await createContact(db, contactFields({ email: 'since@kept.test', firstName: 'Kept', lastName: 'Since', country: 'UAE', mediaType: 'Newspaper', contactTopics: 'Finance' }));
    const [gone] = (await searchContacts(db, parse({ country: ['UAE'] }), { page: 1, pageSize: 2 }, true)).items.filter((c) => c.id !== added.id);
    await deleteContact(db, null, gone.id);
    const start = startedWithIndexLoading(db, { kept: true });
    expect(await stillLoading(start.db)).toBe(false);
    for (const query of [...QUERIES, { search: 'kept since' }]) expect(await answers(start.db, query), JSON.stringify(query)).toEqual(await answers(db, query));
    const uae = (await searchContacts(start.db, parse({ country: ['UAE'] }), { page: 1, pageSize: 500 }, true)).items.map((c) => c.id);
    expect(uae).toContain(added.id);
    expect(uae).not.toContain(gone.id);
    expect(start.fullLoads).toEqual([]);
    // Only a few versions behind: the kept one stays, the start did not rewrite it.
    expect(await keptVersions()).toEqual([keptAt]);
  });

  it('is read before a start takes requests; a load from every row is not waited for', async () => {
    const kept = startedWithIndexLoading(db, { kept: true });
    const warm = warmContactsIndex(kept.db);
    await warm.ready;
    expect(await stillLoading(kept.db)).toBe(false);
    expect((await warm.loaded).contacts).toBe((await contactsIndex(db, await currentVersion())).total);
    expect(kept.fullLoads).toEqual([]);

    const first = startedWithIndexLoading(db);
    const cold = warmContactsIndex(first.db);
    await cold.ready; // while the load from every row is still held back
    expect(await stillLoading(first.db)).toBe(true);
    first.open();
    expect((await cold.loaded).contacts).toBe((await contactsIndex(db, await currentVersion())).total);
  });

  it('is not used when the changes since were not listed (an import): the start loads every row', async () => {
    await markContactsChanged(db); // as an import of too many contacts to list records it
    const start = startedWithIndexLoading(db, { kept: true });
    const answer = searchContacts(start.db, parse({ search: 'editor', country: ['UAE'] }), { page: 1, pageSize: 10 }, false);
    expect(await stillLoading(start.db)).toBe(true);
    expect(await answer).toEqual(await searchContacts(db, parse({ search: 'editor', country: ['UAE'] }), { page: 1, pageSize: 10 }, false));
    start.open();
    await contactsIndex(start.db, await currentVersion());
    expect(start.fullLoads.length).toBeGreaterThan(0);
    // The full load keeps its index in place of the older one.
    const version = await currentVersion();
    await vi.waitFor(async () => expect(await keptVersions()).toEqual([version]));
  });

  it('never replaces a newer kept index with an older one', async () => {
    const index = await contactsIndex(db, await currentVersion());
    await vi.waitFor(async () => expect(await keptVersions()).toEqual([index.version]));
    await keepIndex(db, { ...index, version: String(Number(index.version) - 1) });
    expect(await keptVersions()).toEqual([index.version]);
    await keepIndex(db, { ...index, version: String(Number(index.version) + 5) });
    expect(await keptVersions()).toEqual([String(Number(index.version) + 5)]);
  });

  it('is read as no index at all when written in another format', () => {
    const bytes = snapshotOf({ ...blankLike(), version: '3' });
    const header = JSON.parse(bytes.subarray(4, 4 + bytes.readUInt32LE(0)).toString());
    const other = Buffer.concat([bytes.subarray(0, 4), Buffer.from(JSON.stringify({ ...header, format: header.format + 1 }).padEnd(bytes.readUInt32LE(0))), bytes.subarray(4 + bytes.readUInt32LE(0))]);
    expect(indexFromSnapshot(bytes)?.version).toBe('3');
    expect(indexFromSnapshot(other)).toBeUndefined();
  });
});

/** The smallest index: no contact. */
function blankLike() {
  return {
    size: 1,
    total: 0,
    alive: new Uint8Array(1),
    country: new Uint32Array(1),
    city: new Uint32Array(1),
    mediaType: new Uint32Array(1),
    language: new Uint32Array(1),
    topicStart: new Uint32Array(2),
    topicCodes: new Uint32Array(0),
    codes: { country: Codes.of([]), city: Codes.of([]), mediaType: Codes.of([]), language: Codes.of([]), topic: Codes.of([]) },
    remembered: new Map(),
  };
}
