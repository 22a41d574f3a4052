import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ContactFacets, ContactFilterInput, ContactPage, ImportSummary } from '../../shared/contacts.js';
import { globalContacts } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts, multipartBody } from './contacts-fixtures.js';

/**
 * A city narrows to its city where the data says so, and says plainly when it widens to the country
 * (issue 37); a beat word's own matches come before, and without asking instead of, its topics' contacts.
 * No outlet here names a place: a city can only come from the city column.
 */

let t: TestApp;
// Inserted in this order: ids 1..n, newest (highest id) first within a rank.
const FIXTURE = [
  contactFields({ email: 'r1@city.test', firstName: 'Khalid', lastName: 'Otaibi', organization: 'Al Waha Daily', position: 'Reporter', country: 'Saudi Arabia', city: 'Riyadh', contactTopics: 'Sports' }),
  contactFields({ email: 'r2@city.test', firstName: 'Sara', lastName: 'Haddad', organization: 'Sahm Review', position: 'Economy Editor', country: 'Saudi Arabia', city: 'Riyadh', contactTopics: 'Politics' }),
  contactFields({ email: 'r3@city.test', firstName: 'محمد', lastName: 'الزهراني', organization: 'صحيفة الواحة', position: 'محرر', country: 'Saudi Arabia', city: 'الرياض', contactTopics: 'Finance', language: 'Arabic' }),
  contactFields({ email: 'j4@city.test', firstName: 'Omar', lastName: 'Saleh', organization: 'Sahm Review', position: 'Reporter', country: 'Saudi Arabia', city: 'Jeddah', contactTopics: 'Finance' }),
  contactFields({ email: 'd5@city.test', firstName: 'Majid', lastName: 'Saleh', organization: 'Al Waha Daily', position: 'Reporter', country: 'Saudi Arabia', city: 'dammam', contactTopics: 'Business' }),
  contactFields({ email: 'n6@city.test', firstName: 'Noor', lastName: 'Awad', organization: 'Al Waha Daily', position: 'Reporter', country: 'Saudi Arabia', contactTopics: 'Banking' }),
  contactFields({ email: 'n7@city.test', firstName: 'Hala', lastName: 'Farouk', organization: 'Sahm Review', position: 'Economy Correspondent', country: 'Saudi Arabia', contactTopics: 'Technology' }),
  contactFields({ email: 'u8@city.test', firstName: 'Layla', lastName: 'Nasser', organization: 'Pulse', position: 'Reporter', country: 'UAE', city: 'Dubai', contactTopics: 'Finance' }),
  contactFields({ email: 'u9@city.test', firstName: 'Rami', lastName: 'Khalil', organization: 'Pulse', position: 'Reporter', country: 'UAE', city: 'Abu Dhabi', contactTopics: 'Culture' }),
  // A known city without a country is in its country.
  contactFields({ email: 'x10@city.test', firstName: 'Amal', lastName: 'Jaber', organization: 'Orbit', position: 'Producer', city: 'riyad', contactTopics: 'Energy' }),
];
const IN_RIYADH = ['x10@city.test', 'r3@city.test', 'r2@city.test', 'r1@city.test'];
const SAUDI_NO_CITY = ['n7@city.test', 'n6@city.test'];

beforeAll(async () => {
  t = await createTestApp();
  await insertContacts(t.db, FIXTURE);
  await t.signInAs('planner', { userType: 'active' });
  await t.signInAs('admin', { role: 'super_admin' });
});
afterAll(() => t.close());

