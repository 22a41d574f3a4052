import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveries, pressReleases, releaseReviews, users, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { BOOTSTRAP_NAME } from '../bootstrap.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signInAs('editor', { role: 'admin', firstName: 'Editor' });
  await t.signInAs('chief', { role: 'super_admin' });
});
afterAll(() => t.close());

let counter = 0;
/** A paying customer (not trusted: its releases wait for an editor) with a list of `size` journalists. */
async function customer(allowance = 3, size = 3) {
  const name = `customer${++counter}`;
  const user = await t.signInAs(name, { userType: 'active', monthlyPressReleaseLimit: allowance, firstName: 'Layla' });
  const { listId } = await createListWithContacts(t.db, user.workspaceId, size);
  return { name, user, listId };
}

const send = (as: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/send-press-release', as, payload });
const review = (as: string | undefined, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.request({ method, url: `/api/review${path}`, ...(as ? { as } : {}), ...(payload ? { payload } : {}) });
const usedOf = async (workspaceId: WorkspaceId) => (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0].pressReleasesUsedThisMonth;
const deliveriesOf = async (releaseId: ReleaseId) => t.db.select().from(deliveries).where(eq(deliveries.releaseId, releaseId));
const mailsTo = (email: string) => t.smtp.messages.filter((m) => m.envelopeTo.includes(email));

async function submitted(options: { scheduledAt?: string; timeZone?: string; allowance?: number; title?: string } = {}) {
  const c = await customer(options.allowance);
  const payload = releasePayload({
    recipientLists: [c.listId],
    ...(options.title ? { title: options.title } : {}),
    ...(options.scheduledAt ? { action: 'schedule', scheduledAt: options.scheduledAt } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  const res = await send(c.name, payload);
  expect(res.statusCode).toBe(200);
  return { ...c, release: res.json().pressRelease };
}

describe('submitting for review', () => {
  it("puts a customer's Send Now in review: the press release is taken, nothing is queued", async () => {
    const { user, release } = await submitted();
    expect(release.status).toBe('in_review');
    expect(release.review).toMatchObject({ decision: null, decidedAt: null, comment: null });
    expect(await usedOf(user.workspaceId)).toBe(1);
    expect(await deliveriesOf(release.id)).toEqual([]);
  });

  it('lets super admins and trusted customers skip review, and REVIEW=off skips it for everyone', async () => {
    const trusted = await customer();
    await t.db.update(workspaces).set({ trusted: true }).where(eq(workspaces.id, trusted.user.workspaceId));
    const sent = await send(trusted.name, releasePayload({ recipientLists: [trusted.listId] }));
    expect(sent.json().pressRelease.status).toBe('sending');

    const chief = (await t.db.select().from(users).where(eq(users.role, 'super_admin')))[0];
    const { listId } = await createListWithContacts(t.db, chief.currentWorkspaceId!, 2);
    expect((await send('chief', releasePayload({ recipientLists: [listId] }))).json().pressRelease.status).toBe('sending');

    const off = await createTestApp({ REVIEW: 'off' });
    try {
      const user = await off.signInAs('plain', { userType: 'active', monthlyPressReleaseLimit: 1 });
      const list = await createListWithContacts(off.db, user.workspaceId, 2);
      const res = await off.request({ method: 'POST', url: '/api/send-press-release', as: 'plain', payload: releasePayload({ recipientLists: [list.listId] }) });
      expect(res.json().pressRelease).toMatchObject({ status: 'sending', recipientCount: 2, review: null });
    } finally {
      await off.close();
    }
  });

  it('emails the editors when a release enters the queue, at most once every few minutes each', async () => {
    // An editor of its own: an earlier test's alert to the shared editor may still be on its way.
    const editor = await t.signInAs('alerted-editor', { role: 'admin', firstName: 'Alerted' });
    await submitted();
    await submitted();
    await expect.poll(() => mailsTo(editor.email).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const alerts = mailsTo(editor.email);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].parsed.subject).toMatch(/^Review queue: \d+ press releases? (is|are) waiting$/);
  });
});

describe('the editors\' alert', () => {
  it('greets the bootstrap\'s placeholder admin without a name, and a named editor by name', async () => {
    await t.db.update(users).set({ ...BOOTSTRAP_NAME, reviewAlertedAt: null }).where(eq(users.role, 'super_admin'));
    await t.db.update(users).set({ reviewAlertedAt: null }).where(eq(users.role, 'admin'));
    const [chief] = await t.db.select().from(users).where(eq(users.role, 'super_admin'));
    const [editor] = await t.db.select().from(users).where(eq(users.role, 'admin'));
    const before = { chief: mailsTo(chief.email).length, editor: mailsTo(editor.email).length };
    await submitted();
    // Counted by content: an earlier test's alert may still arrive after `before` was read.
    const greetedPlainly = () => mailsTo(chief.email).slice(before.chief).filter((m) => String(m.parsed.text).includes('Hello,'));
    await expect.poll(() => greetedPlainly().length).toBe(1);
    await expect.poll(() => mailsTo(editor.email).length).toBeGreaterThan(before.editor);
    expect(String(greetedPlainly()[0].parsed.text)).not.toContain('Super');
    expect(String(mailsTo(editor.email).at(-1)!.parsed.text)).toContain('Hello Editor,');
  });
});

describe('who may review', () => {
  it('answers 401 to visitors, 403 to customers, and the queue to admins and super admins', async () => {
    await t.signInAs('plain-customer');
    expect((await review(undefined, 'GET', '/queue')).statusCode).toBe(401);
    expect((await review('plain-customer', 'GET', '/queue')).statusCode).toBe(403);
    expect((await review('editor', 'GET', '/queue')).statusCode).toBe(200);
    expect((await review('chief', 'GET', '/queue')).statusCode).toBe(200);
    const { release } = await submitted();
    for (const path of [`/${release.id}`, `/${release.id}/approve`]) {
      expect((await review('plain-customer', path.endsWith('approve') ? 'POST' : 'GET', path)).statusCode).toBe(403);
    }
  });

  it('lets only a super admin mark a customer trusted', async () => {
    const { user } = await customer();
    const put = (as: string, trusted: unknown) => t.request({ method: 'PUT', url: `/api/admin/users/${user.id}/trusted`, as, payload: { trusted } });
    expect((await put('editor', true)).statusCode).toBe(403);
    expect((await put('chief', 'yes')).statusCode).toBe(422);
    expect((await put('chief', true)).json()).toEqual({ id: user.id, trusted: true });
    expect((await t.db.select().from(workspaces).where(eq(workspaces.id, user.workspaceId)))[0].trusted).toBe(true);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.trusted'), eq(auditLog.target, user.email)));
    expect(audit).toHaveLength(1);
  });
});

describe('the queue and one release', () => {
  it('orders by deadline (a schedule by its time, Send Now 30 minutes after submission) with company, recipients and wait', async () => {
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    const later = new Date(Date.now() + 6 * 3_600_000).toISOString();
    const a = await submitted({ scheduledAt: later, timeZone: 'Asia/Riyadh', title: 'Scheduled for later today' });
    const b = await submitted({ title: 'Send now, waiting' });
    const c = await submitted({ scheduledAt: soon, title: 'Scheduled in five minutes' });
    const queue = (await review('editor', 'GET', '/queue?pageSize=100')).json();
    const order = queue.items.map((i: { id: string }) => i.id).filter((id: string) => [a, b, c].some((x) => x.release.id === id));
    expect(order).toEqual([c.release.id, b.release.id, a.release.id]);
    const item = queue.items.find((i: { id: string }) => i.id === b.release.id);
    expect(item).toMatchObject({ title: 'Send now, waiting', language: 'english', companyName: `${b.name} Company`, ownerEmail: b.user.email, scheduledAt: null, recipients: 3 });
    expect(item.waitingSeconds).toBeGreaterThanOrEqual(0);
    // A schedule comes with the zone it was entered in, for the editor to read it as the writer meant it.
    expect(queue.items.find((i: { id: string }) => i.id === a.release.id)).toMatchObject({ scheduledAt: later, timeZone: 'Asia/Riyadh' });
    expect(queue.total).toBeGreaterThanOrEqual(3);
  });

  it("names the workspace's owner when the release's author and sender are gone, not a person with the workspace's id", async () => {
    const { user, release } = await submitted();
    // Their accounts erased (author and sender set null), as deleting a person leaves a release.
    await t.db.update(pressReleases).set({ authorId: null, sentBy: null }).where(eq(pressReleases.id, release.id));
    const detail = (await review('editor', 'GET', `/${release.id}`)).json();
    expect(detail.companyName).toBe(user.companyName);
    expect(detail.ownerEmail).toBe(user.email);
  });

  it('shows the release as recipients get it, its audience, its links and findings', async () => {
    const c = await customer();
    const payload = releasePayload({
      recipientLists: [c.listId],
      title: 'FREE OFFER FOR ALL JOURNALISTS!!!',
      content: '<p>Short text with <a href="https://example.com/launch">our launch page</a>, enough words to pass the minimum length rule.</p>',
    });
    const id = (await send(c.name, payload)).json().pressRelease.id;
    const detail = (await review('editor', 'GET', `/${id}`)).json();
    expect(detail.pressRelease).toMatchObject({ id, status: 'in_review', userEmail: c.user.email });
    expect(detail.ownerEmail).toBe(c.user.email);
    expect(detail.html).toContain('FREE OFFER FOR ALL JOURNALISTS');
    expect(detail.html).not.toContain('/t/o/');
    expect(detail.recipients).toBe(3);
    expect(detail.byCountry.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(3);
    expect(detail.links).toContainEqual({ text: 'our launch page', href: 'https://example.com/launch' });
    const codes = detail.findings.map((f: { code: string }) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['SHORT_CONTENT', 'SUBJECT_CAPITALS', 'SUBJECT_SPAMMY']));
    expect((await review('editor', 'GET', '/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Whether each link answers is asked apart; a link into our own network is never fetched.
    const internal = (await send(c.name, releasePayload({ recipientLists: [c.listId], content: '<p>See <a href="http://127.0.0.1:9/admin">our intranet</a> for the full story of this launch today.</p>' }))).json().pressRelease.id;
    expect((await t.request({ method: 'GET', url: `/api/review/${internal}/links`, as: c.name })).statusCode).toBe(403);
    const checked = (await review('editor', 'GET', `/${internal}/links`)).json();
    expect(checked.links).toEqual([{ text: 'our intranet', href: 'http://127.0.0.1:9/admin', ok: false, status: null, problem: 'private_address' }]);

    // The editor opens its files while it waits; once decided they are the owner's again.
    const file = detail.pressRelease.attachments[0];
    const open = () => t.request({ method: 'GET', url: `/api/press-releases/${id}/attachments/${file.id}`, as: 'editor' });
    expect((await open()).statusCode).toBe(200);
    await review('editor', 'POST', `/${id}/reject`, { reason: 'Advertising' });
    expect((await open()).statusCode).toBe(404);
  });
});

describe('decisions', () => {
  it('approves Send Now: distribution starts at once and the customer gets the clear time', async () => {
    const { name, user, release } = await submitted();
    const res = await review('editor', 'POST', `/${release.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().pressRelease).toMatchObject({ status: 'sending', recipientCount: 3, review: { decision: 'approved', decidedBy: 'Editor Tester' } });
    expect(await deliveriesOf(release.id)).toHaveLength(3);
    expect(await usedOf(user.workspaceId)).toBe(1);
    await expect.poll(() => mailsTo(user.email).map((m) => m.parsed.subject)).toContain(`Approved: ${release.title}`);
    const mail = mailsTo(user.email).find((m) => m.parsed.subject === `Approved: ${release.title}`)!;
    expect(mail.parsed.text).toMatch(/distribution started at .* UTC to 3 journalists/);
    // The customer's release page reads the same decision, with who made it and when it went out.
    const own = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: name })).json();
    expect(own.review).toMatchObject({ decision: 'approved', decidedBy: 'Editor Tester' });
    expect(own.firstAcceptedAt).toBeNull();
    await t.db.update(deliveries).set({ status: 'sent', sentAt: new Date() }).where(eq(deliveries.releaseId, release.id));
    const accepted = (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: name })).json();
    expect(accepted.firstAcceptedAt).toEqual(expect.any(String));
    expect(accepted.lastAcceptedAt).toEqual(expect.any(String));
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'review.approved'), eq(auditLog.target, release.id)));
    expect(audit).toHaveLength(1);
  });

  it('approves a schedule for its time, and one whose time has passed at once (the customer is told)', async () => {
    const future = await submitted({ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    const approved = (await review('editor', 'POST', `/${future.release.id}/approve`)).json().pressRelease;
    expect(approved.status).toBe('scheduled');
    expect(approved.scheduledAt).toBe(future.release.scheduledAt);
    expect(await deliveriesOf(future.release.id)).toEqual([]);

    const late = await submitted({ scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.db.update(pressReleases).set({ scheduledAt: new Date(Date.now() - 60_000) }).where(eq(pressReleases.id, late.release.id));
    const lateApproved = (await review('editor', 'POST', `/${late.release.id}/approve`)).json().pressRelease;
    expect(lateApproved.status).toBe('sending');
    expect(await deliveriesOf(late.release.id)).toHaveLength(3);
    await expect.poll(() => mailsTo(late.user.email).find((m) => m.parsed.subject?.startsWith('Approved'))?.parsed.text ?? '').toContain(
      'scheduled time had passed',
    );
  });

  it('requests changes with a comment: the press release stays reserved through edits and resubmission', async () => {
    const { name, user, listId, release } = await submitted({ allowance: 1 });
    expect((await review('editor', 'POST', `/${release.id}/request-changes`, { comment: '  ' })).statusCode).toBe(422);
    expect((await review('editor', 'POST', `/${release.id}/request-changes`, { comment: 'x'.repeat(2001) })).statusCode).toBe(422);
    const res = await review('editor', 'POST', `/${release.id}/request-changes`, { comment: 'Please add a quote from your CEO.' });
    expect(res.json().pressRelease).toMatchObject({ status: 'changes_requested', review: { decision: 'changes_requested', comment: 'Please add a quote from your CEO.' } });
    expect(await usedOf(user.workspaceId)).toBe(1);
    await expect.poll(() => mailsTo(user.email).find((m) => m.parsed.subject === `Changes requested: ${release.title}`)?.parsed.text ?? '').toContain(
      'Please add a quote from your CEO.',
    );

    // Autosaved edits keep it sent back (and reserved); the customer's allowance of one is not asked again.
    const draft = await send(name, releasePayload({ action: 'save_draft', existingPressReleaseId: release.id, recipientLists: [listId], title: 'With a quote from our CEO' }));
    expect(draft.json().pressRelease.status).toBe('changes_requested');
    expect(await usedOf(user.workspaceId)).toBe(1);
    // Resubmission follows the rules of a first submission.
    const invalid = await send(name, releasePayload({ existingPressReleaseId: release.id, recipientLists: [listId], title: '' }));
    expect(invalid.statusCode).toBe(422);
    const resubmitted = await send(name, releasePayload({ existingPressReleaseId: release.id, recipientLists: [listId], title: 'With a quote from our CEO' }));
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().pressRelease).toMatchObject({ status: 'in_review', review: { decision: null } });
    expect(await usedOf(user.workspaceId)).toBe(1);
    // In review again, it is not edited until withdrawn.
    expect((await send(name, releasePayload({ existingPressReleaseId: release.id, recipientLists: [listId] }))).statusCode).toBe(409);
    const submissions = await t.db.select().from(releaseReviews).where(eq(releaseReviews.releaseId, release.id));
    expect(submissions).toHaveLength(2);
  });

  it('refuses a comment that is not valid Unicode (a lone surrogate) with a 422, and decides nothing', async () => {
    const { release } = await submitted();
    for (const [path, body] of [['request-changes', { comment: 'Fix this \ud800 please' }], ['reject', { reason: '\udc00' }]] as const) {
      const res = await t.request({ method: 'POST', url: `/api/review/${release.id}/${path}`, as: 'editor', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Text contains characters that are not valid Unicode', errors: [{ path: Object.keys(body)[0] }] });
    }
    const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id));
    expect(row.status).toBe('in_review');
  });

  it('rejects with a reason: the press release is given back and the customer reads why', async () => {
    const { user, release } = await submitted();
    expect((await review('editor', 'POST', `/${release.id}/reject`, {})).statusCode).toBe(422);
    const res = await review('editor', 'POST', `/${release.id}/reject`, { reason: 'This is an advertisement, not news.' });
    expect(res.json().pressRelease).toMatchObject({ status: 'rejected', review: { decision: 'rejected' } });
    expect(await usedOf(user.workspaceId)).toBe(0);
    expect(await deliveriesOf(release.id)).toEqual([]);
    await expect.poll(() => mailsTo(user.email).find((m) => m.parsed.subject === `Not approved: ${release.title}`)?.parsed.text ?? '').toContain(
      'This is an advertisement, not news.',
    );
    // Decided once: no second decision, and the customer cannot edit it back into the queue.
    expect((await review('editor', 'POST', `/${release.id}/approve`)).statusCode).toBe(409);
  });

  it('lets two editors approve at once: exactly one wins, the other gets 409, nothing is queued twice', async () => {
    const { release } = await submitted();
    const answers = await Promise.all([review('editor', 'POST', `/${release.id}/approve`), review('chief', 'POST', `/${release.id}/approve`)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await deliveriesOf(release.id)).toHaveLength(3);
    const decisions = await t.db.select().from(auditLog).where(eq(auditLog.target, release.id));
    expect(decisions.filter((d) => d.action.startsWith('review.'))).toHaveLength(1);
  });
});

describe('withdrawing', () => {
  it('takes a release back to draft with its press release until an editor approves it', async () => {
    const { name, user, release } = await submitted();
    const withdraw = (id: string, as = name) => t.request({ method: 'POST', url: `/api/press-releases/${id}/withdraw`, as });
    expect((await withdraw(release.id, 'editor')).statusCode).toBe(404);
    const res = await withdraw(release.id);
    expect(res.json().pressRelease).toMatchObject({ status: 'draft', review: { decision: 'withdrawn' } });
    expect(await usedOf(user.workspaceId)).toBe(0);
    expect((await withdraw(release.id)).statusCode).toBe(409);
    expect((await review('editor', 'POST', `/${release.id}/approve`)).statusCode).toBe(409);

    const approved = await submitted();
    await review('editor', 'POST', `/${approved.release.id}/approve`);
    const late = await withdraw(approved.release.id, approved.name);
    expect(late.statusCode).toBe(409);
    // The answer says where the release stands, so a page that fell behind can show it.
    expect(late.json()).toMatchObject({ code: 'NOT_WITHDRAWABLE', details: { status: 'sending' } });
    expect(await usedOf(approved.user.workspaceId)).toBe(1);
  });

  it('lets a withdrawal and an approval race: exactly one wins and the allowance matches the winner', async () => {
    for (let round = 0; round < 3; round++) {
      const { name, user, release } = await submitted();
      const [withdrawn, approved] = await Promise.all([
        t.request({ method: 'POST', url: `/api/press-releases/${release.id}/withdraw`, as: name }),
        review('editor', 'POST', `/${release.id}/approve`),
      ]);
      expect([withdrawn.statusCode, approved.statusCode].sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, release.id));
      const reviews = await t.db.select().from(releaseReviews).where(eq(releaseReviews.releaseId, release.id));
      expect(reviews).toHaveLength(1);
      if (withdrawn.statusCode === 200) {
        expect(row.status).toBe('draft');
        expect(reviews[0].decision).toBe('withdrawn');
        expect(await usedOf(user.workspaceId)).toBe(0);
        expect(await deliveriesOf(release.id)).toEqual([]);
      } else {
        expect(withdrawn.json().details).toEqual({ status: row.status });
        expect(reviews[0].decision).toBe('approved');
        expect(await usedOf(user.workspaceId)).toBe(1);
        expect(await deliveriesOf(release.id)).toHaveLength(3);
      }
    }
  });

  it('answers 404 for an unknown release and a malformed id, and never touches a draft', async () => {
    const { name, user, listId } = await customer();
    const draft = (await send(name, releasePayload({ recipientLists: [listId], action: 'save_draft' }))).json().pressRelease;
    const withdraw = (id: string) => t.request({ method: 'POST', url: `/api/press-releases/${id}/withdraw`, as: name });
    expect((await withdraw('not-a-uuid')).statusCode).toBe(404);
    expect((await withdraw('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const res = await withdraw(draft.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().details).toEqual({ status: 'draft' });
    expect(await usedOf(user.workspaceId)).toBe(0);
  });
});

describe('turnaround', () => {
  it('reports median and 90th percentile to decision and the share of approvals started within 30 minutes', async () => {
    const stats = (await review('chief', 'GET', '/stats')).json();
    expect(stats.days).toBe(30);
    expect(stats.decided).toBeGreaterThanOrEqual(5);
    expect(stats.medianSeconds).toBeGreaterThanOrEqual(0);
    expect(stats.p90Seconds).toBeGreaterThanOrEqual(stats.medianSeconds);
    // The first message of every approval accepted a minute after its start: all within the target
    // (an approval for a time still to come is not counted yet).
    const approved = (await t.db.select().from(releaseReviews).where(eq(releaseReviews.decision, 'approved'))).filter((r) => r.decidedAt);
    for (const r of approved) {
      const [release] = await t.db.select().from(pressReleases).where(eq(pressReleases.id, r.releaseId));
      const start = Math.max(new Date(r.decidedAt!).getTime(), new Date(release.scheduledAt ?? 0).getTime());
      await t.db.update(deliveries).set({ status: 'sent', sentAt: new Date(start + 60_000) }).where(eq(deliveries.releaseId, r.releaseId));
    }
    const started = (await review('chief', 'GET', '/stats')).json();
    expect(started.approvals).toBeGreaterThanOrEqual(3);
    // Before their first messages went (and inside their 30 minutes), those approvals had not had their chance.
    expect(started.approvals).toBeGreaterThan(stats.approvals);
    expect(started.startedWithinTarget).toBe(1);
    // One that started 45 minutes after approval misses it.
    const slow = (await t.db.select().from(deliveries)).find((d) => d.sentAt && approved.some((r) => r.releaseId === d.releaseId))!;
    const slowReview = approved.find((r) => r.releaseId === slow.releaseId)!;
    await t.db.update(deliveries).set({ sentAt: new Date(new Date(slowReview.decidedAt!).getTime() + 45 * 60_000) }).where(eq(deliveries.releaseId, slow.releaseId));
    const after = (await review('chief', 'GET', '/stats')).json();
    expect(after.startedWithinTarget).toBeCloseTo((after.approvals - 1) / after.approvals, 5);
    expect((await review('plain-customer', 'GET', '/stats')).statusCode).toBe(403);
  });
});

describe('what an editor may open', () => {
  const opens = async (as: string, id: string) => [(await review(as, 'GET', `/${id}`)).statusCode, (await review(as, 'GET', `/${id}/links`)).statusCode];

  it('opens a release only while it waits in the queue, or when it is in the editor’s own decisions', async () => {
    const c = await customer(5);
    const draft = (await send(c.name, releasePayload({ action: 'save_draft', recipientLists: [c.listId] }))).json().pressRelease;
    expect(await opens('editor', draft.id)).toEqual([404, 404]);

    const waiting = (await send(c.name, releasePayload({ recipientLists: [c.listId] }))).json().pressRelease;
    expect(await opens('editor', waiting.id)).toEqual([200, 200]);
    // Withdrawn and written again: a draft of the customer's, no editor's business any more.
    await t.request({ method: 'POST', url: `/api/press-releases/${waiting.id}/withdraw`, as: c.name });
    await send(c.name, releasePayload({ action: 'save_draft', existingPressReleaseId: waiting.id, recipientLists: [c.listId], title: 'Rewritten in private' }));
    expect(await opens('editor', waiting.id)).toEqual([404, 404]);

    // Decided by another editor: that editor keeps it in their history, this one does not see it.
    const rejected = (await send(c.name, releasePayload({ recipientLists: [c.listId] }))).json().pressRelease;
    expect((await review('chief', 'POST', `/${rejected.id}/reject`, { reason: 'Not news' })).statusCode).toBe(200);
    expect(await opens('editor', rejected.id)).toEqual([404, 404]);
    expect(await opens('chief', rejected.id)).toEqual([200, 200]);

    const approved = (await send(c.name, releasePayload({ recipientLists: [c.listId] }))).json().pressRelease;
    expect((await review('editor', 'POST', `/${approved.id}/approve`)).statusCode).toBe(200);
    expect(await opens('editor', approved.id)).toEqual([200, 200]);
    expect(await opens('chief', approved.id)).toEqual([404, 404]);

    // Sent without review (a trusted customer): never in anyone's queue.
    await t.db.update(workspaces).set({ trusted: true }).where(eq(workspaces.id, c.user.workspaceId));
    const sent = (await send(c.name, releasePayload({ recipientLists: [c.listId] }))).json().pressRelease;
    expect(sent.status).toBe('sending');
    expect(await opens('editor', sent.id)).toEqual([404, 404]);
  });

  it('never lets an editor decide a release of their own account', async () => {
    const self = await t.signInAs('self-editor', { role: 'admin', userType: 'active', monthlyPressReleaseLimit: 3 });
    const { listId } = await createListWithContacts(t.db, self.workspaceId, 2);
    const own = (await send('self-editor', releasePayload({ recipientLists: [listId] }))).json().pressRelease;
    expect(own.status).toBe('in_review');
    for (const [path, body] of [['approve', undefined], ['request-changes', { comment: 'Fine by me' }], ['reject', { reason: 'No' }]] as const) {
      const res = await review('self-editor', 'POST', `/${own.id}/${path}`, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('An editor cannot decide a press release of their own account');
    }
    expect(await deliveriesOf(own.id)).toEqual([]);
    expect((await review('editor', 'POST', `/${own.id}/approve`)).statusCode).toBe(200);
  });
});
