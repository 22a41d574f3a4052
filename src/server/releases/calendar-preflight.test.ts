import type { WorkspaceId } from '../../shared/ids.js';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { globalContacts } from '../db/schema.js';
import { createListWithContacts, releasePayload } from './release-fixtures.js';

/** The pre-send summary's calendar warnings for a send time given by the editor or in the query. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CALENDAR = ['weekend', 'night', 'holiday', 'ramadan_hours'];
type Warning = { code: string; params?: Record<string, string> };
const calendarOf = (body: { warnings: Warning[] }) => body.warnings.filter((w) => CALENDAR.includes(w.code));

async function listIn(workspaceId: WorkspaceId, country: string, size: number) {
  const { listId, emails } = await createListWithContacts(t.db, workspaceId, size);
  await t.db.update(globalContacts).set({ country }).where(inArray(globalContacts.email, emails));
  return listId;
}

describe('calendar warnings in the pre-send summary', () => {
  let uaeList: string;
  let saudiList: string;
  beforeAll(async () => {
    const user = await t.signInAs('calendar-owner', { userType: 'active', monthlyPressReleaseLimit: 10, trusted: true });
    uaeList = await listIn(user.workspaceId, 'UAE', 2);
    saudiList = await listIn(user.workspaceId, 'Saudi Arabia', 3);
  });

  const draftFor = async (lists: string[]) => {
    const res = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'calendar-owner', payload: releasePayload({ action: 'save_draft', recipientLists: lists }) });
    return res.json().pressRelease.id as string;
  };
  const preflightOf = (id: string, query: string) => t.request({ method: 'GET', url: `/api/press-releases/${id}/preflight?${query}`, as: 'calendar-owner' });

  it('warns a Saudi list, not a UAE list, of a Friday at 10:00 Riyadh time', async () => {
    const friday = 'scheduledAt=2026-12-04T10:00&timeZone=Asia/Riyadh';
    const saudi = await preflightOf(await draftFor([saudiList]), friday);
    expect(saudi.statusCode).toBe(200);
    expect(calendarOf(saudi.json())).toEqual([{ code: 'weekend', message: 'It will arrive on the weekend in Saudi Arabia', params: { countries: 'Saudi Arabia' } }]);
    expect(saudi.json().sendAt).toBe('2026-12-04T07:00:00.000Z');
    const uae = await preflightOf(await draftFor([uaeList]), friday);
    expect(calendarOf(uae.json())).toEqual([]);
  });

  it('warns a UAE list, not a Saudi list, of a Sunday given as an instant', async () => {
    const sunday = `scheduledAt=${encodeURIComponent('2026-12-06T07:00:00.000Z')}`;
    expect(calendarOf((await preflightOf(await draftFor([uaeList]), sunday)).json())).toEqual([
      { code: 'weekend', message: 'It will arrive on the weekend in UAE', params: { countries: 'UAE' } },
    ]);
    expect(calendarOf((await preflightOf(await draftFor([saudiList]), sunday)).json())).toEqual([]);
  });

  it('reads the editor’s unsaved schedule in its zone: 09:00 New York is a Gulf afternoon, 14:00 its night', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/press-releases/preflight',
      as: 'calendar-owner',
      payload: { action: 'schedule', scheduledAt: '2026-12-08T09:00', timeZone: 'America/New_York', recipientLists: [uaeList, saudiList] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sendAt).toBe('2026-12-08T14:00:00.000Z');
    // 17:00 in Riyadh, 18:00 in Dubai on a Tuesday: both working hours.
    expect(calendarOf(res.json())).toEqual([]);
    const late = await t.request({
      method: 'POST',
      url: '/api/press-releases/preflight',
      as: 'calendar-owner',
      payload: { action: 'schedule', scheduledAt: '2026-12-08T14:00', timeZone: 'America/New_York', recipientLists: [saudiList, uaeList] },
    });
    expect(calendarOf(late.json())).toEqual([
      { code: 'night', message: 'It will arrive at night in Saudi Arabia, UAE', params: { countries: 'Saudi Arabia, UAE' } },
    ]);
  });

  it('names a holiday in both languages', async () => {
    const res = await preflightOf(await draftFor([uaeList, saudiList]), 'scheduledAt=2026-12-02T10:00&timeZone=Asia/Dubai');
    expect(calendarOf(res.json())).toEqual([
      { code: 'holiday', message: 'It will arrive on a public holiday (National Day) in UAE', params: { countries: 'UAE', holiday: 'National Day', holidayAr: 'عيد الاتحاد' } },
    ]);
  });

  it('refuses an unknown zone and a time that is no date with 422 on the field', async () => {
    const id = await draftFor([saudiList]);
    const zone = await preflightOf(id, 'scheduledAt=2026-12-04T10:00&timeZone=Mars/Olympus');
    expect(zone.statusCode).toBe(422);
    expect(zone.json().errors).toEqual([{ path: 'timeZone', message: 'Unknown time zone' }]);
    const date = await preflightOf(id, 'scheduledAt=2026-02-30T10:00&timeZone=Asia/Riyadh');
    expect(date.statusCode).toBe(422);
    expect(date.json().errors[0].path).toBe('scheduledAt');
    expect((await preflightOf(id, 'scheduledAt=soon')).statusCode).toBe(422);
  });
});
