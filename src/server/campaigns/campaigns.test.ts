import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignPage, ContactsPage, RecentActivity } from '../../shared/campaigns.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { deliveries, trackingEvents } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { finishIfDone } from '../releases/lifecycle.js';

/**
 * The prototype's two remaining calls (issue 14): GET /api/campaigns (one per send, paged, the owner's
 * own, a super admin's all) with its recipients paged apart and masked, GET /api/contacts (the distinct
 * contacts of the user's lists), and the dashboard's recent activity.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function deliverAll() {
  const transport = smtpDeliveryTransport(t.smtp.url, 2);
  await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <releases@nashr.test>' }).drain();
  await transport.close();
}

async function send(as: string, workspaceId: WorkspaceId, emails: string[], title: string) {
  const list = await createListWithContacts(t.db, workspaceId, emails.length, emails);
  const res = await t.request({ method: 'POST', url: '/api/send-press-release', as, payload: releasePayload({ recipientLists: [list.listId], title }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pressRelease.id as ReleaseId;
}

const get = async <T>(as: string, url: string) => {
  const res = await t.request({ method: 'GET', url, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('campaigns', () => {
  it("lists one campaign per send, newest first and paged, the owner's own only", async () => {
    // Trusted customers: their sends skip editorial review (review.test.ts covers review).
    const owner = await t.signInAs('camp-owner', { userType: 'active', trusted: true, monthlyPressReleaseLimit: 10 });
    const other = await t.signInAs('camp-other', { userType: 'trial', trusted: true, monthlyPressReleaseLimit: 10 });
    await t.signInAs('camp-admin', { role: 'super_admin' });
    const first = await send('camp-owner', owner.workspaceId, ['c1@camp.test', 'c2@camp.test'], 'First campaign');
    await deliverAll();
    const second = await send('camp-owner', owner.workspaceId, ['c3@camp.test', 'c1@camp.test', 'c4@camp.test'], 'Second campaign');
    const foreign = await send('camp-other', other.workspaceId, ['c5@camp.test'], 'Another company');
    // A draft is no campaign.
    await t.request({ method: 'POST', url: '/api/send-press-release', as: 'camp-owner', payload: releasePayload({ action: 'save_draft', recipientLists: [] }) });

    const page = await get<CampaignPage>('camp-owner', '/api/campaigns');
    expect(page.total).toBe(2);
    expect(page.items.map((c) => c.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({ pressReleaseId: second, status: 'pending', recipients: 3, sentCount: 0, deliveredCount: 0, completedAt: null });
    expect(page.items[1]).toMatchObject({ pressReleaseId: first, status: 'completed', recipients: 2, sentCount: 2, deliveredCount: 2, openedCount: 0 });
    expect(page.items[1].completedAt).not.toBeNull();
    expect(page.items[0]).not.toHaveProperty('contactIds');

    const onePerPage = await get<CampaignPage>('camp-owner', '/api/campaigns?page=2&pageSize=1');
    expect(onePerPage).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(onePerPage.items.map((c) => c.id)).toEqual([first]);

    expect((await get<CampaignPage>('camp-admin', '/api/campaigns')).items.map((c) => c.id)).toEqual(expect.arrayContaining([first, second, foreign]));
    const bad = await t.request({ method: 'GET', url: '/api/campaigns?pageSize=1000', as: 'camp-owner' });
    expect(bad.statusCode).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/campaigns' })).statusCode).toBe(401);
  });

  it('pages the recipients of a campaign, masked for a viewer who may not see addresses, and hides others\u2019 campaigns', async () => {
    const trial = await t.signInAs('camp-trial', { userType: 'trial', trusted: true, monthlyPressReleaseLimit: 10 });
    const id = await send('camp-trial', trial.workspaceId, ['masked.one@camp.test', 'masked.two@camp.test', 'masked.three@camp.test'], 'Masked');
    const contacts = await get<ContactsPage>('camp-trial', `/api/campaigns/${id}/contacts?pageSize=2`);
    expect(contacts.total).toBe(3);
    expect(contacts.items).toHaveLength(2);
    expect(contacts.items.every((c) => c.masked && !c.email.includes('masked.'))).toBe(true);

    await t.signInAs('camp-admin-2', { role: 'super_admin' });
    const revealed = await get<ContactsPage>('camp-admin-2', `/api/campaigns/${id}/contacts?pageSize=10`);
    expect(revealed.items.map((c) => c.email).sort()).toEqual(['masked.one@camp.test', 'masked.three@camp.test', 'masked.two@camp.test']);

    await t.signInAs('camp-stranger', { userType: 'active' });
    expect((await t.request({ method: 'GET', url: `/api/campaigns/${id}/contacts`, as: 'camp-stranger' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/campaigns/not-a-uuid/contacts', as: 'camp-stranger' })).statusCode).toBe(404);
  });
});

describe('contacts of my lists', () => {
  it('answers the distinct contacts across the user\u2019s lists, paged and masked', async () => {
    const user = await t.signInAs('lists-owner', { userType: 'trial' });
    await createListWithContacts(t.db, user.workspaceId, 2, ['mine.a@lists.test', 'mine.b@lists.test']);
    await createListWithContacts(t.db, user.workspaceId, 2, ['mine.b@lists.test', 'mine.c@lists.test']);
    const someoneElse = await t.signInAs('lists-other', { userType: 'active' });
    await createListWithContacts(t.db, someoneElse.workspaceId, 1, ['theirs@lists.test']);

    const page = await get<ContactsPage>('lists-owner', '/api/contacts?pageSize=2');
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items.every((c) => c.masked)).toBe(true);
    const rest = await get<ContactsPage>('lists-owner', '/api/contacts?page=2&pageSize=2');
    expect(rest.items).toHaveLength(1);
    const theirs = await get<ContactsPage>('lists-other', '/api/contacts');
    expect(theirs.items.map((c) => c.email)).toEqual(['theirs@lists.test']);
  });
});

describe('recent activity', () => {
  it('names the last events of the user\u2019s recent campaigns, newest first, and no one else\u2019s', async () => {
    const user = await t.signInAs('activity-owner', { userType: 'active', trusted: true, monthlyPressReleaseLimit: 10 });
    expect(await get<RecentActivity>('activity-owner', '/api/campaigns/activity')).toEqual({ items: [], live: false });
    const id = await send('activity-owner', user.workspaceId, ['reader.one@activity.test', 'reader.two@activity.test'], 'Activity release');
    expect((await get<RecentActivity>('activity-owner', '/api/campaigns/activity')).live).toBe(true);
    await deliverAll();
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, id));
    const one = rows.find((r) => r.email === 'reader.one@activity.test')!;
    const later = new Date(Date.now() + 60_000);
    await t.db.insert(trackingEvents).values([
      { deliveryId: one.id, releaseId: id, type: 'open', createdAt: later },
      { deliveryId: one.id, releaseId: id, type: 'click', linkId: 0, createdAt: new Date(later.getTime() + 1000) },
      { deliveryId: one.id, releaseId: id, type: 'machine_open', createdAt: new Date(later.getTime() + 2000) },
    ]);
    const activity = await get<RecentActivity>('activity-owner', '/api/campaigns/activity');
    expect(activity.live).toBe(false);
    expect(activity.items.map((i) => i.type)).toEqual(['clicked', 'opened', 'delivered', 'delivered']);
    expect(activity.items[0]).toMatchObject({ releaseId: id, releaseTitle: 'Activity release', releaseLanguage: 'english', releaseTranslationTitle: null, name: 'Journalist' });
    expect(JSON.stringify(activity)).not.toContain('reader.one@');
    expect((await get<RecentActivity>('camp-stranger', '/api/campaigns/activity')).items).toEqual([]);
  });
});
