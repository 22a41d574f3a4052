import type { ReleaseId } from '../../shared/ids.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, dataRequests, deliveries, globalContacts, journalistPreferences, listContacts, newsroomFollowers, suppressions, trackingEvents, inboundReplies } from '../db/schema.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { preferenceToken } from './preference-link.js';

/**
 * An erasure request (issue 35) was marked done with nothing erased. Resolving it now erases the journalist:
 * the curated contact (off every customer's list), their choices, what they did with releases (opens, clicks,
 * downloads) and their newsroom follows; what the law asks Nashr to keep stays, and the answer says so: the
 * consent records, the delivery records (what was sent to the address and when), their unsubscribes, and the
 * address on the suppression list, so nothing is ever sent to it again.
 */

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
  secret = await ensureAppSecret(t.deps);
  await t.signInAs('dpo', { role: 'super_admin' });
}, 60_000);
afterAll(() => t.close());

const ERASED = 'hala.erase-me@khaleej-wire.test';
const BYSTANDER = 'nadia.stays@khaleej-wire.test';

describe('resolving an erasure request', () => {
  it('erases the journalist, keeps the records the law asks for, and says which', async () => {
    const sender = await t.signInAs('sender', { userType: 'active', monthlyPressReleaseLimit: 5, trusted: true });
    const { listId } = await createListWithContacts(t.db, sender.workspaceId, 0, [ERASED, BYSTANDER]);
    const sent = await t.request({ method: 'POST', url: '/api/send-press-release', as: 'sender', payload: releasePayload({ recipientLists: [listId] }) });
    expect(sent.statusCode, sent.body).toBe(200);
    const releaseId = sent.json().pressRelease.id as ReleaseId;
    const [delivery] = await t.db.select().from(deliveries).where(and(eq(deliveries.releaseId, releaseId), eq(deliveries.email, ERASED)));
    const [contact] = await t.db.select().from(globalContacts).where(eq(globalContacts.email, ERASED));
    await t.db.insert(trackingEvents).values([
      { deliveryId: delivery.id, releaseId, type: 'open' },
      { deliveryId: delivery.id, releaseId, type: 'click' },
    ]);
    // What they wrote back (issue 38) goes with them.
    await t.db.insert(inboundReplies).values({ deliveryId: delivery.id, releaseId, kind: 'reply', matchedBy: 'reply_address', fromAddress: ERASED, text: 'Interview?', raw: Buffer.from('Subject: Re\r\n\r\nInterview?'), receivedAt: new Date() });
    await t.db.insert(newsroomFollowers).values({ brandId: sender.companyBrandId, email: ERASED, language: 'english', token: `follow-${Date.now()}`, confirmedAt: new Date() });
    const token = preferenceToken(delivery.id, secret);
    expect((await t.request({ method: 'PUT', url: `/api/preferences/${token}`, payload: { digest: true } })).statusCode).toBe(200);
    const asked = await t.request({ method: 'POST', url: `/api/preferences/${token}/requests`, payload: { kind: 'erasure' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const [filed] = await t.db.select({ id: dataRequests.id }).from(dataRequests).where(and(eq(dataRequests.email, ERASED), eq(dataRequests.kind, 'erasure')));

    const res = await t.request({ method: 'POST', url: `/api/admin/data-requests/${filed.id}/resolve`, as: 'dpo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'done',
      kind: 'erasure',
      erasure: {
        erased: { contact: true, lists: 1, preferences: true, events: 2, follows: 1, replies: 1 },
        kept: ['consent_records', 'deliveries', 'unsubscribes', 'suppression'],
      },
    });

    // Erased: the contact and everything hanging from it, the events, the follows.
    expect(await t.db.select().from(globalContacts).where(eq(globalContacts.email, ERASED))).toEqual([]);
    expect(await t.db.select().from(listContacts).where(eq(listContacts.globalContactId, contact.id))).toEqual([]);
    expect(await t.db.select().from(journalistPreferences).where(eq(journalistPreferences.contactId, contact.id))).toEqual([]);
    expect(await t.db.select().from(trackingEvents).where(eq(trackingEvents.deliveryId, delivery.id))).toEqual([]);
    expect(await t.db.select().from(newsroomFollowers).where(eq(newsroomFollowers.email, ERASED))).toEqual([]);
    expect(await t.db.select().from(inboundReplies).where(eq(inboundReplies.deliveryId, delivery.id))).toEqual([]);
    // Kept: the consent record, the delivery record, the address suppressed for good; the link names no one now.
    expect((await t.db.select().from(consentRecords).where(eq(consentRecords.email, ERASED))).length).toBeGreaterThan(0);
    expect(await t.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, delivery.id))).toHaveLength(1);
    expect(await t.db.select().from(suppressions).where(eq(suppressions.email, ERASED))).toEqual([expect.objectContaining({ reason: 'erased' })]);
    expect((await t.request({ method: 'GET', url: `/api/preferences/${token}` })).statusCode).toBe(404);
    // Nobody else is touched.
    expect(await t.db.select().from(globalContacts).where(eq(globalContacts.email, BYSTANDER))).toHaveLength(1);

    // Resolving again changes nothing and answers the same.
    const again = await t.request({ method: 'POST', url: `/api/admin/data-requests/${filed.id}/resolve`, as: 'dpo' });
    expect(again.json()).toMatchObject({ status: 'done', kind: 'erasure' });
    const [request] = await t.db.select().from(dataRequests).where(eq(dataRequests.id, filed.id));
    expect(request.status).toBe('done');
  });
});
