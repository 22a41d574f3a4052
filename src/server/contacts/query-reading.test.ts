import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactFacets, ContactPage } from '../../shared/contacts.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';
import { TOPIC_BEATS } from '../../shared/search-beats.js';
import { PLACES } from '../../shared/search-places.js';
import { readQuery } from './query-reading.js';

/**
 * A query read the way a PR person types it (issue 26), through HTTP on the real app: places become a
 * visible country filter, beats rank their topic's contacts first, Arabic clitics and the feminine ending
 * agree, long words with one slip still find their place or beat, and odd input never fails.
 */

let t: TestApp;
// Inserted in this order into a fresh database: ids 1..11, newest (highest id) first within a rank.
const FIXTURE = [
  contactFields({ email: 's1@q.test', firstName: 'Khalid', lastName: 'Otaibi', organization: 'Riyadh Business Review', position: 'Business Editor', country: 'Saudi Arabia', contactTopics: 'Business' }),
  contactFields({ email: 's2@q.test', firstName: 'Sara', lastName: 'Haddad', organization: 'Jeddah Daily', position: 'Reporter', country: 'Saudi Arabia', contactTopics: 'Sports' }),
  contactFields({ email: 's3@q.test', firstName: 'محمد', lastName: 'الزهراني', organization: 'الاقتصادية الرياض', position: 'محرر', country: 'Saudi Arabia', contactTopics: 'Finance', language: 'Arabic' }),
  contactFields({ email: 'u4@q.test', firstName: 'Layla', lastName: 'Nasser', organization: 'Dubai Tech', position: 'Economy Correspondent', country: 'UAE', contactTopics: 'Technology' }),
  contactFields({ email: 'u5@q.test', firstName: 'Omar', lastName: 'Saleh', organization: 'Abu Dhabi Daily', position: 'Editor', country: 'UAE', contactTopics: 'Banking' }),
  contactFields({ email: 'e6@q.test', firstName: 'Hala', lastName: 'Farouk', organization: 'Cairo Business TV', position: 'Anchor', country: 'Egypt', contactTopics: 'Business' }),
  contactFields({ email: 'e7@q.test', firstName: 'Amr', lastName: 'Masri', organization: 'Nile Wire', position: 'Reporter', country: 'Egypt', contactTopics: 'Politics' }),
  contactFields({ email: 'j8@q.test', firstName: 'Rami', lastName: 'Khalil', organization: 'Amman Now', position: 'Reporter', country: 'Jordan', contactTopics: 'Culture' }),
  contactFields({ email: 'k9@q.test', firstName: 'Noor', lastName: 'Awad', organization: 'Gulf Pulse', position: 'Reporter', country: 'Kuwait', contactTopics: 'Energy' }),
  contactFields({ email: 'o10@q.test', firstName: 'Said', lastName: 'Balushi', organization: 'Muscat Daily', position: 'Reporter', country: 'Oman', contactTopics: 'Health' }),
  contactFields({ email: 's11@q.test', firstName: 'Majid', lastName: 'Saleh', organization: 'Dammam Now', position: 'Reporter', country: 'Saudi Arabia', contactTopics: 'Politics' }),
];
const SAUDI = ['s11@q.test', 's1@q.test', 's2@q.test', 's3@q.test'];

beforeAll(async () => {
  t = await createTestApp();
  await insertContacts(t.db, FIXTURE);
  await t.signInAs('planner', { userType: 'active' });
});
afterAll(() => t.close());