const query = (filter: ContactFilterInput & { page?: number }) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) for (const v of [value].flat()) params.append(key, String(v));
  return params.toString();
};
const search = async (filter: ContactFilterInput): Promise<ContactPage> => {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts?${query(filter)}`, as: 'planner' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const facets = async (filter: ContactFilterInput): Promise<ContactFacets> => {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts/facets?${query(filter)}`, as: 'planner' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** "Select all N", then Add to list: what the server adds for the filter the screen showed. */
const addByFilter = async (filter: ContactFilterInput): Promise<number> => {
  const list = await t.request({ method: 'POST', url: '/api/user-lists', as: 'planner', payload: { name: `Probe ${Math.random()}` } });
  const res = await t.request({ method: 'POST', url: `/api/user-lists/${list.json().id}/contacts/bulk`, as: 'planner', payload: { filter } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().added;
};
const inOrder = (page: ContactPage) => page.items.map((c) => c.email);
const sum = (values: Array<{ count: number }>) => values.reduce((total, v) => total + v.count, 0);

/** The total, the facets, "Select all" and the export all count the same contacts. */
async function expectCountsAgree(filter: ContactFilterInput) {
  const page = await search(filter);
  expect(sum((await facets(filter)).languages), JSON.stringify(filter)).toBe(page.total);
  expect(await addByFilter(filter), JSON.stringify(filter)).toBe(page.total);
  const exported = await t.request({ method: 'GET', url: `/api/global-contacts/export?${query(filter)}`, as: 'admin' });
  expect(exported.body.trim().split('\r\n').length - 1, JSON.stringify(filter)).toBe(page.total);
}

describe('a city word', () => {
  it.each(['Riyadh', 'الرياض', 'riyad', 'بالرياض'])('%s shows the city first, then its country with no city recorded, and says so', async (word) => {
    const page = await search({ search: word });
    expect(inOrder(page)).toEqual([...IN_RIYADH, ...SAUDI_NO_CITY]);
    expect(page.cityBreadth).toEqual({ cities: ['Riyadh'], countries: ['Saudi Arabia'], inCity: 4, withoutCity: 2 });
    expect(page.items.map((c) => c.city)).toEqual(['Riyadh', 'Riyadh', 'Riyadh', 'Riyadh', '', '']);
    await expectCountsAgree({ search: word });
  });

  it('leaves out the contacts recorded in another city of the country', async () => {
    const page = await search({ search: 'Jeddah' });
    expect(inOrder(page)).toEqual(['j4@city.test', ...SAUDI_NO_CITY]);
    expect(page.cityBreadth).toMatchObject({ inCity: 1, withoutCity: 2 });
    expect(inOrder(await search({ search: 'Jeddah Dammam' }))).toEqual(['d5@city.test', 'j4@city.test', ...SAUDI_NO_CITY]);
  });

  it('narrows under the other filters, and the note counts what the page counts', async () => {
    const page = await search({ search: 'Riyadh', contactTopic: ['Finance', 'Banking'] });
    expect(inOrder(page)).toEqual(['r3@city.test', 'n6@city.test']);
    expect(page.cityBreadth).toMatchObject({ inCity: 1, withoutCity: 1 });
    await expectCountsAgree({ search: 'Riyadh', contactTopic: ['Finance', 'Banking'] });
  });

  it('reads two cities of two countries as either', async () => {
    const page = await search({ search: 'Riyadh Dubai' });
    expect(inOrder(page)).toEqual(['x10@city.test', 'u8@city.test', 'r3@city.test', 'r2@city.test', 'r1@city.test', ...SAUDI_NO_CITY]);
    expect(page.cityBreadth).toEqual({ cities: ['Riyadh', 'Dubai'], countries: ['Saudi Arabia', 'UAE'], inCity: 5, withoutCity: 2 });
  });
});

describe('the City filter', () => {
  it('keeps only the contacts recorded there, in either script, and agrees with every count', async () => {
    expect(inOrder(await search({ city: ['Riyadh'] }))).toEqual(IN_RIYADH);
    expect(inOrder(await search({ city: ['الرياض'] }))).toEqual(IN_RIYADH);
    expect(inOrder(await search({ city: ['Riyadh', 'Dubai'], search: 'reporter' }))).toEqual(['u8@city.test', 'r1@city.test']);
    await expectCountsAgree({ city: ['Riyadh'] });
    await expectCountsAgree({ city: ['Jeddah'], search: 'saleh' });
  });

  it('lists, under a chosen country, only that country\'s cities, each counted under the other filters', async () => {
    const saudi = await facets({ country: ['Saudi Arabia'] });
    expect(saudi.cities).toEqual([
      { value: 'Riyadh', count: 4 },
      { value: 'Dammam', count: 1 },
      { value: 'Jeddah', count: 1 },
    ]);
    // With a city chosen, the city menu still shows what each other city would add.
    expect((await facets({ country: ['Saudi Arabia'], city: ['Jeddah'] })).cities).toEqual(saudi.cities);
    // A city word keeps its city (and the contacts with none recorded): the menu shows that city.
    expect((await facets({ search: 'Dubai' })).cities).toEqual([{ value: 'Dubai', count: 1 }]);
  });
});

describe('a beat word', () => {
  it('shows the contacts that have the word themselves, and offers the ones its topics reach', async () => {
    const page = await search({ search: 'economy' });
    expect(inOrder(page)).toEqual(['n7@city.test', 'r2@city.test']);
    expect(page.relatedBreadth).toEqual({ terms: ['economy'], topics: ['Business', 'Finance', 'Banking'], direct: 2, more: 5, included: false });
    await expectCountsAgree({ search: 'economy' });
  });

  it('with the related ones asked for, ranks a word in the title above a synonym\'s topic', async () => {
    const page = await search({ search: 'economy', related: true });
    expect(inOrder(page)).toEqual(['n7@city.test', 'r2@city.test', 'u8@city.test', 'n6@city.test', 'd5@city.test', 'j4@city.test', 'r3@city.test']);
    expect(page.relatedBreadth).toMatchObject({ direct: 2, more: 5, included: true });
    await expectCountsAgree({ search: 'economy', related: true });
  });

  it('reads its topics at once when nobody under the filters has the word, and says so', async () => {
    const page = await search({ search: 'markets' });
    expect(page.relatedBreadth).toEqual({ terms: ['markets'], topics: ['Business', 'Finance'], direct: 0, more: 4, included: true });
    expect(inOrder(page)).toEqual(['u8@city.test', 'd5@city.test', 'j4@city.test', 'r3@city.test']);
    await expectCountsAgree({ search: 'markets' });
    // Under a filter that leaves no direct match, the topics are read too.
    const inUae = await search({ search: 'economy', country: ['UAE'] });
    expect(inOrder(inUae)).toEqual(['u8@city.test']);
    expect(inUae.relatedBreadth).toMatchObject({ direct: 0, more: 1, included: true });
  });

  it('meets a city word: the word itself within the city first', async () => {
    const page = await search({ search: 'Riyadh economy' });
    expect(inOrder(page)).toEqual(['r2@city.test', 'n7@city.test']);
    expect(page.cityBreadth).toMatchObject({ inCity: 1, withoutCity: 1 });
    expect(inOrder(await search({ search: 'الرياض الاقتصاد' }))).toEqual(['r3@city.test', 'n6@city.test']);
    await expectCountsAgree({ search: 'Riyadh economy', related: true });
  });

  it('refuses a related flag that is not yes or no', async () => {
    const res = await t.request({ method: 'GET', url: '/api/global-contacts?search=economy&related=maybe', as: 'planner' });
    expect(res.statusCode).toBe(422);
  });
});

describe('the City column of the contact form and the CSV file', () => {
  const upload = async (content: string) => {
    const { payload, headers } = multipartBody(content);
    const res = await t.request({ method: 'POST', url: '/api/global-contacts/import', payload, headers, as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().summary as ImportSummary;
  };
  const stored = async (email: string) => (await t.db.select().from(globalContacts).where(eq(globalContacts.email, email)))[0];

  it('imports City in any script, blank or unknown, and refuses a row whose city is too long', async () => {
    const summary = await upload(
      'Email,Name,Country,City\r\n' +
        'c1@csv.test,Adel Karam,Saudi Arabia,جدة\r\n' +
        'c2@csv.test,Hind Bakr,,Abu Dhabi\r\n' +
        'c3@csv.test,Ziad Taha,Kuwait,\r\n' +
        'c4@csv.test,Iman Zaki,Saudi Arabia,Al Khobar\r\n' +
        `c5@csv.test,Long City,Egypt,${'x'.repeat(101)}\r\n`,
    );
    expect(summary).toEqual({ added: 4, errorCount: 1, errors: [{ row: 6, email: 'c5@csv.test', message: 'City must be at most 100 characters' }] });
    expect(await stored('c1@csv.test')).toMatchObject({ city: 'Jeddah', country: 'Saudi Arabia' });
    expect(await stored('c2@csv.test')).toMatchObject({ city: 'Abu Dhabi', country: 'UAE' });
    expect(await stored('c3@csv.test')).toMatchObject({ city: '', country: 'Kuwait' });
    expect(await stored('c4@csv.test')).toMatchObject({ city: 'Al Khobar' });
    expect(await stored('c5@csv.test')).toBeUndefined();
    // An unknown city is searched as a word of the contact.
    expect(inOrder(await search({ search: 'khobar' }))).toEqual(['c4@csv.test']);
  });

  it('exports City and imports it back unchanged; the template has it', async () => {
    const template = await t.request({ method: 'GET', url: '/api/global-contacts/template', as: 'admin' });
    expect(template.body.split('\r\n')[0]).toContain('"City"');
    const exported = await t.request({ method: 'GET', url: '/api/global-contacts/export?city=Jeddah', as: 'admin' });
    const [header, ...rows] = exported.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const cityColumn = header.split(',').indexOf('"City"');
    expect(cityColumn).toBeGreaterThan(-1);
    expect(rows.map((row) => row.split(',')[cityColumn])).toEqual(['"Jeddah"', '"Jeddah"']);
    await t.request({ method: 'DELETE', url: `/api/global-contacts/${(await stored('c1@csv.test')).id}`, as: 'admin' });
    expect(await upload(exported.body)).toMatchObject({ added: 1, errorCount: 1 });
    expect(await stored('c1@csv.test')).toMatchObject({ city: 'Jeddah' });
  });

  it('saves a city from the form, canonical, and answers a field error for one too long', async () => {
    const created = await t.request({ method: 'POST', url: '/api/global-contacts', as: 'admin', payload: { email: 'f1@form.test', city: 'دبي' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ city: 'Dubai', country: 'UAE' });
    const tooLong = await t.request({ method: 'PUT', url: `/api/global-contacts/${created.json().id}`, as: 'admin', payload: { email: 'f1@form.test', city: 'y'.repeat(101) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual([expect.objectContaining({ path: 'city', message: 'Must be at most 100 characters' })]);
    const moved = await t.request({ method: 'PUT', url: `/api/global-contacts/${created.json().id}`, as: 'admin', payload: { email: 'f1@form.test', country: 'UAE', city: 'Sharjah' } });
    expect(moved.json()).toMatchObject({ city: 'Sharjah' });
    expect(inOrder(await search({ search: 'Sharjah' }))[0]).toBe('f1@form.test');
  });
});
