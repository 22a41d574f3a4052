import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderNameOf } from '../../shared/brands.js';
import { senderOf } from '../delivery/release-renderer.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * A name e-mails show as their sender may not carry an address of its own (issue 35: "Apple Support
 * <support@apple.example> via Nashr"): brands' names and sender names, and the company name its own brand takes.
 */

let t: TestApp;
let counter = 0;
const SENDER_MESSAGE = 'A sender name cannot contain @, angle brackets, quotes, line breaks or direction marks';

const ADDRESS_LIKE = [
  'Apple Support <support@apple.example>',
  'support@apple.example',
  'Apple Support ＜support＠apple.example＞',
  '"Apple Support"',
  'Apple\r\nBcc: victim@example.test',
  'Apple \u202Etroppus',
];

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('owner', { companyName: 'Honest Co', userType: 'active' });
}, 60_000);
afterAll(() => t?.close());

const fieldOf = (res: { statusCode: number; json: () => { errors?: Array<{ path: string; message: string }> } }, path: string) => {
  expect(res.statusCode).toBe(422);
  return res.json().errors?.find((e) => e.path === path)?.message;
};

describe('a sender name', () => {
  it.each(ADDRESS_LIKE)('refuses %j as a brand’s name, Arabic name or sender name, new or changed', async (value) => {
    for (const field of ['name', 'nameAr', 'senderName']) {
      const created = await t.request({
        method: 'POST',
        url: '/api/brands',
        as: 'owner',
        payload: { name: `Brand ${++counter}`, [field]: value },
      });
      expect(fieldOf(created, field), field).toBe(SENDER_MESSAGE);
    }
    const [brand] = (await t.request({ method: 'GET', url: '/api/brands', as: 'owner' })).json().brands;
    const patched = await t.request({ method: 'PATCH', url: `/api/brands/${brand.id}`, as: 'owner', payload: { senderName: value } });
    expect(fieldOf(patched, 'senderName')).toBe(SENDER_MESSAGE);
  });

  it('refuses one as the company name: at registration, in the profile, the workspace settings and a new workspace', async () => {
    const value = ADDRESS_LIKE[0];
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: `new-${++counter}@company.test`, password: 'long enough 123', companyName: value, firstName: 'Sara', lastName: 'Ali' },
    });
    expect(fieldOf(registered, 'companyName')).toBe(SENDER_MESSAGE);
    const me = (await t.request({ method: 'GET', url: '/api/auth/me', as: 'owner' })).json();
    const profile = await t.request({
      method: 'PUT',
      url: '/api/auth/profile',
      as: 'owner',
      payload: { email: me.email, companyName: value, firstName: 'Owner', lastName: 'Tester' },
    });
    expect(fieldOf(profile, 'companyName')).toBe(SENDER_MESSAGE);
    expect(fieldOf(await t.request({ method: 'PATCH', url: '/api/workspace', as: 'owner', payload: { name: value } }), 'name')).toBe(SENDER_MESSAGE);
    expect(fieldOf(await t.request({ method: 'POST', url: '/api/workspaces', as: 'owner', payload: { name: value } }), 'name')).toBe(SENDER_MESSAGE);
  });

  it('takes the names companies have: apostrophes, ampersands, Arabic, guillemets', async () => {
    for (const name of ["Al Noor's Dates & Co", 'شركة «النور» للتمور', 'Café Nour (KSA)']) {
      const res = await t.request({ method: 'POST', url: '/api/brands', as: 'owner', payload: { name, senderName: name } });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('one kept from before is shown without what would pass for an address', () => {
    const name = senderNameOf({ name: 'Old', senderName: 'Apple Support <support@apple.example>\r\n' });
    expect(name).toBe('Apple Support support apple.example');
    expect(senderOf('Nashr <releases@nashr.test>', 'Evil "x" <a@b.test>').name).toBe('Evil x a b.test via Nashr');
  });
});
