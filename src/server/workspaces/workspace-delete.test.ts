import type { ReleaseId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentBlobs, attachments, deliveries, invoices, pressReleases, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Deleting a workspace that sent a release (issue 35): its releases' files pointed at their stored bytes,
 * and the delete answered 500 on that foreign key. Now everything of the workspace goes, files first, in
 * one transaction; its tax invoices stay, as the law asks, without the workspace.
 */

const FUTURE = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
});
afterAll(() => t.close());

const post = (as: string, url: string, payload: object) => t.request({ method: 'POST', url, as, payload });

describe('deleting a workspace that sent a release', () => {
  it('deletes it with its releases, files and deliveries, and keeps its invoices', async () => {
    const owner = await t.signInAs('closer', { companyName: 'Sent And Closed Co', trusted: true });
    const workspaceId = owner.workspaceId;
    const { listId } = await createListWithContacts(t.db, workspaceId, 2);
    const profile = { legalName: 'Sent And Closed LLC', address: 'Dubai', country: 'UAE', taxNumber: '100333444500003' };
    expect((await t.request({ method: 'PUT', url: '/api/billing/profile', as: 'closer', payload: profile })).statusCode).toBe(200);
    const intent = (await post('closer', '/api/subscription/create', { planId: 'package_2' })).json();
    const card = { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: FUTURE, cvc: '123' };
    expect((await post('closer', '/api/subscription/demo/confirm', card)).statusCode).toBe(200);
    expect((await post('closer', '/api/subscription/process-success', { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    const sent = await post('closer', '/api/send-press-release', releasePayload({ recipientLists: [listId] }));
    expect(sent.statusCode, sent.body).toBe(200);
    const releaseId = sent.json().pressRelease.id as ReleaseId;
    // A duplicate shares the sent release's stored bytes.
    expect((await post('closer', `/api/press-releases/${releaseId}/duplicate`, {})).statusCode).toBe(201);
    const issued = await t.db.select().from(invoices).where(eq(invoices.workspaceId, workspaceId));
    expect(issued).toHaveLength(1);

    const res = await post('closer', '/api/workspace/delete', { name: 'Sent And Closed Co' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId))).toEqual([]);
    expect(await t.db.select().from(pressReleases).where(eq(pressReleases.workspaceId, workspaceId))).toEqual([]);
    expect(await t.db.select().from(attachments).where(eq(attachments.releaseId, releaseId))).toEqual([]);
    expect(await t.db.select().from(attachmentBlobs).where(eq(attachmentBlobs.workspaceId, workspaceId))).toEqual([]);
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId))).toEqual([]);
    // The invoice is kept, word for word, without its workspace.
    const [kept] = await t.db.select().from(invoices).where(eq(invoices.id, issued[0].id));
    expect(kept).toMatchObject({ workspaceId: null, number: issued[0].number, total: issued[0].total, document: issued[0].document });
  });
});
