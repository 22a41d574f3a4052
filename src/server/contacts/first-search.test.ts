import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contactFilterSchema, type ContactFilterInput } from '../../shared/contacts.js';
import type { Database, Db } from '../db/client.js';
import { createTestDatabase } from '../test/test-db.js';
import { generateContacts } from '../demo-data/generate.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';
import { contactsIndex } from './contacts-index.js';
import { startedWithIndexLoading, stillLoading } from './index-start-fixtures.js';
import { contactsVersion } from './contacts-version.js';
import { databaseReads } from './contacts-from-database.js';
import { contactFacets, createContact, searchContacts } from './contacts.service.js';

/**
 * A search made while the contacts index loads (after a start) is answered from the database instead of
 * waiting (docs/decisions/031), and that answer is the index's: the same contacts in the same order, the
 * same totals, menus, readings and breadths, for words in both scripts, places, beats, cities and filters.
 * "A start" is a second handle on the same database whose full load of the index is held back: the index is
 * per handle, as it is per process.
 */
let database: Database;
let db: Db;

const HAND_MADE = [
  contactFields({ email: 'sara@gulf.test', firstName: 'Sara', lastName: 'Khalid', organization: 'Gulf News', position: 'Editor-in-chief', country: 'UAE', city: 'Dubai', mediaType: 'Newspaper', contactTopics: 'Politics, Editorial' }),
  contactFields({ email: 'r2@city.test', firstName: 'Sara', lastName: 'Haddad', organization: 'Sahm Review', position: 'Economy Editor', country: 'Saudi Arabia', city: 'Riyadh', contactTopics: 'Politics' }),
  contactFields({ email: 'r3@city.test', firstName: 'محمد', lastName: 'الزهراني', organization: 'صحيفة الواحة', position: 'محرر اقتصادي', country: 'Saudi Arabia', city: 'الرياض', contactTopics: 'Finance', language: 'Arabic' }),
  contactFields({ email: 'n6@city.test', firstName: 'Noor', lastName: 'Al-Mansouri', organization: 'Al Waha Daily', position: 'Reporter', country: 'Saudi Arabia', contactTopics: 'Banking' }),
  contactFields({ email: 'x10@city.test', firstName: 'Amal', lastName: 'Jaber', organization: 'Orbit', position: 'Producer', city: 'riyad', contactTopics: 'Energy' }),
  // Tagged with a beat whose words no text has; and a word one slip from one of them.
  contactFields({ email: 'av1@sky.test', firstName: 'Huda', lastName: 'Nasser', organization: 'Sky Gulf', position: 'Correspondent', country: 'Oman', city: 'Muscat', contactTopics: 'Aviation' }),
  contactFields({ email: 'av2@sky.test', firstName: 'Tariq', lastName: 'Bakr', organization: 'Aerospaxe Review', position: 'Writer', country: 'Kuwait' }),
  contactFields({ email: 'k1@nile.test', firstName: 'خالد', lastName: 'السيد', organization: 'الأهرام', position: 'مراسل رياضي', country: 'Egypt', city: 'Cairo', mediaType: 'TV', contactTopics: 'Sports', language: 'Arabic' }),
];

/** Queries of every kind the search reads, with and without the menus' filters. */
const QUERIES: ContactFilterInput[] = [
  {},
  { search: 'editor' },
  { search: 'محرر' },
  { search: 'reporter', country: ['UAE'] },
  { search: 'ahmed' },
  { search: 'mohamed' },
  { search: 'محمد' },
  { search: 'al mansouri' },
  { search: 'khaleej' },
  { search: 'saudi' },
  { search: 'السعودية', mediaType: ['Newspaper'] },
  { search: 'ksa', country: ['UAE'] },
  { search: 'economy' },
  { search: 'economy', related: true },
  { search: 'الاقتصاد' },
  { search: 'sports', country: ['Egypt'] },
  { search: 'رياضة مصر' },
  { search: 'riyadh' },
  { search: 'الرياض' },
  { search: 'riyadh', mediaType: ['Newspaper'] },
  { search: 'dubai tech' },
  { search: 'jeddah finance', mediaType: ['TV'] },
  // Nobody meeting both filters has the beat, but someone has it: its word is a beat, not a slip.
  { search: 'aerospace', country: ['Oman'], city: ['Riyadh'] },
  { search: 'ecnomy' },
  { search: 'reportr' },
  { search: 'editor-in-chief' },
  { search: 'al' },
  { search: 'the' },
  { country: ['UAE'] },
  { country: ['Saudi Arabia', 'Egypt'], mediaType: ['Newspaper'] },
  { contactTopic: ['Finance'] },
  { city: ['Riyadh'] },
  { language: 'Arabic' },
  { search: 'editor', city: ['Dubai'], language: 'English' },
];

const parse = (filter: ContactFilterInput) => contactFilterSchema.parse(filter);
const page = (on: Db, filter: ContactFilterInput, n: number, reveal: boolean) =>
  searchContacts(on, parse(filter), { page: n, pageSize: 10 }, reveal);
