import type { WorkspaceId } from '../../shared/ids.js';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../shared/workspaces.js';
import { brands, deliveries, globalContacts, newsroomFollowers, pressReleases, workspaces } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createDeliveryEngine } from '../delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../delivery/delivery-transport.js';
import { createListWithContacts, releasePayload } from './release-fixtures.js';
import { dispatchDueReleases, publishLiftedEmbargoes } from './scheduler.js';
import { TRANSITIONS, finishIfDone } from './lifecycle.js';

/**
 * One release lifecycle (decision 026): a release is charged once however many rounds it goes through,
 * a return gives its press release back once, nobody who wrote, edited or submitted a version approves it,
 * every step stays on the timeline, and a suspended workspace sends nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('editor', { role: 'admin', firstName: 'Editor' });
  await t.signInAs('chief', { role: 'super_admin' });
});
afterAll(() => t.close());

let n = 0;
async function member(workspaceId: WorkspaceId, role: WorkspaceRole, firstName: string) {
  const as = `${firstName}-${++n}`;
  const user = await t.signInAs(as, { firstName, memberOf: { workspaceId, role } });
  return { as, user };
}

/** A paying team that is not trusted (Nashr's editor reviews it): an owner, a writer, two publishers, a list. */
async function team(fields: Record<string, unknown> = {}) {
  const ownerAs = `owner-${++n}`;
  const owner = await t.signInAs(ownerAs, { userType: 'active', monthlyPressReleaseLimit: 3, firstName: 'Owner', ...fields });
  const writer = await member(owner.workspaceId, 'writer', 'Nadia');
  const publisher = await member(owner.workspaceId, 'publisher', 'Omar');
  const second = await member(owner.workspaceId, 'publisher', 'Sara');
  const { listId } = await createListWithContacts(t.db, owner.workspaceId, 3);
  return { owner, ownerAs, writer, publisher, second, listId, workspaceId: owner.workspaceId };
}

const post = (as: string, url: string, payload?: object) => t.request({ method: 'POST', url, as, ...(payload ? { payload } : {}) });
const read = async (as: string, id: string) => (await t.request({ method: 'GET', url: `/api/press-releases/${id}`, as })).json();
const used = async (workspaceId: WorkspaceId) => (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0].pressReleasesUsedThisMonth;
const submit = (as: string, listId: string, extra: Record<string, unknown> = {}) =>
  post(as, '/api/send-press-release', releasePayload({ recipientLists: [listId], ...extra }));
const approve = (as: string, id: string) => post(as, `/api/press-releases/${id}/approve`);
const giveBack = (as: string, id: string, comment: string) => post(as, `/api/press-releases/${id}/return`, { comment });
const DECISION_PATHS: Record<string, string> = { approved: 'approve', changes_requested: 'request-changes', rejected: 'reject' };
const decide = (id: string, decision: string, comment?: string) =>
  post('editor', `/api/review/${id}/${DECISION_PATHS[decision]}`, decision === 'approved' ? undefined : { comment, reason: comment });

