import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { deliveries, globalContacts, pressReleases, userLists, workspaces } from '../db/schema.js';
import { suppress } from '../suppressions/suppressions.service.js';
import { createListWithContacts, pdfAttachment, releasePayload } from './release-fixtures.js';

/** Care around the send: drafts for everyone, the pre-send numbers, and a test to oneself. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (as: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/send-press-release', payload, as });
const usedOf = async (workspaceId: WorkspaceId) =>
  (await t.db.select({ used: workspaces.pressReleasesUsedThisMonth }).from(workspaces).where(eq(workspaces.id, workspaceId)))[0].used;

describe('drafts are free', () => {
  it('lets a trial user and a user with no allowance left save drafts, spending nothing', async () => {
    const trial = await t.signInAs('trial-drafter');
    const spent = await t.signInAs('spent-drafter', { userType: 'active', monthlyPressReleaseLimit: 1, pressReleasesUsedThisMonth: 1 });
    for (const [as, user] of [['trial-drafter', trial], ['spent-drafter', spent]] as const) {
      const { listId } = await createListWithContacts(t.db, user.workspaceId, 1);
      const saved = await send(as, releasePayload({ action: 'save_draft', recipientLists: [listId] }));
      expect(saved.statusCode).toBe(200);
      expect(saved.json().pressRelease.status).toBe('draft');
      const again = await send(as, releasePayload({ action: 'save_draft', title: 'Edited title', existingPressReleaseId: saved.json().pressRelease.id }));
      expect(again.statusCode).toBe(200);
      expect(await usedOf(user.workspaceId)).toBe(user.id === spent.id ? 1 : 0);
      const sending = await send(as, releasePayload({ recipientLists: [listId], existingPressReleaseId: saved.json().pressRelease.id, attachments: [{ id: again.json().pressRelease.attachments[0].id }] }));
      expect(sending.statusCode).toBe(402);
    }
  });
});

describe('pre-send check', () => {
  async function audience(as: string) {
    // A trusted customer: its releases skip editorial review (review.test.ts covers review).
    const user = await t.signInAs(as, { userType: 'active', monthlyPressReleaseLimit: 3, pressReleasesUsedThisMonth: 1, trusted: true });
    const tag = `${as}-${Date.now()}`;
    const a = await createListWithContacts(t.db, user.workspaceId, 0, [`one-${tag}@example.com`, `two-${tag}@example.com`, `gone-${tag}@example.com`, `off-${tag}@example.com`]);
    // Two of list A's journalists again, one with different letter case: each is one recipient.
    const b = await createListWithContacts(t.db, user.workspaceId, 0, [`ONE-${tag}@example.com`, `two-${tag}@example.com`, `three-${tag}@example.com`]);
    const [empty] = await t.db.insert(userLists).values({ workspaceId: user.workspaceId, name: 'Nobody here' }).returning();
    await suppress(t.db, `gone-${tag}@example.com`, 'bounced');
    await suppress(t.db, `off-${tag}@example.com`, 'unsubscribed');
    await t.db.update(globalContacts).set({ country: 'Egypt', language: 'Arabic' }).where(eq(globalContacts.email, `two-${tag}@example.com`));
    await t.db.update(globalContacts).set({ country: 'Egypt', language: 'Arabic' }).where(eq(globalContacts.email, `three-${tag}@example.com`));
    await t.db.update(globalContacts).set({ country: 'UAE', language: 'English' }).where(eq(globalContacts.email, `one-${tag}@example.com`));
    return { user, lists: [a.listId, b.listId, empty.id], emptyId: empty.id };
  }

  it('counts recipients as the send will: duplicates and suppressed addresses removed, with the reasons', async () => {
    const { lists } = await audience('preflighter');
    const res = await t.request({
      method: 'POST',
      url: '/api/press-releases/preflight',
      as: 'preflighter',
      payload: {
        recipientLists: lists,
        language: 'english',
        content: '<p>See <a href="ftp://files.example.com/x">the files</a> and <a href="https://ok.example.com">this</a>.</p><img src="data:image/png;base64,AAAA">',
        attachments: [{ originalName: 'facts.pdf', size: 2048 }],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      recipients: 3,
      duplicates: 2,
      suppressed: 2,
      byCountry: [{ country: 'Egypt', count: 2 }, { country: 'UAE', count: 1 }],
      byLanguage: [{ language: 'Arabic', count: 2 }, { language: 'English', count: 1 }],
      attachments: [{ name: 'facts.pdf', size: 2048 }],
      allowance: { spends: 1, remainingAfter: 1 },
      sendAt: null,
    });
    expect(body.suppressedByReason).toEqual(expect.arrayContaining([{ reason: 'bounced', count: 1 }, { reason: 'unsubscribed', count: 1 }]));
    expect(body.lists.map((l: { contacts: number }) => l.contacts)).toEqual([4, 3, 0]);
    // The calendar's warnings depend on when Send Now runs (calendar-preflight.test.ts checks them).
    const calendar = ['weekend', 'night', 'holiday', 'ramadan_hours'];
    const codes = body.warnings.map((w: { code: string }) => w.code).filter((code: string) => !calendar.includes(code));
    expect(codes.sort()).toEqual(['EMPTY_LIST', 'IMAGE_NOT_SENT', 'LANGUAGE_MISMATCH', 'LINK_NOT_HTTP']);
    expect(body.warnings.find((w: { code: string }) => w.code === 'LANGUAGE_MISMATCH').message).toBe(
      'Most recipients (67%) read Arabic, but this press release is in English only: they will receive the English text',
    );
  });

  it('gives the same numbers for a saved release as the send then queues', async () => {
    const { user, lists } = await audience('preflight-saved');
    const draft = (await send('preflight-saved', releasePayload({ action: 'save_draft', recipientLists: lists, language: 'arabic' }))).json().pressRelease;
    const res = await t.request({ method: 'GET', url: `/api/press-releases/${draft.id}/preflight`, as: 'preflight-saved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 3, duplicates: 2, suppressed: 2, attachments: [{ name: 'release.pdf' }] });
    // Send Now's calendar warnings depend on the hour the test runs (calendar-preflight.test.ts checks them).
    const calendar = ['weekend', 'night', 'holiday', 'ramadan_hours'];
    expect(res.json().warnings.map((w: { code: string }) => w.code).filter((code: string) => !calendar.includes(code))).toEqual(['EMPTY_LIST']);

    const sent = await send('preflight-saved', releasePayload({ recipientLists: lists, existingPressReleaseId: draft.id, attachments: [{ id: draft.attachments[0].id }] }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json().pressRelease.recipientCount).toBe(3);
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, draft.id))).toHaveLength(3);
    expect(await usedOf(user.workspaceId)).toBe(2);
  });

  it("answers 404 for another user's release and 422 for another user's list, and refuses bad input", async () => {
    const { lists } = await audience('preflight-owner');
    const draft = (await send('preflight-owner', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    await t.signInAs('preflight-stranger');
    expect((await t.request({ method: 'GET', url: `/api/press-releases/${draft.id}/preflight`, as: 'preflight-stranger' })).statusCode).toBe(404);
    const foreign = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: 'preflight-stranger', payload: { recipientLists: lists } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual([{ path: 'recipientLists', message: 'Recipient list not found', code: 'UNKNOWN_LIST' }]);
    const bad = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: 'preflight-stranger', payload: { recipientLists: ['nope'] } });
    expect(bad.statusCode).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/press-releases/not-a-uuid/preflight', as: 'preflight-stranger' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/press-releases/preflight', payload: {} })).statusCode).toBe(401);
  });

  it('spends nothing more for a scheduled release and nothing at all for a super admin', async () => {
    const { lists } = await audience('preflight-scheduler');
    const when = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = (await send('preflight-scheduler', releasePayload({ action: 'schedule', scheduledAt: when, recipientLists: lists }))).json().pressRelease;
    const res = await t.request({ method: 'GET', url: `/api/press-releases/${scheduled.id}/preflight`, as: 'preflight-scheduler' });
    expect(res.json()).toMatchObject({ allowance: { spends: 0, remainingAfter: 1 }, sendAt: when });
    await t.signInAs('preflight-admin', { role: 'super_admin' });
    const admin = await t.request({ method: 'POST', url: '/api/press-releases/preflight', as: 'preflight-admin', payload: {} });
    expect(admin.json()).toMatchObject({ recipients: 0, allowance: { spends: 0, remainingAfter: null } });
    expect(admin.json().warnings.map((w: { code: string }) => w.code)).toEqual(['NO_RECIPIENTS']);
  });
});

describe('a test to yourself', () => {
  it('sends the exact email to the signed-in user only, marked [TEST], spending and recording nothing', async () => {
    const user = await t.signInAs('tester', { userType: 'active', monthlyPressReleaseLimit: 1 });
    const { listId } = await createListWithContacts(t.db, user.workspaceId, 2);
    const draft = (await send('tester', releasePayload({ action: 'save_draft', recipientLists: [listId], attachments: [pdfAttachment('facts.pdf')] }))).json().pressRelease;
    const before = t.smtp.messages.length;
    const res = await t.request({ method: 'POST', url: `/api/press-releases/${draft.id}/test-send`, as: 'tester' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentTo: user.email });
    const [message] = await t.smtp.waitFor(before + 1).then((all) => all.slice(before));
    expect(message.envelopeTo).toEqual([user.email]);
    expect(message.parsed.subject).toBe('[TEST] Gulf Robotics opens a new plant');
    expect(message.parsed.attachments.map((a) => a.filename)).toEqual(['facts.pdf']);
    const html = String(message.parsed.html);
    expect(html).toContain('https://gulf-robotics.example.com/news?id=1&amp;ref=pr');
    expect(html).not.toContain('/t/');
    expect(html).toContain(`/api/press-releases/${draft.id}/attachments/${draft.attachments[0].id}`);
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, draft.id))).toEqual([]);
    expect(await usedOf(user.workspaceId)).toBe(0);
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, draft.id));
    expect(row.status).toBe('draft');
  });

  it("answers 404 for another user's release and 429 after ten tests in an hour", async () => {
    await t.signInAs('busy-tester');
    const draft = (await send('busy-tester', releasePayload({ action: 'save_draft' }))).json().pressRelease;
    await t.signInAs('nosy-tester');
    expect((await t.request({ method: 'POST', url: `/api/press-releases/${draft.id}/test-send`, as: 'nosy-tester' })).statusCode).toBe(404);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await t.request({ method: 'POST', url: `/api/press-releases/${draft.id}/test-send`, as: 'busy-tester' })).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(429);
  });
});