const facets = (on: Db, filter: ContactFilterInput, reveal: boolean) => contactFacets(on, parse(filter), { revealsEmail: reveal });


beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await insertContacts(db, [...generateContacts(600, 31)]);
  await insertContacts(db, HAND_MADE);
  // This handle's answers are the index's: its index is loaded before any is asked.
  await contactsIndex(db, await contactsVersion(db));
});
afterAll(() => database.close());
afterEach(() => {
  databaseReads.rowsPerAnswer = 50_000;
});

describe('the first search after a start', () => {
  it('is answered from the database while the index loads, not after it', async () => {
    const start = startedWithIndexLoading(db);
    const answer = await page(start.db, { search: 'editor', country: ['UAE'] }, 1, false);
    expect(await stillLoading(start.db)).toBe(true);
    expect(answer.total).toBeGreaterThan(0);
    expect(answer).toEqual(await page(db, { search: 'editor', country: ['UAE'] }, 1, false));
    start.open();
    await contactsIndex(start.db, await contactsVersion(start.db));
    expect(await stillLoading(start.db)).toBe(false);
  });

  it('opens the screen (no query, no filter) from the figures the index kept for this version', async () => {
    const everybody = await facets(db, {}, true); // the index counts them and keeps them for this version
    const start = startedWithIndexLoading(db);
    expect(await facets(start.db, {}, true)).toEqual(everybody);
    expect(await page(start.db, {}, 1, true)).toEqual(await page(db, {}, 1, true));
    expect(await page(start.db, {}, 3, false)).toEqual(await page(db, {}, 3, false));
    expect(await stillLoading(start.db)).toBe(true);
    start.open();
  });

  it('gives the index’s answer for every kind of query: the same contacts, order, totals, menus and readings', async () => {
    const start = startedWithIndexLoading(db);
    for (const query of QUERIES) {
      for (const reveal of [false, true]) {
        // The index's answer first: for everybody it also keeps the figures the database answer reads.
        const fromIndex = { menus: await facets(db, query, reveal), first: await page(db, query, 1, reveal), second: await page(db, query, 2, reveal) };
        const fromDatabase = {
          menus: await facets(start.db, query, reveal),
          first: await page(start.db, query, 1, reveal),
          second: await page(start.db, query, 2, reveal),
        };
        expect(fromDatabase, `${JSON.stringify(query)} (${reveal ? 'addresses shown' : 'addresses hidden'})`).toEqual(fromIndex);
      }
    }
    expect(await stillLoading(start.db)).toBe(true);
    start.open();
  }, 180_000);

  it('waits for the index when the answer would read more rows than the load’s own range, and gives the same answer', async () => {
    databaseReads.rowsPerAnswer = 25;
    for (const query of [{ search: 'editor' }, { search: 'riyadh' }, { search: 'economy', country: ['Saudi Arabia'] }, { country: ['UAE'] }]) {
      const expected = { menus: await facets(db, query, false), first: await page(db, query, 1, false) };
      const start = startedWithIndexLoading(db);
      let opened = false;
      const answer = Promise.all([facets(start.db, query, false), page(start.db, query, 1, false)]).then(([menus, first]) => ({ menus, first, opened }));
      // Long enough for an answer from the database to come back, were it not waiting.
      await page(start.db, { search: 'zzqx' }, 1, false);
      opened = true;
      start.open();
      expect(await answer, JSON.stringify(query)).toEqual({ ...expected, opened: true });
    }
  });

  it('reads every row under a narrow filter when a broad word’s contacts are too many to read by id', async () => {
    const narrow = { country: ['Oman', 'Kuwait'], mediaType: ['Radio', 'TV'] };
    const underNarrow = (await page(db, narrow, 1, false)).total;
    databaseReads.rowsPerAnswer = underNarrow + 2;
    expect((await page(db, { search: 'editor' }, 1, false)).total).toBeGreaterThan(databaseReads.rowsPerAnswer);
    const start = startedWithIndexLoading(db);
    const query = { search: 'editor', ...narrow };
    for (const n of [1, 2]) expect(await page(start.db, query, n, false)).toEqual(await page(db, query, n, false));
    expect(await stillLoading(start.db)).toBe(true);
    start.open();
  });

  it('waits for the index for the screen’s opening when the data changed since its figures were kept', async () => {
    await facets(db, {}, false);
    await createContact(db, contactFields({ email: 'new.since@first.test', firstName: 'New', lastName: 'Since', country: 'Oman' }));
    const start = startedWithIndexLoading(db);
    let opened = false;
    const answer = facets(start.db, {}, false).then((menus) => ({ menus, opened }));
    await page(start.db, { search: 'zzqx' }, 1, false);
    opened = true;
    start.open();
    expect(await answer).toEqual({ menus: await facets(db, {}, false), opened: true });
  });
});
