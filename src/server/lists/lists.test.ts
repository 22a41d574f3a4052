import type { WorkspaceId } from '../../shared/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import type { ListContactsPage, UserList } from '../../shared/lists.js';
import { globalContacts, listContacts, userLists } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from '../contacts/contacts-fixtures.js';
import { countContactsInLists, recipientsOfLists } from './lists.service.js';

let t: TestApp;
let aliceWorkspaceId: WorkspaceId;
const ids: Record<string, number> = {};

const CONTACTS = [
  ...Array.from({ length: 25 }, (_, i) =>
    contactFields({ email: `uae${String(i).padStart(2, '0')}@dubai.test`, firstName: 'Dubai', lastName: `Writer ${i}`, country: 'UAE', phone: `+971 50 000 00${String(i).padStart(2, '0')}` }),
  ),
  contactFields({ email: 'cairo@egypt.test', firstName: 'أحمد', country: 'Egypt', mediaType: 'TV' }),
  contactFields({ email: 'amman@jordan.test', firstName: 'Amman', country: 'Jordan', mediaType: 'TV' }),
];

beforeAll(async () => {
  t = await createTestApp();
  aliceWorkspaceId = (await t.signInAs('alice')).workspaceId;
  await t.signInAs('bob', { userType: 'active' });
  await t.signInAs('admin', { role: 'super_admin' });
  await insertContacts(t.db, CONTACTS);
  for (const row of await t.db.select({ id: globalContacts.id, email: globalContacts.email }).from(globalContacts)) ids[row.email] = row.id;
});
afterAll(() => t.close());