describe('money follows the release', () => {
  it('charges a release once over three rounds: approved, changes requested by the editor, resubmitted, approved again', async () => {
    const a = await team();
    const release = (await submit(a.writer.as, a.listId)).json().pressRelease;
    expect(release.status).toBe('awaiting_approval');
    expect((await approve(a.publisher.as, release.id)).json().pressRelease.status).toBe('in_review');
    expect(await used(a.workspaceId)).toBe(1);

    for (const round of [2, 3]) {
      const changes = await decide(release.id, 'changes_requested', `Round ${round}: cite the source`);
      expect(changes.statusCode, changes.body).toBe(200);
      // The press release stays reserved while the writer makes the changes.
      expect((await read(a.ownerAs, release.id)).holdsAllowance).toBe(true);
      const again = await submit(a.writer.as, a.listId, { existingPressReleaseId: release.id, title: `Round ${round}` });
      expect(again.statusCode, again.body).toBe(202);
      expect(again.json().pressRelease.status).toBe('awaiting_approval');
      const approved = await approve(a.publisher.as, release.id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().pressRelease.status).toBe('in_review');
      expect(await used(a.workspaceId)).toBe(1);
    }
    // The allowance screen lists it once, held for it until it is sent, then spent.
    const spends = async () => (await t.request({ method: 'GET', url: '/api/subscription/spends', as: a.ownerAs })).json();
    expect(await spends()).toMatchObject({ total: 1, items: [{ releaseId: release.id, status: 'in_review', hold: 'held' }] });
    expect((await decide(release.id, 'approved')).statusCode).toBe(200);
    expect(await used(a.workspaceId)).toBe(1);
    expect((await spends()).items).toMatchObject([{ releaseId: release.id, hold: 'spent' }]);
    // The operator's customer page reads the same.
    const desk = (await t.request({ method: 'GET', url: `/api/admin/workspaces/${a.workspaceId}`, as: 'chief' })).json();
    expect(desk.releases).toMatchObject([{ id: release.id, allowance: 'spent' }]);
    const out = await read(a.ownerAs, release.id);
    expect(out.status).toMatch(/^(sending|sent)$/);
    expect(out.holdsAllowance).toBe(true);
  });

  it('gives the press release back once when the approver returns a resubmission, and keeps none on delete', async () => {
    const a = await team();
    const release = (await submit(a.writer.as, a.listId)).json().pressRelease;
    await approve(a.publisher.as, release.id);
    await decide(release.id, 'changes_requested', 'Shorter, please');
    await submit(a.writer.as, a.listId, { existingPressReleaseId: release.id });
    expect(await used(a.workspaceId)).toBe(1);

    const returned = await giveBack(a.publisher.as, release.id, 'Not this week');
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().pressRelease).toMatchObject({
      status: 'changes_requested',
      holdsAllowance: false,
      returned: { source: 'workspace', comment: 'Not this week', by: { name: 'Omar Tester', role: 'publisher' } },
    });
    expect(await used(a.workspaceId)).toBe(0);
    const desk = (await t.request({ method: 'GET', url: `/api/admin/workspaces/${a.workspaceId}`, as: 'chief' })).json();
    expect(desk.releases).toMatchObject([{ id: release.id, allowance: 'none' }]);
    // A second return of the same release finds it moved on, and gives nothing back again.
    const twice = await giveBack(a.second.as, release.id, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'NOT_AWAITING_APPROVAL', details: { status: 'changes_requested' } });
    expect(await used(a.workspaceId)).toBe(0);
  });

  it('gives back what a release sent back by the editor held when it is deleted', async () => {
    const a = await team();
    const release = (await submit(a.publisher.as, a.listId)).json().pressRelease;
    expect(release.status).toBe('in_review');
    await decide(release.id, 'changes_requested', 'Add a dateline');
    expect(await used(a.workspaceId)).toBe(1);
    const deleted = await t.request({ method: 'DELETE', url: `/api/press-releases/${release.id}`, as: a.ownerAs });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await used(a.workspaceId)).toBe(0);
    expect(await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id))).toEqual([]);
  });

  it('spends exactly once under ten parallel approvals and returns in each of three rounds', async () => {
    const a = await team();
    const release = (await submit(a.writer.as, a.listId)).json().pressRelease;
    for (let round = 1; round <= 3; round++) {
      if (round > 1) {
        const again = await submit(a.writer.as, a.listId, { existingPressReleaseId: release.id, title: `Take ${round}` });
        expect(again.statusCode, again.body).toBe(202);
      }
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? giveBack(a.second.as, release.id, `No ${i}`) : approve(a.publisher.as, release.id))),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
      const now = await read(a.ownerAs, release.id);
      expect(await used(a.workspaceId)).toBe(now.holdsAllowance ? 1 : 0);
      if (now.status === 'in_review') await decide(release.id, 'changes_requested', `Round ${round}`);
    }
    expect(await used(a.workspaceId)).toBeLessThanOrEqual(1);
  });
});

describe('a second person is a second person', () => {
  it('refuses a publisher who rewrote the writer’s draft and submitted it, with the rule named; another publisher approves', async () => {
    const a = await team({ requireSecondApproval: true });
    const draft = (await submit(a.writer.as, a.listId, { action: 'save_draft' })).json().pressRelease;
    const rewritten = await submit(a.publisher.as, a.listId, { existingPressReleaseId: draft.id, title: 'A publisher’s rewrite' });
    expect(rewritten.statusCode, rewritten.body).toBe(202);
    expect(rewritten.json().pressRelease.status).toBe('awaiting_approval');
    const own = await approve(a.publisher.as, draft.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'SECOND_APPROVER_REQUIRED' });
    expect(own.json().message).toContain('wrote, edited or submitted');
    // The writer who wrote the first words is not a second person either.
    expect((await approve(a.writer.as, draft.id)).statusCode).toBe(403);
    const other = await approve(a.second.as, draft.id);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().pressRelease).toMatchObject({ approvedBy: { name: 'Sara Tester' } });
  });

  it('lets the publisher approve a writer’s version they only read', async () => {
    const a = await team({ requireSecondApproval: true });
    const release = (await submit(a.writer.as, a.listId)).json().pressRelease;
    // An autosave that changes no word does not make the reader an author.
    const unchanged = await submit(a.writer.as, a.listId, { action: 'save_draft' });
    expect(unchanged.statusCode).toBe(200);
    expect((await approve(a.publisher.as, release.id)).statusCode).toBe(200);
  });
});

