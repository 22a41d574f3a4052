import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactPage } from '../../shared/contacts.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { contactFields, insertContacts } from './contacts-fixtures.js';

/**
 * Word lookups are remembered per database as well as per data version: two databases in one process
 * (as in tests and the bench) can stand at the same version with other contacts under the same ids.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  // One write each: both databases at the same version, the word at id 1 in one and at id 2 in the other.
  await insertContacts(first.db, [contactFields({ email: 'q1@first.test', lastName: 'Qabbani' })]);
  await insertContacts(second.db, [
    contactFields({ email: 'other@second.test', lastName: 'Haddad' }),
    contactFields({ email: 'q2@second.test', lastName: 'Qabbani' }),
  ]);
  await first.signInAs('reader', { userType: 'active' });
  await second.signInAs('reader', { userType: 'active' });
});
afterAll(() => Promise.all([first.close(), second.close()]));

const search = async (t: TestApp, query: string): Promise<string[]> => {
  const res = await t.request({ method: 'GET', url: `/api/global-contacts?search=${encodeURIComponent(query)}`, as: 'reader' });
  expect(res.statusCode).toBe(200);
  return (res.json() as ContactPage).items.map((c) => c.email);
};

describe('remembered word lookups', () => {
  it('are never shared between two databases at the same version', async () => {
    expect(await search(first, 'qabbani')).toEqual(['q1@first.test']);
    expect(await search(second, 'qabbani')).toEqual(['q2@second.test']);
    // Whole-word lookups (the variants of a name) too.
    expect(await search(first, 'mohamed')).toEqual([]);
    await insertContacts(second.db, [contactFields({ email: 'm@second.test', firstName: 'Mohammed' })]);
    expect(await search(second, 'mohamed')).toEqual(['m@second.test']);
  });
});