async function createList(as: string, name: string, description?: string): Promise<UserList> {
  const res = await t.request({ method: 'POST', url: '/api/user-lists', as, payload: { name, description } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const bulk = (as: string, listId: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/user-lists/${listId}/contacts/bulk`, as, payload });
async function contactsOf(as: string, listId: string, query = ''): Promise<ListContactsPage> {
  const res = await t.request({ method: 'GET', url: `/api/user-lists/${listId}/contacts?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('lists', () => {
  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/user-lists' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/user-lists', payload: { name: 'x' } })).statusCode).toBe(401);
  });

  it('creates, lists, renames and deletes the caller\'s own lists', async () => {
    const list = await createList('alice', '  Gulf tech press ', 'For launches');
    expect(list).toMatchObject({ name: 'Gulf tech press', description: 'For launches', contactCount: 0 });
    expect(new Date(list.createdAt).getTime()).toBeGreaterThan(0);
    const second = await createList('alice', 'Second');
    const all: UserList[] = (await t.request({ method: 'GET', url: '/api/user-lists', as: 'alice' })).json();
    expect(all.map((l) => l.name)).toEqual(['Second', 'Gulf tech press']);
    const renamed = await t.request({ method: 'PATCH', url: `/api/user-lists/${list.id}`, as: 'alice', payload: { name: 'Gulf press' } });
    expect(renamed.json()).toMatchObject({ id: list.id, name: 'Gulf press', description: 'For launches' });
    const described = await t.request({ method: 'PATCH', url: `/api/user-lists/${list.id}`, as: 'alice', payload: { description: '' } });
    expect(described.json()).toMatchObject({ name: 'Gulf press', description: '' });
    expect((await t.request({ method: 'DELETE', url: `/api/user-lists/${second.id}`, as: 'alice' })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/user-lists/${second.id}`, as: 'alice' })).statusCode).toBe(404);
  });

  it('validates names with the shared messages', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: '\u0000' }, { name: 'x'.repeat(201) }, { name: 'ok', description: 5 }, { name: ['a'] }]) {
      const res = await t.request({ method: 'POST', url: '/api/user-lists', as: 'alice', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const nul = await t.request({ method: 'POST', url: '/api/user-lists', as: 'alice', payload: { name: 'Gulf\u0000 desk', description: '\u0000' } });
    expect(nul.json()).toMatchObject({ name: 'Gulf desk', description: '' });
    const empty = await t.request({ method: 'POST', url: '/api/user-lists', as: 'alice', payload: { name: ' ' } });
    expect(empty.json().errors).toEqual([{ path: 'name', message: 'List name is required' }]);
    const list = await createList('alice', 'Patch me');
    expect((await t.request({ method: 'PATCH', url: `/api/user-lists/${list.id}`, as: 'alice', payload: { name: '' } })).statusCode).toBe(422);
    expect((await t.request({ method: 'PATCH', url: `/api/user-lists/${list.id}`, as: 'alice', payload: {} })).statusCode).toBe(422);
  });

  it('hides another user\'s list behind a 404 everywhere, even from a super admin', async () => {
    const list = await createList('alice', 'Private');
    await bulk('alice', list.id, { globalContactIds: [ids['cairo@egypt.test']] });
    for (const as of ['bob', 'admin']) {
      const calls = [
        { method: 'PATCH', url: `/api/user-lists/${list.id}`, payload: { name: 'Mine now' } },
        { method: 'DELETE', url: `/api/user-lists/${list.id}` },
        { method: 'GET', url: `/api/user-lists/${list.id}/contacts` },
        { method: 'POST', url: `/api/user-lists/${list.id}/contacts/bulk`, payload: { globalContactIds: [ids['amman@jordan.test']] } },
        { method: 'DELETE', url: `/api/user-lists/${list.id}/contacts/${ids['cairo@egypt.test']}` },
      ] as const;
      for (const call of calls) {
        const res = await t.request({ ...call, as });
        expect(res.statusCode, `${as} ${call.method} ${call.url}`).toBe(404);
      }
      const theirs: UserList[] = (await t.request({ method: 'GET', url: '/api/user-lists', as })).json();
      expect(theirs.map((l) => l.id)).not.toContain(list.id);
    }
    expect((await contactsOf('alice', list.id)).items.map((i) => i.contact.id)).toEqual([ids['cairo@egypt.test']]);
    for (const bad of ['not-a-uuid', '123']) {
      expect((await t.request({ method: 'GET', url: `/api/user-lists/${bad}/contacts`, as: 'alice' })).statusCode).toBe(404);
    }
  });

  it('adds by ids, skipping contacts already in the list and ids that match nothing', async () => {
    const list = await createList('alice', 'By ids');
    const first = await bulk('alice', list.id, { globalContactIds: [ids['uae00@dubai.test'], ids['uae01@dubai.test'], ids['uae01@dubai.test']] });
    expect(first.json()).toEqual({ added: 2, skipped: 0 });
    const again = await bulk('alice', list.id, { globalContactIds: [ids['uae01@dubai.test'], ids['uae02@dubai.test'], 999999] });
    expect(again.json()).toEqual({ added: 1, skipped: 2 });
    const lists: UserList[] = (await t.request({ method: 'GET', url: '/api/user-lists', as: 'alice' })).json();
    expect(lists.find((l) => l.id === list.id)?.contactCount).toBe(3);
    const bad = [{}, [], { globalContactIds: [] }, { globalContactIds: ['a'] }, { globalContactIds: [2 ** 31] }, { filter: null }, { filter: { language: 'French' } }, { globalContactIds: Array(10_001).fill(1) }];
    for (const payload of bad) {
      expect((await bulk('alice', list.id, payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
    }
  });

  it('adds every match of a search filter ("select all" across pages) and is idempotent', async () => {
    const list = await createList('alice', 'By filter');
    const res = await bulk('alice', list.id, { filter: { country: ['UAE'] } });
    expect(res.json()).toEqual({ added: 25, skipped: 0 });
    expect((await bulk('alice', list.id, { filter: { country: ['UAE'] } })).json()).toEqual({ added: 0, skipped: 25 });
    expect((await bulk('alice', list.id, { filter: { search: 'احمد', mediaType: ['TV'] } })).json()).toEqual({ added: 1, skipped: 0 });
    expect((await bulk('alice', list.id, { filter: { mediaType: ['TV'] } })).json()).toEqual({ added: 1, skipped: 1 });
    expect((await contactsOf('alice', list.id)).total).toBe(27);
    expect((await bulk('alice', list.id, { filter: { search: '\u0000', country: ['UAE\u0000'] } })).json()).toEqual({ added: 0, skipped: 25 });
  });

  it('pages a list\'s contacts, newest first, masked for a trial user and real for a paying one', async () => {
    const list = await createList('alice', 'Paged');
    await bulk('alice', list.id, { filter: { country: ['UAE'] } });
    const first = await contactsOf('alice', list.id);
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ id: expect.any(Number), addedAt: expect.any(String), contact: { masked: true } });
    const second = await contactsOf('alice', list.id, 'page=2');
    expect(second.items).toHaveLength(5);
    expect(new Set([...first.items, ...second.items].map((i) => i.contact.id)).size).toBe(25);
    expect((await contactsOf('alice', list.id, 'page=3')).items).toEqual([]);
    expect((await contactsOf('alice', list.id, 'pageSize=5')).items).toHaveLength(5);
    const raw = await t.request({ method: 'GET', url: `/api/user-lists/${list.id}/contacts?pageSize=100`, as: 'alice' });
    for (const c of CONTACTS.filter((c) => c.country === 'UAE')) {
      expect(raw.body).not.toContain(c.email);
      expect(raw.body).not.toContain(c.phone.slice(4));
    }
    for (const q of ['page=0', 'pageSize=101', 'page=x']) {
      expect((await t.request({ method: 'GET', url: `/api/user-lists/${list.id}/contacts?${q}`, as: 'alice' })).statusCode).toBe(422);
    }
    const bobs = await createList('bob', 'Bob paid');
    await bulk('bob', bobs.id, { globalContactIds: [ids['uae00@dubai.test']] });
    expect((await contactsOf('bob', bobs.id)).items[0].contact).toMatchObject({ email: 'uae00@dubai.test', masked: false });
  });

  it('removes one contact from a list; 404 when it is not in the list', async () => {
    const list = await createList('alice', 'Removal');
    await bulk('alice', list.id, { globalContactIds: [ids['amman@jordan.test'], ids['cairo@egypt.test']] });
    const url = `/api/user-lists/${list.id}/contacts/${ids['amman@jordan.test']}`;
    expect((await t.request({ method: 'DELETE', url, as: 'alice' })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url, as: 'alice' })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/user-lists/${list.id}/contacts/abc`, as: 'alice' })).statusCode).toBe(404);
    expect((await contactsOf('alice', list.id)).items.map((i) => i.contact.id)).toEqual([ids['cairo@egypt.test']]);
  });

  it('loses a deleted contact from every list; deleting a list keeps its contacts', async () => {
    const list = await createList('alice', 'Cascade');
    await bulk('alice', list.id, { globalContactIds: [ids['uae24@dubai.test'], ids['uae23@dubai.test']] });
    const del = await t.request({ method: 'DELETE', url: `/api/global-contacts/${ids['uae24@dubai.test']}`, as: 'admin' });
    expect(del.statusCode).toBe(200);
    expect((await contactsOf('alice', list.id)).total).toBe(1);
    await t.request({ method: 'DELETE', url: `/api/user-lists/${list.id}`, as: 'alice' });
    expect(await t.db.select().from(listContacts).where(eq(listContacts.listId, list.id))).toEqual([]);
    expect(await t.db.select().from(globalContacts).where(eq(globalContacts.id, ids['uae23@dubai.test']))).toHaveLength(1);
  });

  it('gives other features the unique recipients of a user\'s own lists', async () => {
    const a = await createList('alice', 'Recipients A');
    const b = await createList('alice', 'Recipients B');
    const bobs = await createList('bob', 'Not alice');
    await bulk('alice', a.id, { globalContactIds: [ids['cairo@egypt.test'], ids['amman@jordan.test']] });
    await bulk('alice', b.id, { globalContactIds: [ids['cairo@egypt.test'], ids['uae05@dubai.test']] });
    await bulk('bob', bobs.id, { globalContactIds: [ids['uae06@dubai.test']] });
    const recipients = await recipientsOfLists(t.db, aliceWorkspaceId, [a.id, b.id, bobs.id]);
    expect(recipients.map((r) => r.email).sort()).toEqual(['amman@jordan.test', 'cairo@egypt.test', 'uae05@dubai.test']);
    expect(await countContactsInLists(t.db, aliceWorkspaceId)).toBeGreaterThanOrEqual(3);
  });
});