describe('one timeline', () => {
  it('keeps every step of every round in order, with who, their role and their words', async () => {
    const a = await team();
    const release = (await submit(a.writer.as, a.listId)).json().pressRelease;
    await giveBack(a.publisher.as, release.id, 'Add the CEO quote');
    await submit(a.writer.as, a.listId, { existingPressReleaseId: release.id });
    await approve(a.publisher.as, release.id);
    await decide(release.id, 'approved');
    const seen = await read(a.ownerAs, release.id);
    const steps = seen.timeline.map((s: { kind: string; round: number; by: { role: string } | null }) => [s.kind, s.round, s.by?.role ?? null]);
    expect(steps).toEqual([
      ['submitted', 1, 'writer'],
      ['returned', 1, 'publisher'],
      ['submitted', 2, 'writer'],
      ['approved', 2, 'publisher'],
      ['submitted_to_review', 2, null],
      ['review_approved', 2, 'editor'],
      ['sending', 2, null],
    ]);
    expect(seen.timeline[1]).toMatchObject({ comment: 'Add the CEO quote', by: { name: 'Omar Tester' } });
    expect(seen.returned).toBeNull();
  });

  it('records the end of the send once, reported by the engine', async () => {
    const a = await team({ trusted: true });
    const release = (await submit(a.publisher.as, a.listId)).json().pressRelease;
    expect(release.status).toBe('sending');
    const transport = smtpDeliveryTransport(t.smtp.url, 1);
    await createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' }).drain();
    await transport.close();
    expect(await finishIfDone(t.db, release.id, new Date())).toBe(false);
    const seen = await read(a.ownerAs, release.id);
    expect(seen.status).toBe('sent');
    expect(seen.timeline.map((s: { kind: string }) => s.kind)).toEqual(['sending', 'sent']);
    expect(seen.timeline[0].by).toMatchObject({ name: 'Omar Tester', role: 'publisher' });
  });

  it('refuses an event that does not apply with 409 and the status it found', async () => {
    const a = await team({ trusted: true });
    const release = (await submit(a.publisher.as, a.listId, { action: 'save_draft' })).json().pressRelease;
    const cancel = await post(a.ownerAs, `/api/press-releases/${release.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'ONLY_SCHEDULED_CANCELLABLE', details: { status: 'draft' } });
    const withdraw = await post(a.ownerAs, `/api/press-releases/${release.id}/withdraw`);
    expect(withdraw.json()).toMatchObject({ code: 'NOT_WITHDRAWABLE', details: { status: 'draft' } });
  });
});

describe('what the approver and the client read before they decide', () => {
  it('answers the pre-send summary to the approver of a writer’s release, with the allowance their approval leaves', async () => {
    const a = await team();
    const release = (await submit(a.writer.as, a.listId)).json().pressRelease;
    const summary = await t.request({ method: 'GET', url: `/api/press-releases/${release.id}/preflight`, as: a.publisher.as });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ recipients: 3, approval: false, review: true, allowance: { spends: 1, remainingAfter: 2 } });
  });
});

describe('a suspended workspace sends nothing', () => {
  const suspend = (workspaceId: WorkspaceId) => post('chief', `/api/admin/workspaces/${workspaceId}/suspend`, { reason: 'Unpaid invoice, please contact billing' });
  const reactivate = (workspaceId: WorkspaceId) => post('chief', `/api/admin/workspaces/${workspaceId}/reactivate`);

  it('holds a release the editor approves while the workspace is suspended, and sends it after reactivation', async () => {
    const a = await team();
    const release = (await submit(a.publisher.as, a.listId)).json().pressRelease;
    expect(release.status).toBe('in_review');
    expect((await suspend(a.workspaceId)).statusCode).toBe(200);
    const approved = await decide(release.id, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().pressRelease.status).toBe('scheduled');
    expect(await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id))).toEqual([]);
    expect(await dispatchDueReleases(t.db, new Date())).toBe(0);

    expect((await reactivate(a.workspaceId)).statusCode).toBe(200);
    expect(await dispatchDueReleases(t.db, new Date())).toBeGreaterThanOrEqual(1);
    const seen = await read(a.ownerAs, release.id);
    expect(seen).toMatchObject({ status: 'sending', heldBySuspension: false });
    expect(seen.timeline.map((s: { kind: string }) => s.kind)).toEqual(['submitted_to_review', 'review_approved', 'held', 'sending']);
  });

  it('delivers none of its queued messages while suspended, and all of them after reactivation', async () => {
    const a = await team({ trusted: true });
    const release = (await submit(a.publisher.as, a.listId)).json().pressRelease;
    expect(release.status).toBe('sending');
    await suspend(a.workspaceId);
    const transport = smtpDeliveryTransport(t.smtp.url, 1);
    const engine = createDeliveryEngine({ onReleaseDrained: finishIfDone, db: t.db, transport, publicUrl: 'http://localhost:3000', mailFrom: 'Nashr <r@nashr.test>' });
    try {
      await engine.drain();
      const held = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
      expect(held.map((d) => d.status)).toEqual(['queued', 'queued', 'queued']);
      expect((await read('chief', release.id)).heldBySuspension).toBe(true);
      await reactivate(a.workspaceId);
      await engine.drain();
      const sent = await t.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
      expect(sent.map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    } finally {
      await transport.close();
    }
  });

  it('keeps an embargoed release unpublished while suspended, and publishes it at the next tick after reactivation', async () => {
    const a = await team({ trusted: true });
    // Accredited journalists: only they get an embargoed release before its lift (decision 024).
    const { listId, emails } = await createListWithContacts(t.db, a.workspaceId, 2);
    await t.db.update(globalContacts).set({ embargoAccredited: true }).where(inArray(globalContacts.email, emails));
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const sent = await submit(a.publisher.as, listId, { embargo: { until, timeZone: 'Asia/Dubai' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const release = sent.json().pressRelease;
    expect(release.status).toBe('sending');
    await suspend(a.workspaceId);
    const afterLift = new Date(Date.now() + 2 * 3_600_000);
    expect(await publishLiftedEmbargoes(t.db, afterLift)).toBe(0);
    expect((await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id)))[0].publishedAt).toBeNull();
    await reactivate(a.workspaceId);
    expect(await publishLiftedEmbargoes(t.db, afterLift)).toBe(1);
    const seen = await read(a.ownerAs, release.id);
    expect(seen.timeline.map((s: { kind: string }) => s.kind)).toContain('embargo_lifted');
  });
});

describe('a suspended workspace’s newsroom', () => {
  it('sends no follow confirmation while suspended, with the same answer as ever', async () => {
    const a = await team({ trusted: true });
    const slug = `held-newsroom-${n}`;
    await t.db.update(brands).set({ newsroomSlug: slug, newsroomEnabled: true }).where(eq(brands.workspaceId, a.workspaceId));
    await post('chief', `/api/admin/workspaces/${a.workspaceId}/suspend`, { reason: 'Unpaid invoice, please contact billing' });
    const from = t.smtp.messages.length;
    const email = `reader-${n}@example.com`;
    const asked = await t.request({ method: 'POST', url: `/api/newsroom/${slug}/subscribe`, payload: { email, language: 'english' } });
    expect(asked.statusCode).toBe(202);
    // A confirmation is claimed in the database before the answer: none was, so none went.
    expect(await t.db.select().from(newsroomFollowers).where(eq(newsroomFollowers.email, email))).toEqual([]);
    await post('chief', `/api/admin/workspaces/${a.workspaceId}/reactivate`);
    const again = await t.request({ method: 'POST', url: `/api/newsroom/${slug}/subscribe`, payload: { email, language: 'english' } });
    expect(again.json()).toEqual(asked.json());
    // The one mail is the one asked for after reactivation.
    await t.smtp.waitForMail((m) => m.envelopeTo.includes(email), from);
    expect(t.smtp.messages.slice(from).filter((m) => m.envelopeTo.includes(email))).toHaveLength(1);
  });
});

describe('the only code that moves a release', () => {
  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(dir, f));

  /** Every statement that writes press_releases.status: a drizzle update/insert naming it, or raw SQL setting it (naming the table as ${pressReleases} or as text). */
  function statusWriters(file: string): string[] {
    const text = fs.readFileSync(file, 'utf8');
    const found: string[] = [];
    for (const match of text.matchAll(/(update|insert)\(pressReleases\)/g)) {
      const statement = text.slice(match.index, text.indexOf(';', match.index));
      if (/\bstatus\s*:/.test(statement)) found.push(`${file}: ${statement.slice(0, 60)}`);
    }
    for (const match of text.matchAll(/UPDATE\s+(?:press_releases\b|\$\{pressReleases\})[^;`]*?\bSET\b[^;`]*?\bstatus\s*=/gi)) found.push(`${file}: ${match[0].slice(0, 60)}`);
    return found;
  }

  it('finds release statuses written in releases/lifecycle.ts alone', () => {
    const writers = sourceFiles('src/server').flatMap(statusWriters);
    expect(writers.length).toBeGreaterThan(0);
    expect(writers.every((w) => w.startsWith(path.join('src/server/releases/lifecycle.ts')))).toBe(true);
  });

  it('has a transition for every status a release can be moved out of, and refuses from the rest', () => {
    const froms = new Set(Object.values(TRANSITIONS).flatMap((tr) => tr.from));
    for (const status of ['draft', 'awaiting_approval', 'awaiting_client_approval', 'in_review', 'changes_requested', 'scheduled']) expect(froms.has(status as never)).toBe(true);
    for (const status of ['sent', 'failed', 'rejected']) expect(froms.has(status as never)).toBe(false);
  });
});
