import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The legal names and addresses printed on tax invoices may not hold direction controls (issue 35):
 * an embedding, override or isolate, or a mark that reorders the text around it, makes the printed
 * invoice read other than what was typed.
 */

let t: TestApp;
const BIDI_MESSAGE = 'Remove the invisible direction marks: they can reorder the text on an invoice';

beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('owner', { companyName: 'Honest Co', userType: 'active' });
  await t.signInAs('operator', { role: 'super_admin' });
}, 60_000);
afterAll(() => t?.close());

const fieldOf = (res: { statusCode: number; json: () => { errors?: Array<{ path: string; message: string }> } }, path: string) => {
  expect(res.statusCode).toBe(422);
  return res.json().errors?.find((e) => e.path === path)?.message;
};

describe('a name or address printed on a tax invoice', () => {
  const controls = ['\u202E', '\u202B', '\u2067', '\u2069', '\u200F', '\u200E', '\u061C'];

  it.each(controls.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))(
    'refuses %s in the billing profile’s legal name and address, on the field',
    async (_label, control) => {
      for (const field of ['legalName', 'address']) {
        const res = await t.request({
          method: 'PUT',
          url: '/api/billing/profile',
          as: 'owner',
          payload: { legalName: 'Honest Co LLC', address: 'Dubai', country: 'UAE', [field]: `Honest ${control}Co` },
        });
        expect(fieldOf(res, field), field).toBe(BIDI_MESSAGE);
      }
    },
  );

  it('refuses them in the seller’s legal names and addresses, in both languages', async () => {
    const seller = (await t.request({ method: 'GET', url: '/api/admin/seller', as: 'operator' })).json();
    for (const field of ['legalName', 'legalNameAr', 'address', 'addressAr']) {
      const res = await t.request({ method: 'PUT', url: '/api/admin/seller', as: 'operator', payload: { ...seller, [field]: `نشر \u202Bم.م.ح` } });
      expect(fieldOf(res, field), field).toBe(BIDI_MESSAGE);
    }
  });

  it('takes Arabic and mixed text without them', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/billing/profile',
      as: 'owner',
      payload: { legalName: 'شركة النور للتمور ذ.م.م (Al Noor LLC)', address: 'مكتب 12، برج 3، دبي', country: 'UAE' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