describe('the cap on list members', () => {
  /** Gives the workspace exactly `target` list members: lists holding every test contact, and one holding the rest. */
  async function fillLists(workspaceId: WorkspaceId, target: number) {
    const contacts = (await t.db.select({ id: globalContacts.id }).from(globalContacts)).map((c) => c.id);
    const full = Math.floor(target / contacts.length);
    const rest = contacts.slice(0, target - full * contacts.length);
    await t.db.execute(sql`
      WITH made AS (
        INSERT INTO user_lists (workspace_id, name) SELECT ${workspaceId}::uuid, 'Filler ' || g FROM generate_series(0, ${full}) g
        RETURNING id, name)
      INSERT INTO list_contacts (list_id, global_contact_id)
      SELECT made.id, c.id FROM made JOIN global_contacts c
        ON made.name <> 'Filler 0' OR c.id = ANY(${sql.param(rest)}::int[])`);
  }
  const members = async (workspaceId: WorkspaceId) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(listContacts)
      .innerJoin(userLists, eq(userLists.id, listContacts.listId))
      .where(eq(userLists.workspaceId, workspaceId));
    return Number(row.n);
  };

  it('refuses an addition that would take all of a user\'s lists past 50,000 members, adding none of it', async () => {
    const user = await t.signInAs('hoarder');
    await fillLists(user.workspaceId, 49_977);
    expect(await members(user.workspaceId)).toBe(49_977);
    const list = await createList('hoarder', 'One more');

    const tooMany = await bulk('hoarder', list.id, { filter: {} });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      code: 'LIST_LIMIT_REACHED',
      message: 'Your lists can hold at most 50,000 contacts in all. Remove some, or add fewer.',
      details: { limit: 50_000, current: 49_977, adding: (await t.db.select().from(globalContacts)).length },
    });
    expect(await members(user.workspaceId)).toBe(49_977);

    const fits = await bulk('hoarder', list.id, { globalContactIds: Object.values(ids).slice(0, 23) });
    expect(fits.json()).toEqual({ added: 23, skipped: 0 });
    expect(await members(user.workspaceId)).toBe(50_000);
    expect((await bulk('hoarder', list.id, { globalContactIds: [ids['cairo@egypt.test']] })).statusCode).toBe(422);
  });

  it('lets only one of two additions that each fit, but not together, through', async () => {
    const user = await t.signInAs('racer');
    await fillLists(user.workspaceId, 49_977);
    const [first, second] = [await createList('racer', 'First'), await createList('racer', 'Second')];
    const some = Object.values(ids).slice(0, 20);
    const answers = await Promise.all([
      bulk('racer', first.id, { globalContactIds: some }),
      bulk('racer', second.id, { globalContactIds: some }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(await members(user.workspaceId)).toBe(49_997);
  });
});
