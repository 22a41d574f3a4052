import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Contact, ContactFacets, ContactPage } from '../../shared/contacts.js';
import { auditLog, globalContacts } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';

let t: TestApp;
const ids: Record<string, number> = {};

const SEED = [
  contactFields({
    email: 'ahmed.mansour@gulfnews.test',
    firstName: 'أحمد',
    lastName: 'المنصور',
    phone: '+971 50 123 4567',
    organization: 'Gulf Daily',
    position: 'Business Editor',
    country: 'UAE',
    mediaType: 'Newspaper',
    language: 'Arabic',
    contactTopics: 'Business, Finance',
  }),
  contactFields({
    email: 'sara.khalid@riyadhtech.test',
    firstName: 'Sara',
    lastName: 'Khalid',
    phone: '+966 55 765 4321',
    organization: 'Riyadh Tech Review',
    position: 'Technology Reporter',
    country: 'Saudi Arabia',
    mediaType: 'Online',
    contactTopics: 'Technology, Startups',
    outletTopics: 'Innovation',
  }),
  contactFields({
    email: 'omar.farouk@nile.test',
    firstName: 'Omar',
    lastName: 'Farouk',
    organization: 'Nile Business TV',
    position: 'Anchor',
    country: 'Egypt',
    mediaType: 'TV',
    language: 'Arabic',
    contactTopics: 'Business, Energy',
  }),
  contactFields({
    email: 'fatima.zahra@example.com',
    firstName: 'فاطمة',
    lastName: 'الزهراء',
    organization: 'Style Arabia',
    country: 'UAE',
    mediaType: 'Online',
    contactTopics: 'Fashion',
  }),
  contactFields({ email: 'mustafa@example.org', firstName: 'مُصْطَفَى', lastName: 'حسن', country: 'Jordan', mediaType: 'Radio' }),
];
const PAGED = Array.from({ length: 45 }, (_, i) =>
  contactFields({ email: `radio${String(i).padStart(2, '0')}@qatar-fm.test`, firstName: 'Radio', lastName: `Host ${i}`, country: 'Qatar', mediaType: 'Radio' }),
);
const ALL = SEED.length + PAGED.length;
const realEmails = [...SEED, ...PAGED].map((c) => c.email);

async function search(query: string, as = 'paid'): Promise<ContactPage> {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const emailsOf = (page: ContactPage) => page.items.map((c) => c.email).sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('admin', { role: 'super_admin' });
  await t.signInAs('paid', { userType: 'active' });
  await t.signInAs('trial');
  await insertContacts(t.db, [...SEED, ...PAGED]);
  for (const row of await t.db.select({ id: globalContacts.id, email: globalContacts.email }).from(globalContacts)) ids[row.email] = row.id;
});
afterAll(() => t.close());

