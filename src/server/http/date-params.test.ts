import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Years the database cannot hold, or no one means, are a 422 that names the field (issue 35): before, a
 * brand report to 0000-01-01 or 9999-12-31, the audit log's, and an embargo in year 275760 answered 500.
 * Every route that takes a date reads it through the one schema of src/shared/dates.ts.
 */

let t: TestApp;
let brandId: string;
let listId: string;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  await t.signInAs('root', { role: 'super_admin' });
  const owner = await t.signInAs('owner', { userType: 'active', monthlyPressReleaseLimit: 5, trusted: true });
  brandId = owner.workspaceId;
  listId = (await createListWithContacts(t.db, owner.workspaceId, 1)).listId;
});
afterAll(() => t.close());

const get = (as: string, url: string) => t.request({ method: 'GET', url, as });
const OUT_OF_RANGE = ['0000-01-01', '1969-12-31', '9999-12-31', '2101-01-01'];

describe('a day out of range in a query', () => {
  it('is a 422 naming the field on the brand report, as JSON and CSV', async () => {
    for (const day of OUT_OF_RANGE)
      for (const [field, url] of [
        ['to', `/api/brands/${brandId}/report?to=${day}`],
        ['from', `/api/brands/${brandId}/report?from=${day}&to=2026-01-01`],
        ['to', `/api/brands/${brandId}/report.csv?to=${day}`],
      ]) {
        const res = await get('owner', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
        expect(res.json().errors).toEqual([expect.objectContaining({ path: field, message: expect.stringContaining('2000-01-01') })]);
      }
    expect((await get('owner', `/api/brands/${brandId}/report?from=2026-01-01&to=2026-01-31`)).statusCode).toBe(200);
  });

  it('is a 422 naming the field on the audit log, as JSON and CSV', async () => {
    for (const day of OUT_OF_RANGE)
      for (const url of [`/api/admin/audit?to=${day}`, `/api/admin/audit?from=${day}`, `/api/admin/audit.csv?to=${day}`]) {
        const res = await get('root', url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
        expect(res.json().errors[0].message).toContain('2000-01-01');
      }
    expect((await get('root', '/api/admin/audit?from=2000-01-01&to=2100-12-31')).statusCode).toBe(200);
  });
});

describe('an instant out of range in a release', () => {
  const save = (fields: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/send-press-release', as: 'owner', payload: releasePayload({ recipientLists: [listId], ...fields }) });

  it('refuses an embargo in year 275760 or before 2000 with 422, saving nothing', async () => {
    for (const until of ['+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:00Z', '1999-12-31T23:00:00Z']) {
      const res = await save({ action: 'save_draft', embargo: { until, timeZone: 'Asia/Dubai' } });
      expect(res.statusCode, `${until}: ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'embargo.until', message: expect.stringContaining('2100') })]);
    }
    const list = await get('owner', '/api/press-releases');
    expect(list.json().total).toBe(0);
  });

  it('refuses a schedule in year 275760 with 422, and takes one within the range', async () => {
    const far = await save({ action: 'schedule', scheduledAt: '+275760-09-13T00:00:00.000Z', timeZone: 'Asia/Dubai' });
    expect(far.statusCode, far.body).toBe(422);
    expect(far.json().errors).toEqual([expect.objectContaining({ path: 'scheduledAt' })]);
    const preflight = await get('owner', `/api/press-releases/${crypto.randomUUID()}/preflight?scheduledAt=${encodeURIComponent('+275760-09-13T00:00:00.000Z')}`);
    expect(preflight.statusCode, preflight.body).toBe(422);
    const soon = await save({ action: 'save_draft', embargo: { until: '2099-06-01T09:00:00Z', timeZone: 'Asia/Dubai' } });
    expect(soon.statusCode, soon.body).toBe(200);
  });
});