const url = (search: string, extra = '') => `/api/global-contacts?search=${encodeURIComponent(search)}${extra}`;
const search = async (query: string, extra = ''): Promise<ContactPage> => {
  const res = await t.request({ method: 'GET', url: url(query, extra), as: 'planner' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const emails = (page: ContactPage) => page.items.map((c) => c.email).sort();
const inOrder = (page: ContactPage) => page.items.map((c) => c.email);

describe('places become a country filter', () => {
  it.each(['Saudi', 'saudi arabia', 'KSA', 'Kingdom of Saudi Arabia', 'Saudis', 'السعودية', 'سعودية', 'سعودي', 'بالسعودية', 'المملكة العربية السعودية'])(
    '%s finds the Saudi contacts and says so',
    async (query) => {
      const page = await search(query);
      expect(emails(page)).toEqual(SAUDI);
      expect(page.interpreted).toEqual([{ term: expect.any(String), as: { country: 'Saudi Arabia' } }]);
    },
  );

  it.each([
    ['UAE', ['u4@q.test', 'u5@q.test']],
    ['Emirati', ['u4@q.test', 'u5@q.test']],
    ['الإمارات', ['u4@q.test', 'u5@q.test']],
    ['Egypt', ['e6@q.test', 'e7@q.test']],
    ['Egyptian', ['e6@q.test', 'e7@q.test']],
    ['مصر', ['e6@q.test', 'e7@q.test']],
    ['بمصر', ['e6@q.test', 'e7@q.test']],
    ['Kuwait', ['k9@q.test']],
    ['الكويت', ['k9@q.test']],
    ['Omani', ['o10@q.test']],
  ])('%s finds its country', async (query, expected) => {
    expect(emails(await search(query))).toEqual(expected);
  });

  it('reads a city as its country, naming contacts first, in both scripts', async () => {
    for (const query of ['Riyadh', 'الرياض', 'riyad']) {
      const page = await search(query);
      expect(emails(page), query).toEqual(SAUDI);
      // s3 and s1 name Riyadh in their outlet: first, newest first; then the rest of Saudi Arabia.
      expect(inOrder(page).slice(0, 2), query).toEqual(['s3@q.test', 's1@q.test']);
      expect(page.interpreted).toEqual([{ term: expect.any(String), as: { city: 'Riyadh', country: 'Saudi Arabia' } }]);
    }
    expect(emails(await search('Abu Dhabi'))).toEqual(['u4@q.test', 'u5@q.test']);
    expect(emails(await search('دبي'))).toEqual(['u4@q.test', 'u5@q.test']);
  });

  it('reads عمان as Oman and as Amman, written without its shadda', async () => {
    const page = await search('عمان');
    expect(emails(page)).toEqual(['j8@q.test', 'o10@q.test']);
    expect(page.interpreted?.map((i) => i.as)).toEqual([{ city: 'Amman', country: 'Jordan' }, { country: 'Oman' }]);
  });

  it('narrows within countries already picked, never widens', async () => {
    expect((await search('Saudi', '&country=UAE')).total).toBe(0);
    expect(emails(await search('Dubai', '&country=UAE&country=Egypt'))).toEqual(['u4@q.test', 'u5@q.test']);
    expect(emails(await search('Saudi economy', '&country=UAE&country=Saudi%20Arabia'))).toEqual(['s1@q.test', 's3@q.test']);
  });

  it('counts facets under the place as under a picked country', async () => {
    const res = await t.request({ method: 'GET', url: `/api/global-contacts/facets?search=Saudi`, as: 'planner' });
    const facets: ContactFacets = res.json();
    expect(facets.contactTopics.reduce((sum, v) => sum + v.count, 0)).toBe(4);
    // The country menu is counted under the other filters: every country, as when Saudi Arabia is picked.
    const picked: ContactFacets = (await t.request({ method: 'GET', url: '/api/global-contacts/facets?country=Saudi%20Arabia', as: 'planner' })).json();
    expect(facets).toEqual(picked);
  });
});

describe('beats are topics', () => {
  it('shows the contacts with the beat word itself, and offers those its topics reach', async () => {
    const page = await search('economy');
    // Only the correspondent whose position says Economy has the word (issue 37).
    expect(inOrder(page)).toEqual(['u4@q.test']);
    expect(page.relatedBreadth).toEqual({ terms: ['economy'], topics: ['Business', 'Finance', 'Banking'], direct: 1, more: 4, included: false });
    expect(page.interpreted?.map((i) => i.as)).toEqual([{ topic: 'Business' }, { topic: 'Finance' }, { topic: 'Banking' }]);
    // Asked for, the tagged ones follow it, newest first: a word in a title ranks above a synonym's topic.
    const related = await search('economy', '&related=1');
    expect(inOrder(related)).toEqual(['u4@q.test', 'e6@q.test', 'u5@q.test', 's3@q.test', 's1@q.test']);
  });

  it('reads a place with a beat, in English and in Arabic', async () => {
    // Nobody in Saudi Arabia has "economy" in their details: its topics are read at once.
    for (const query of ['Saudi economy', 'economy in Saudi']) {
      expect(emails(await search(query)), query).toEqual(['s1@q.test', 's3@q.test']);
    }
    // الاقتصادية الرياض has the Arabic word in its outlet's name: that contact is shown, Khalid offered.
    for (const query of ['الاقتصاد السعودية', 'اقتصاد سعودي', 'الاقتصاد في السعودية']) {
      const page = await search(query);
      expect(emails(page), query).toEqual(['s3@q.test']);
      expect(page.relatedBreadth, query).toMatchObject({ direct: 1, more: 1, included: false });
      expect(emails(await search(query, '&related=1')), query).toEqual(['s1@q.test', 's3@q.test']);
    }
    const page = await search('Saudi economy');
    expect(page.interpreted?.[0]).toEqual({ term: 'saudi', as: { country: 'Saudi Arabia' } });
  });

  it('agrees on the article, the clitics and the feminine ending of an Arabic beat', async () => {
    const expected = emails(await search('اقتصاد'));
    expect(expected).toEqual(['s3@q.test']);
    for (const query of ['الاقتصاد', 'والاقتصاد', 'بالاقتصاد', 'للاقتصاد']) {
      expect(emails(await search(query)), query).toEqual(expected);
      // With the related ones, the same contacts as the bare word: its own, then its topics'.
      expect(inOrder(await search(query, '&related=1')), query).toEqual(['s3@q.test', 'e6@q.test', 'u5@q.test', 's1@q.test']);
    }
    expect(emails(await search('رياضة'))).toEqual(['s2@q.test']);
    expect(emails(await search('الرياضة'))).toEqual(['s2@q.test']);
  });
});

describe('slips', () => {
  it('reads a slipped beat as the beat and suggests it', async () => {
    const right = await search('economy');
    for (const slip of ['ecnomy', 'econmy']) {
      const page = await search(slip);
      expect(emails(page), slip).toEqual(emails(right));
      expect(page.suggestions).toEqual(['economy']);
    }
  });

  it('reads a slipped place as the place, with the same contacts', async () => {
    const page = await search('Riyahd');
    expect(inOrder(page)).toEqual(inOrder(await search('Riyadh')));
    expect(page.suggestions).toEqual(['riyadh']);
    expect(page.interpreted).toEqual([{ term: 'riyahd', as: { city: 'Riyadh', country: 'Saudi Arabia' } }]);
  });

  it('forgives a slipped name and suggests the name', async () => {
    const page = await search('Otaibii');
    expect(emails(page)).toEqual(['s1@q.test']);
    expect(page.suggestions).toEqual(['otaibi']);
  });

  it('does not bend a word that finds contacts as typed', async () => {
    expect(emails(await search('haddad'))).toEqual(['s2@q.test']);
    expect((await search('haddad')).suggestions).toBeUndefined();
  });
});

describe('odd queries', () => {
  it.each(['the', 'of the', 'في من', '!!! ...', '\u200f\u200e', '-'])('%j finds everyone', async (query) => {
    expect((await search(query)).total).toBe(FIXTURE.length);
  });

  it('reads through direction marks, control characters and mixed scripts', async () => {
    expect(emails(await search('\u200fSaudi\u200e'))).toEqual(SAUDI);
    expect(emails(await search('Saudi\u0007\teconomy'))).toEqual(['s1@q.test', 's3@q.test']);
    expect((await search('Saudiالسعودية economy')).total).toBe(0);
    expect((await search('x'.repeat(200))).total).toBe(0);
    expect((await search('رياض '.repeat(40).slice(0, 200))).total).toBeGreaterThanOrEqual(0);
  });

  it('refuses a query over the documented maximum with 422', async () => {
    const res = await t.request({ method: 'GET', url: url('Saudi '.repeat(84)), as: 'planner' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Search is too long');
  });
});

describe('every entry of the place and beat data', () => {
  const ARABIC = /[\u0600-\u06ff]/;
  const read = (query: string) => readQuery(query, async () => false);

  it('reads each country and city form, in any case and, in Arabic, after و ب ل, as its place and nothing else', async () => {
    for (const { country, names, cities } of PLACES) {
      const forms: Array<{ name: string; city?: string }> = [...names.map((name) => ({ name })), ...cities.flatMap(({ city, names: cityNames }) => cityNames.map((name) => ({ name, city })))];
      for (const { name, city } of forms) {
        for (const query of ARABIC.test(name) ? [name, `ب${name}`, `و${name}`, `ل${name}`] : [name, name.toUpperCase()]) {
          const reading = await read(query);
          expect(reading.units, query).toEqual([]);
          expect(reading.interpreted, query).toContainEqual({ term: expect.any(String), as: city ? { city, country } : { country } });
        }
      }
    }
  });

  it('reads each beat word, in any case and, in Arabic, with its article and clitics, as a text unit of its topic', async () => {
    for (const [topic, beats] of Object.entries(TOPIC_BEATS)) {
      for (const beat of beats) {
        for (const query of ARABIC.test(beat) ? [beat, `ال${beat}`, `وال${beat}`, `بال${beat}`, `لل${beat}`] : [beat, beat.toUpperCase()]) {
          const reading = await read(query);
          expect(reading.countries, query).toEqual([]);
          expect(reading.units.map((unit) => unit.topics), query).toEqual([expect.arrayContaining([topic])]);
        }
      }
    }
  });
});