describe('reading the media database', () => {
  it('needs a signed-in user', async () => {
    for (const url of ['/api/global-contacts', '/api/global-contacts/facets', `/api/global-contacts/${ids['mustafa@example.org']}`]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('masks every email and phone for a trial user: the raw body holds no real address', async () => {
    const res = await t.request({ method: 'GET', url: '/api/global-contacts?pageSize=100', as: 'trial' });
    expect(res.statusCode).toBe(200);
    for (const email of realEmails) expect(res.body).not.toContain(email);
    expect(res.body).not.toContain('123 4567');
    expect(res.body).not.toContain('gulfnews');
    const page: ContactPage = res.json();
    expect(page.items).toHaveLength(ALL);
    const ahmed = page.items.find((c) => c.id === ids['ahmed.mansour@gulfnews.test'])!;
    expect(ahmed).toMatchObject({ email: 'a•••••@•••••.test', phone: '+971 •• ••• ••••', masked: true, firstName: 'أحمد' });
  });

  it('masks the detail of one contact too', async () => {
    const res = await t.request({ method: 'GET', url: `/api/global-contacts/${ids['sara.khalid@riyadhtech.test']}`, as: 'trial' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('sara.khalid@riyadhtech.test');
    expect(res.body).not.toContain('765 4321');
    expect(res.json()).toMatchObject({ organization: 'Riyadh Tech Review', masked: true });
  });

  it('shows real emails to a paying user and to a super admin', async () => {
    for (const as of ['paid', 'admin']) {
      const res = await t.request({ method: 'GET', url: `/api/global-contacts/${ids['sara.khalid@riyadhtech.test']}`, as });
      expect(res.json()).toMatchObject({ email: 'sara.khalid@riyadhtech.test', phone: '+966 55 765 4321', masked: false });
    }
  });

  it('answers 404 for an unknown or malformed contact id', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5']) {
      const res = await t.request({ method: 'GET', url: `/api/global-contacts/${id}`, as: 'paid' });
      expect(res.statusCode).toBe(404);
      // A malformed id is any missing resource; a well-formed unknown one names what is missing.
      expect(res.json().code).toBe(id === '999999' ? 'CONTACT_NOT_FOUND' : 'NOT_FOUND');
    }
  });
});

describe('search', () => {
  it('finds the same contact whichever alef the query uses', async () => {
    for (const query of ['أحمد', 'احمد', 'إحمد', 'آحمد', 'أَحْمَد', 'احـــمد']) {
      const page = await search(`search=${encodeURIComponent(query)}`);
      expect(emailsOf(page), query).toEqual(['ahmed.mansour@gulfnews.test']);
    }
  });

  it('treats ة/ه and ى/ي alike and ignores stored diacritics', async () => {
    expect(emailsOf(await search(`search=${encodeURIComponent('فاطمه')}`))).toEqual(['fatima.zahra@example.com']);
    expect(emailsOf(await search(`search=${encodeURIComponent('مصطفي')}`))).toEqual(['mustafa@example.org']);
    expect(emailsOf(await search(`search=${encodeURIComponent('مصطفى حسن')}`))).toEqual(['mustafa@example.org']);
  });

  it('covers name, email, organization, position and both topic fields, case-insensitively', async () => {
    const expectations: Array<[string, string[]]> = [
      ['SARA khalid', ['sara.khalid@riyadhtech.test']],
      ['gulfnews', ['ahmed.mansour@gulfnews.test']],
      ['nile business', ['omar.farouk@nile.test']],
      ['technology reporter', ['sara.khalid@riyadhtech.test']],
      ['innovation', ['sara.khalid@riyadhtech.test']],
      ['energy', ['omar.farouk@nile.test']],
      ['style', ['fatima.zahra@example.com']],
      ['no such person', []],
    ];
    for (const [query, expected] of expectations) {
      expect(emailsOf(await search(`search=${encodeURIComponent(query)}`)), query).toEqual(expected);
    }
  });

  it('treats LIKE wildcards in the query as plain characters', async () => {
    expect((await search(`search=${encodeURIComponent('50%')}`)).total).toBe(0);
    expect((await search('search=sara_')).total).toBe(0);
    // Punctuation alone means nothing to search for: everyone (issue 26).
    expect((await search('search=%25')).total).toBe(ALL);
    expect((await search('search=_')).total).toBe(ALL);
  });

  it('applies each filter, several values of one filter as alternatives', async () => {
    expect((await search('country=UAE')).total).toBe(2);
    expect((await search('country=UAE&country=Egypt')).total).toBe(3);
    expect((await search('mediaType=Radio')).total).toBe(46);
    expect((await search('mediaType=Online&mediaType=TV')).total).toBe(3);
    expect((await search('language=Arabic')).total).toBe(2);
    expect((await search('language=English')).total).toBe(ALL - 2);
    expect((await search('language=')).total).toBe(ALL);
    expect((await search('contactTopic=Business')).total).toBe(2);
    expect((await search('contactTopic=Fashion&contactTopic=Startups')).total).toBe(2);
  });

  it('combines filters and search with AND', async () => {
    expect(emailsOf(await search('country=UAE&contactTopic=Business&language=Arabic'))).toEqual(['ahmed.mansour@gulfnews.test']);
    expect(emailsOf(await search('country=UAE&mediaType=Online'))).toEqual(['fatima.zahra@example.com']);
    expect(emailsOf(await search('country=Egypt&mediaType=Online'))).toEqual([]);
    expect(emailsOf(await search('search=business&country=Egypt'))).toEqual(['omar.farouk@nile.test']);
    const page = await search('search=radio&country=Qatar&mediaType=Radio');
    expect(page.total).toBe(45);
    expect(page.overallTotal).toBe(ALL);
  });

  it('pages through the matches: 20 by default, the last page partial, beyond the end empty', async () => {
    const first = await search('country=Qatar');
    expect(first).toMatchObject({ total: 45, overallTotal: ALL, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    const third = await search('country=Qatar&page=3');
    expect(third.items).toHaveLength(5);
    const beyond = await search('country=Qatar&page=4');
    expect(beyond).toMatchObject({ items: [], total: 45, page: 4 });
    const all = [first, await search('country=Qatar&page=2'), third].flatMap((p) => p.items.map((c) => c.id));
    expect(new Set(all).size).toBe(45);
    expect((await search('pageSize=100')).items).toHaveLength(ALL);
    expect((await search('pageSize=1&page=50')).items).toHaveLength(1);
  });

  it('refuses bad paging and filter values with 422', async () => {
    const bad = ['pageSize=101', 'pageSize=0', 'page=0', 'page=-1', 'page=abc', 'pageSize=2.5', 'page=1&page=2', 'search=a&search=b', 'language=French', `search=${'x'.repeat(201)}`];
    for (const query of bad) {
      const res = await t.request({ method: 'GET', url: `/api/global-contacts?${query}`, as: 'paid' });
      expect(res.statusCode, query).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('ignores NUL characters and unknown parameters instead of failing', async () => {
    expect(emailsOf(await search('search=sa%00ra&country=Saudi%00%20Arabia&unknown=1'))).toEqual(['sara.khalid@riyadhtech.test']);
    const facets = await t.request({ method: 'GET', url: '/api/global-contacts/facets?search=%00&mediaType=%00', as: 'paid' });
    expect(facets.statusCode, facets.body).toBe(200);
  });
});

describe('facets', () => {
  async function facets(query = ''): Promise<ContactFacets> {
    const res = await t.request({ method: 'GET', url: `/api/global-contacts/facets?${query}`, as: 'trial' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const countOf = (values: Array<{ value: string; count: number }>, value: string) => values.find((v) => v.value === value)?.count ?? 0;

  it('counts every value of every filter', async () => {
    const f = await facets();
    expect(countOf(f.countries, 'Qatar')).toBe(45);
    expect(countOf(f.countries, 'UAE')).toBe(2);
    expect(f.countries[0]).toEqual({ value: 'Qatar', count: 45 });
    expect(countOf(f.mediaTypes, 'Radio')).toBe(46);
    expect(countOf(f.languages, 'Arabic')).toBe(2);
    expect(countOf(f.contactTopics, 'Business')).toBe(2);
    expect(countOf(f.contactTopics, 'Fashion')).toBe(1);
  });

  it('counts each filter under the other filters only, so further choices keep their counts', async () => {
    const f = await facets('country=UAE&language=Arabic');
    expect(countOf(f.countries, 'UAE')).toBe(1);
    expect(countOf(f.countries, 'Egypt')).toBe(1);
    expect(countOf(f.languages, 'English')).toBe(1);
    expect(countOf(f.mediaTypes, 'Newspaper')).toBe(1);
    expect(countOf(f.mediaTypes, 'Radio')).toBe(0);
  });

  it('applies the text search to the counts', async () => {
    const f = await facets(`search=${encodeURIComponent('احمد')}`);
    expect(f.countries).toEqual([{ value: 'UAE', count: 1 }]);
    expect(f.contactTopics.map((v) => v.value).sort()).toEqual(['Business', 'Finance']);
  });

  it('follows changes of the database at once (cached counts are never stale)', async () => {
    const before = await facets('country=Bahrain');
    expect(countOf(before.countries, 'Bahrain')).toBe(0);
    expect((await search('country=Bahrain')).total).toBe(0);
    const created = await t.request({
      method: 'POST',
      url: '/api/global-contacts',
      as: 'admin',
      payload: { email: 'new.one@bahrain.test', country: 'Bahrain', firstName: 'Noor' },
    });
    expect(created.statusCode).toBe(201);
    expect(countOf((await facets('country=Bahrain')).countries, 'Bahrain')).toBe(1);
    const after = await search('country=Bahrain');
    expect(after).toMatchObject({ total: 1, overallTotal: ALL + 1 });
    const deleted = await t.request({ method: 'DELETE', url: `/api/global-contacts/${created.json().id}`, as: 'admin' });
    expect(deleted.statusCode).toBe(200);
    expect(await search('country=Bahrain')).toMatchObject({ total: 0, overallTotal: ALL });
  });
});

describe('changing the media database (super admin only)', () => {
  it('refuses every change to users who are not super admins', async () => {
    const id = ids['mustafa@example.org'];
    const calls = [
      { method: 'POST', url: '/api/global-contacts', payload: { email: 'x@example.com' } },
      { method: 'PUT', url: `/api/global-contacts/${id}`, payload: { email: 'x@example.com' } },
      { method: 'DELETE', url: `/api/global-contacts/${id}` },
      { method: 'POST', url: '/api/global-contacts/bulk-delete', payload: { ids: [id] } },
      { method: 'GET', url: '/api/global-contacts/template' },
      { method: 'GET', url: '/api/global-contacts/export' },
    ] as const;
    for (const as of ['trial', 'paid']) {
      for (const call of calls) {
        const res = await t.request({ ...call, as });
        expect(res.statusCode, `${as} ${call.method} ${call.url}`).toBe(403);
      }
    }
    for (const call of calls) expect((await t.request({ ...call })).statusCode).toBe(401);
    expect((await search(`search=mustafa`)).total).toBe(1);
  });

  it('creates a contact, folding its search text and splitting its topics', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/global-contacts',
      as: 'admin',
      payload: { email: ' Layla.Haddad@Example.NET ', firstName: 'ليلى', lastName: 'حداد', country: 'united arab emirates', contactTopics: 'Travel, Food', language: 'arabic' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const contact: Contact = res.json();
    expect(contact).toMatchObject({ email: 'layla.haddad@example.net', country: 'UAE', language: 'Arabic', masked: false });
    expect(emailsOf(await search(`search=${encodeURIComponent('ليلي')}&contactTopic=Food`))).toEqual(['layla.haddad@example.net']);
  });

  it('refuses a duplicate email (any case) with 409 and a bad one with 422', async () => {
    const dup = await t.request({ method: 'POST', url: '/api/global-contacts', as: 'admin', payload: { email: 'SARA.KHALID@riyadhtech.test' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CONTACT_EMAIL_TAKEN');
    for (const payload of [{}, [], { email: '' }, { email: 'not-an-email' }, { email: 42 }, { email: 'a@b.test', firstName: 'x'.repeat(101) }, { email: 'a@b.test', firstName: ['x'] }]) {
      const res = await t.request({ method: 'POST', url: '/api/global-contacts', as: 'admin', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[0].path).toMatch(/email|firstName|^$/);
    }
  });

  it('drops NUL characters from a contact rather than failing on them', async () => {
    const res = await t.request({ method: 'POST', url: '/api/global-contacts', as: 'admin', payload: { email: 'nul@example.com', firstName: 'Na\u0000dia' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().firstName).toBe('Nadia');
  });

  it('updates a contact; its new text is searchable; 404 unknown, 409 taken email', async () => {
    const id = ids['omar.farouk@nile.test'];
    const res = await t.request({
      method: 'PUT',
      url: `/api/global-contacts/${id}`,
      as: 'admin',
      payload: { email: 'omar.farouk@nile.test', firstName: 'Omar', lastName: 'Farouk', organization: 'Cairo Evening Post', country: 'Egypt', mediaType: 'Newspaper' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ organization: 'Cairo Evening Post', mediaType: 'Newspaper', contactTopics: '' });
    expect(emailsOf(await search('search=cairo evening'))).toEqual(['omar.farouk@nile.test']);
    expect((await search('search=nile business')).total).toBe(0);
    expect((await t.request({ method: 'PUT', url: '/api/global-contacts/999999', as: 'admin', payload: { email: 'z@example.com' } })).statusCode).toBe(404);
    const taken = await t.request({ method: 'PUT', url: `/api/global-contacts/${id}`, as: 'admin', payload: { email: 'sara.khalid@riyadhtech.test' } });
    expect(taken.statusCode).toBe(409);
    const bad = await t.request({ method: 'PUT', url: `/api/global-contacts/${id}`, as: 'admin', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes a contact and records who did it; a second delete is 404', async () => {
    const id = ids['mustafa@example.org'];
    const res = await t.request({ method: 'DELETE', url: `/api/global-contacts/${id}`, as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/global-contacts/${id}`, as: 'admin' })).statusCode).toBe(404);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.target, String(id)));
    expect(entry).toMatchObject({ action: 'contact.delete', actorEmail: expect.stringMatching(/^admin-/) });
    expect(entry.details).toMatchObject({ email: 'mustafa@example.org', deleted: 1 });
  });

  it('bulk-deletes in one call and tells the truth about the ids it could not delete', async () => {
    const a = ids['radio00@qatar-fm.test'];
    const b = ids['radio01@qatar-fm.test'];
    const res = await t.request({ method: 'POST', url: '/api/global-contacts/bulk-delete', as: 'admin', payload: { ids: [a, b, b, 987654] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, failed: [{ id: 987654, reason: 'Contact not found' }] });
    expect((await search('country=Qatar')).total).toBe(43);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'contact.bulk_delete')).orderBy(desc(auditLog.id));
    expect(entry.details).toMatchObject({ requested: 3, deleted: 2, failed: 1 });
    for (const payload of [{ ids: [] }, { ids: 'all' }, { ids: [1.5] }, { ids: [0] }, { ids: [2 ** 31] }, { ids: ['1'] }, {}]) {
      expect((await t.request({ method: 'POST', url: '/api/global-contacts/bulk-delete', as: 'admin', payload })).statusCode).toBe(422);
    }
  });
});

describe('template and export', () => {
  it('downloads the import template with the columns of the import', async () => {
    const res = await t.request({ method: 'GET', url: '/api/global-contacts/template', as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const [header] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      '"Name","Outlet Name","Job Title","Contact Topics","Outlet Topics","Category","Media Type","Focus","Email","Country","City","Language"',
    );
  });

  it('exports a filter as CSV with formula cells neutralised', async () => {
    await insertContacts(t.db, [
      contactFields({ email: 'formula@example.com', firstName: '=HYPERLINK("http://evil.test")', lastName: '@SUM(A1)', organization: '-2+3', phone: '+971 4 000 0000', country: 'Oman' }),
    ]);
    const res = await t.request({ method: 'GET', url: '/api/global-contacts/export?country=Oman', as: 'admin' });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")","'@SUM(A1)","formula@example.com","'+971 4 000 0000","'-2+3"`);
    const all = await t.request({ method: 'GET', url: '/api/global-contacts/export', as: 'admin' });
    expect(all.body.trim().split('\r\n')).toHaveLength(1 + (await search('')).overallTotal);
  });
});
