import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactPage } from '../../shared/contacts.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';

/**
 * Search as people in the region type (issue 12), through HTTP on the real app: spellings of a name in
 * both scripts, the article joined or apart, places joined or apart, roles and topics in both languages,
 * slips of one letter, suggestions, and exact matches first.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertContacts(t.db, [
    contactFields({ email: 'a1@mena.test', firstName: 'Mohamed', lastName: 'Saleh', position: 'Reporter', contactTopics: 'Finance' }),
    contactFields({ email: 'a2@mena.test', firstName: 'Muhammad', lastName: 'Karimi', position: 'Correspondent', contactTopics: 'Sports' }),
    contactFields({ email: 'a3@mena.test', firstName: 'محمد', lastName: 'العلي', position: 'صحفي', contactTopics: 'Business' }),
    contactFields({ email: 'a4@mena.test', firstName: 'Omar', lastName: 'Al Mansouri', organization: 'Abu Dhabi Media', position: 'Editor', country: 'UAE' }),
    contactFields({ email: 'a5@mena.test', firstName: 'Layla', lastName: 'Almansouri', organization: 'أبوظبي للإعلام', position: 'Producer', country: 'UAE' }),
    contactFields({ email: 'a6@mena.test', firstName: 'Mohammed', lastName: 'Haddad', organization: 'Gulf Daily', position: 'Photographer', contactTopics: 'Travel' }),
    // A surname that is also an outlet's word; the outlet's people are added later, so newer.
    contactFields({ email: 'k1@mena.test', firstName: 'Omar', lastName: 'Khaleej', organization: 'Gulf News' }),
    contactFields({ email: 'k2@mena.test', firstName: 'عُمر', lastName: 'الخليج', organization: 'أخبار الشرق' }),
    contactFields({ email: 'k3@mena.test', firstName: 'Sara', lastName: 'Nasser', organization: 'Khaleej Times' }),
    contactFields({ email: 'k4@mena.test', firstName: 'سارة', lastName: 'ناصر', organization: 'الخليج تايمز' }),
    contactFields({ email: 'k5@mena.test', firstName: 'Hana', lastName: 'Fares', organization: 'Gulf News', position: 'Khaleej desk' }),
  ]);
  await t.signInAs('searcher', { userType: 'active' });
});
afterAll(() => t.close());

const search = async (query: string): Promise<ContactPage> => {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts?search=${encodeURIComponent(query)}`, as: 'searcher' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const emails = (page: ContactPage) => page.items.map((c) => c.email).sort();

describe('search that understands MENA names and words', () => {
  it('finds every spelling of a name, in Latin letters and in Arabic, and says which it also used', async () => {
    const page = await search('Mohammed');
    expect(emails(page)).toEqual(['a1@mena.test', 'a2@mena.test', 'a3@mena.test', 'a6@mena.test']);
    // Found as typed first.
    expect(page.items[0].email).toBe('a6@mena.test');
    expect(page.matchedAs?.[0].term).toBe('mohammed');
    expect(page.matchedAs?.[0].as).toEqual(expect.arrayContaining(['mohamed', 'muhammad', 'محمد']));
    expect(emails(await search('محمد'))).toEqual(['a1@mena.test', 'a2@mena.test', 'a3@mena.test', 'a6@mena.test']);
  });

  // A place is a country filter since issue 26: both contacts are in the UAE.
  it('treats the article joined, apart or hyphenated alike, and places joined or apart', async () => {
    for (const query of ['Almansouri', 'Al Mansouri', 'Al-Mansouri']) {
      expect(emails(await search(query)), query).toEqual(['a4@mena.test', 'a5@mena.test']);
    }
    expect(emails(await search('abudhabi'))).toEqual(['a4@mena.test', 'a5@mena.test']);
    expect(emails(await search('abu dhabi'))).toEqual(['a4@mena.test', 'a5@mena.test']);
  });

  it('reads roles and topics in both languages', async () => {
    expect(emails(await search('journalist'))).toEqual(['a1@mena.test', 'a2@mena.test', 'a3@mena.test']);
    expect(emails(await search('صحفي'))).toEqual(['a1@mena.test', 'a2@mena.test', 'a3@mena.test']);
    expect(emails(await search('economy'))).toEqual(['a1@mena.test', 'a3@mena.test']);
  });

  it('forgives one slip in a long word and suggests close words when nothing is found', async () => {
    const slipped = await search('photograher');
    expect(emails(slipped)).toEqual(['a6@mena.test']);
    expect(slipped.matchedAs).toEqual([{ term: 'photograher', as: ['photographer'] }]);
    const far = await search('fotographer');
    expect(far.total).toBe(0);
    expect(far.suggestions).toContain('photographer');
    // A short word is not bent into another: 'omer' is not 'omar'.
    expect((await search('omer')).total).toBe(0);
  });

  it('answers a word the same after searches that narrowed it, and sees contacts added since', async () => {
    // Word lookups are remembered per data version: narrowing one search must not shrink the next.
    expect(emails(await search('mohammed saleh'))).toEqual(['a1@mena.test']);
    expect(emails(await search('mohammed haddad'))).toEqual(['a6@mena.test']);
    expect(emails(await search('mohammed'))).toEqual(['a1@mena.test', 'a2@mena.test', 'a3@mena.test', 'a6@mena.test']);
    expect((await search('qabbani')).total).toBe(0);
    await insertContacts(t.db, [contactFields({ email: 'a7@mena.test', firstName: 'Abu Bakr', lastName: 'Qabbani' })]);
    expect(emails(await search('qabbani'))).toEqual(['a7@mena.test']);
    // A unit of two typed words ("abu dhabi") narrows its first word's set: "abu" alone still finds all.
    expect(emails(await search('abu dhabi'))).toEqual(['a4@mena.test', 'a5@mena.test']);
    expect(emails(await search('abu'))).toEqual(['a4@mena.test', 'a7@mena.test']);
  });

  it('ranks a contact named by the word before those who have it in their outlet or position', async () => {
    const khaleej = await search('Khaleej');
    expect(khaleej.items.map((c) => c.email)).toEqual(['k1@mena.test', 'k5@mena.test', 'k3@mena.test']);
    expect(khaleej.total).toBe(3);
    // In Arabic script, folded as the search folds (عُمر الخليج with its vowel mark; the query without).
    expect((await search('الخليج')).items.map((c) => c.email)).toEqual(['k2@mena.test', 'k4@mena.test']);
    // Every word counts: a name with one of them ranks first, newest first among the named.
    expect((await search('gulf khaleej')).items.map((c) => c.email)).toEqual(['k1@mena.test', 'k5@mena.test']);
    expect((await search('sara khaleej')).items.map((c) => c.email)).toEqual(['k3@mena.test']);
  });

  it('answers plain words exactly as before, without matchedAs or suggestions', async () => {
    const page = await search('haddad');
    expect(emails(page)).toEqual(['a6@mena.test']);
    expect(page.matchedAs).toBeUndefined();
    expect(page.suggestions).toBeUndefined();
  });

  it('adds to a list exactly the contacts the search shows, variants included', async () => {
    const list = await t.request({ method: 'POST', url: '/api/user-lists', as: 'searcher', payload: { name: 'Every Mohammed' } });
    expect(list.statusCode).toBe(201);
    const added = await t.request({
      method: 'POST',
      url: `/api/user-lists/${list.json().id}/contacts/bulk`,
      as: 'searcher',
      payload: { filter: { search: 'Mohammed' } },
    });
    expect(added.json()).toEqual({ added: (await search('Mohammed')).total, skipped: 0 });
    expect(added.json().added).toBe(4);
  });
});
