import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactFacets, ContactPage } from '../../shared/contacts.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';
import { releasePayload } from '../releases/release-fixtures.js';

/**
 * A viewer who may not see addresses must not learn them by searching (issue: hardening): letter by
 * letter, a match or a count on the address would rebuild it. Nothing may match on email or phone for
 * such a viewer; people who may see addresses still find contacts by them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertContacts(t.db, [
    contactFields({
      email: 'zafira.qudsi@hidden-desk.test',
      firstName: 'Layla',
      lastName: 'Haddad',
      phone: '+971 50 777 1234',
      organization: 'Gulf Daily',
      country: 'UAE',
      mediaType: 'Newspaper',
    }),
    contactFields({ email: 'omar@levant.test', firstName: 'Omar', lastName: 'Zafer', country: 'Jordan', mediaType: 'TV' }),
  ]);
  await t.signInAs('masked'); // a trial customer
  await t.signInAs('revealed', { userType: 'active' });
  await t.signInAs('chief', { role: 'super_admin' });
});
afterAll(() => t.close());

const search = async (as: string, query: string): Promise<ContactPage> => {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts?search=${encodeURIComponent(query)}`, as });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const facetTotal = async (as: string, query: string) => {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts/facets?search=${encodeURIComponent(query)}`, as });
  expect(res.statusCode).toBe(200);
  const facets: ContactFacets = res.json();
  return facets.countries.reduce((sum, value) => sum + value.count, 0);
};
const addByFilter = async (as: string, query: string) => {
  const list = await t.request({ method: 'POST', url: '/api/user-lists', as, payload: { name: `Probe ${query}` } });
  const res = await t.request({
    method: 'POST',
    url: `/api/user-lists/${list.json().id}/contacts/bulk`,
    as,
    payload: { filter: { search: query } },
  });
  expect(res.statusCode).toBe(200);
  return res.json().added as number;
};

describe('a viewer who may not see addresses', () => {
  it.each(['zafira', 'qudsi', 'hidden', 'hidden-desk.test', 'zafira.qudsi@hidden-desk.test', '@hid', 'desk', '777', '1234'])(
    'finds nothing, counts nothing and adds nothing for the address fragment %s',
    async (fragment) => {
      expect((await search('masked', fragment)).total).toBe(0);
      expect(await facetTotal('masked', fragment)).toBe(0);
      expect(await addByFilter('masked', fragment)).toBe(0);
    },
  );

  it.each(['zafirra', 'qudsii', 'hiden-desk', 'zafira.qudsy'])(
    'is not led to an address by forgiving a slip or by suggesting words: %s',
    async (slip) => {
      const page = await search('masked', slip);
      expect(page.total).toBe(0);
      expect(page.matchedAs ?? []).toEqual([]);
      expect(page.suggestions ?? []).toEqual([]);
    },
  );

  it('still finds the contact by name and outlet, with the address masked', async () => {
    const page = await search('masked', 'layla gulf');
    expect(page.total).toBe(1);
    expect(page.items[0].email).not.toContain('zafira');
    expect(await facetTotal('masked', 'layla')).toBe(1);
  });

  it('does not match a short fragment of the address either', async () => {
    // "za" is in Omar Zafer's name and in zafira's address: only the name counts.
    const page = await search('masked', 'za');
    expect(page.items.map((c) => c.firstName)).toEqual(['Omar']);
  });
});

describe('a viewer who may not see addresses, and queries read as places and beats (issue 26)', () => {
  it('reads a slipped place the same whatever the hidden addresses say, and never finds a beat in them', async () => {
    await insertContacts(t.db, [
      contactFields({ email: 'desk@riyahd-news.test', firstName: 'Basma', lastName: 'Tamimi', country: 'Saudi Arabia' }),
      contactFields({ email: 'economy.desk@wire.test', firstName: 'Hind', lastName: 'Karam', country: 'UAE' }),
    ]);
    // For the masked viewer "riyahd" finds nothing as typed (the address is not searched): a slip of Riyadh.
    const masked = await search('masked', 'riyahd');
    expect(masked.interpreted).toEqual([{ term: 'riyahd', as: { city: 'Riyadh', country: 'Saudi Arabia' } }]);
    expect(masked.items.map((c) => c.firstName)).toEqual(['Basma']);
    // Whoever may see the address finds it as typed: nothing to forgive.
    const revealed = await search('revealed', 'riyahd');
    expect(revealed.interpreted).toBeUndefined();
    expect(revealed.items.map((c) => c.firstName)).toEqual(['Basma']);
    // A beat ranks and finds through topics and public words only.
    expect((await search('masked', 'economy')).total).toBe(0);
    expect(await facetTotal('masked', 'economy')).toBe(0);
    expect(await addByFilter('masked', 'economy')).toBe(0);
    expect((await search('revealed', 'economy')).items.map((c) => c.firstName)).toEqual(['Hind']);
  });
});

describe('a viewer who may see addresses', () => {
  it.each(['revealed', 'chief'])('%s finds the contact by its address and adds it by filter', async (as) => {
    for (const fragment of ['zafira', 'hidden-desk.test', 'zafira.qudsi@hidden-desk.test']) {
      expect((await search(as, fragment)).total).toBe(1);
      expect(await facetTotal(as, fragment)).toBe(1);
    }
    expect(await addByFilter(as, 'hidden-desk')).toBe(1);
  });

  it('finds a contact by its new address after an edit, and no longer by the old one', async () => {
    const [contact] = (await search('chief', 'omar levant')).items;
    const res = await t.request({
      method: 'PUT',
      url: `/api/global-contacts/${contact.id}`,
      as: 'chief',
      payload: { ...contact, email: 'omar.zafer@petra-wire.test' },
    });
    expect(res.statusCode).toBe(200);
    // Not a place word (Amman would be read as Jordan since issue 26): the address alone finds it.
    expect((await search('chief', 'petra')).total).toBe(1);
    expect((await search('chief', 'levant')).total).toBe(0);
    expect((await search('masked', 'petra')).total).toBe(0);
  });
});

describe('search rate', () => {
  it('answers 429 with Retry-After after 120 searches a minute by one user', async () => {
    await t.signInAs('scraper');
    for (let i = 0; i < 120; i++) {
      const res = await t.request({ method: 'GET', url: `/api/global-contacts?search=q${i}`, as: 'scraper' });
      expect(res.statusCode).toBe(200);
    }
    const limited = await t.request({ method: 'GET', url: '/api/global-contacts?search=x', as: 'scraper' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not slowed down.
    expect((await t.request({ method: 'GET', url: '/api/global-contacts?search=x', as: 'masked' })).statusCode).toBe(200);
  });
});

describe('the recipients of a release', () => {
  it('come in an order that says nothing of their addresses, for a sender who may not see them', async () => {
    // Addresses in one alphabetical order, names in the reverse one: if sending order (and so the table's
    // default order and the ties of its other sorts) followed the addresses, a masked viewer would learn
    // how the hidden addresses compare.
    const desks = [
      { email: 'a-desk@order-probe.test', firstName: 'Zainab', lastName: 'Yousef' },
      { email: 'b-desk@order-probe.test', firstName: 'Yara', lastName: 'Nasser' },
      { email: 'c-desk@order-probe.test', firstName: 'Walid', lastName: 'Saleh' },
      { email: 'd-desk@order-probe.test', firstName: 'Basma', lastName: 'Khoury' },
    ];
    await insertContacts(t.db, desks.map((desk) => contactFields(desk)));
    await t.signInAs('sender', { monthlyPressReleaseLimit: 1, trusted: true }); // a trial customer: addresses masked
    const found = await search('sender', 'order-probe');
    expect(found.total).toBe(0);
    const ids = (await search('chief', 'order-probe')).items.map((c) => c.id);
    const list = await t.request({ method: 'POST', url: '/api/user-lists', as: 'sender', payload: { name: 'Desks' } });
    const added = await t.request({
      method: 'POST',
      url: `/api/user-lists/${list.json().id}/contacts/bulk`,
      as: 'sender',
      payload: { globalContactIds: ids },
    });
    expect(added.json().added).toBe(4);
    const sent = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      as: 'sender',
      payload: releasePayload({ recipientLists: [list.json().id] }),
    });
    expect(sent.statusCode).toBe(200);
    const releaseId = sent.json().pressRelease.id;
    const table = await t.request({ method: 'GET', url: `/api/press-releases/${releaseId}/recipients`, as: 'sender' });
    expect(table.statusCode).toBe(200);
    const rows: Array<{ name: string; email: string }> = table.json().items;
    expect(rows.map((r) => r.name)).toEqual(['Basma Khoury', 'Walid Saleh', 'Yara Nasser', 'Zainab Yousef']);
    expect(rows.every((r) => !r.email.includes('desk'))).toBe(true);
  });
});
