import type { WorkspaceId } from '../../shared/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { brandLogos, brands, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from './release-fixtures.js';

/** Issue 28: a brand's client approves its releases inside the product. Review is on, as in production. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'on' });
});
afterAll(async () => t?.close());

let n = 0;

/**
 * A Dubai agency (trusted unless told: its releases skip the editors) with a client brand that requires
 * client approval, a client seat of that brand, a publisher, a writer and a list of journalists.
 */
async function agency(
  options: { allowance?: number; trusted?: boolean; withClient?: boolean; clientLanguage?: 'en' | 'ar' } = {},
) {
  const id = ++n;
  const ownerAs = `Agency${id}`;
  const owner = await t.signInAs(ownerAs, {
    monthlyPressReleaseLimit: options.allowance ?? 5,
    userType: 'active',
    trusted: options.trusted ?? true,
    companyName: `Gulf Bridge PR ${id}`,
  });
  const [brand] = await t.db
    .insert(brands)
    .values({
      workspaceId: owner.workspaceId,
      name: `Riyadh Foods ${id}`,
      nameAr: 'أغذية الرياض',
      clientApproval: true,
    })
    .returning();
  const member = async (as: string, firstName: string, role: 'publisher' | 'writer' | 'client') =>
    t.signInAs(as, {
      firstName,
      ...(role === 'client' ? { language: options.clientLanguage ?? 'en' } : {}),
      memberOf: { workspaceId: owner.workspaceId, role, ...(role === 'client' ? { brandIds: [brand.id] } : {}) },
    });
  const clientAs = `Client${id}`;
  const client = options.withClient === false ? null : await member(clientAs, 'Huda', 'client');
  const publisherAs = `Publisher${id}`;
  const publisher = await member(publisherAs, 'Omar', 'publisher');
  const writerAs = `Writer${id}`;
  await member(writerAs, 'Nadia', 'writer');
  const { listId } = await createListWithContacts(t.db, owner.workspaceId, 2);
  return { owner, ownerAs, brand, client, clientAs, publisher, publisherAs, writerAs, listId };
}
type Agency = Awaited<ReturnType<typeof agency>>;

const allowanceUsed = async (workspaceId: WorkspaceId) =>
  (await t.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)))[0].pressReleasesUsedThisMonth;

const send = (a: Agency, as: string, overrides: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/send-press-release',
    payload: releasePayload({ brandId: a.brand.id, recipientLists: [a.listId], ...overrides }),
    as,
  });

const answer = (id: string, as: string, verb: 'client-approve' | 'client-return', comment?: string) =>
  t.request({
    method: 'POST',
    url: `/api/press-releases/${id}/${verb}`,
    ...(comment === undefined ? {} : { payload: { comment } }),
    as,
  });

const read = async (id: string, as: string) =>
  (await t.request({ method: 'GET', url: `/api/press-releases/${id}`, as })).json();

describe('a release of a brand whose client approves', () => {
  // Decision 026: the press release is held from the publisher's send (the client never meets a 402), and
  // the client's approval spends nothing more.
  it('waits for the client (202, its press release held, client emailed), and one of ten parallel approvals sends it once', async () => {
    const a = await agency();
    const from = t.smtp.messages.length;
    const sent = await send(a, a.publisherAs);
    expect(sent.statusCode).toBe(202);
    const release = sent.json().pressRelease;
    expect(release).toMatchObject({
      status: 'awaiting_client_approval',
      brand: { id: a.brand.id, name: a.brand.name, nameAr: 'أغذية الرياض', logoUrl: null },
      holdsAllowance: true,
    });
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(a.client!.email), from);
    expect(mail.parsed.subject).toBe(`Waiting for your approval: ${release.title}`);
    expect(mail.parsed.text).toContain(`http://localhost:3000/analytics/${release.id}`);
    expect(mail.parsed.text).toContain(a.brand.name);

    // The client sees it among its brand's releases.
    const mine = (await t.request({ method: 'GET', url: '/api/press-releases', as: a.clientAs })).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([release.id]);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => answer(release.id, a.clientAs, 'client-approve')),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(
      refused.every((r) => r.statusCode === 409 && r.json().code === 'NOT_AWAITING_CLIENT_APPROVAL'),
    ).toBe(true);
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);

    const out = await read(release.id, a.publisherAs);
    expect(out.status).toMatch(/^(sending|sent)$/);
    expect(out.clientApprovedBy).toMatchObject({ name: 'Huda Tester' });
    expect(out.clientApprovedAt).not.toBeNull();
    expect(out.clientApprovedVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(out.sentBy).toMatchObject({ name: 'Omar Tester' });
    // The brand's own newsroom got its address with the release, not the agency's.
    const [brandNow] = await t.db.select().from(brands).where(eq(brands.id, a.brand.id));
    expect(brandNow.newsroomSlug).not.toBeNull();
    expect(out.newsroomUrl).toBe(`http://localhost:3000/newsroom/${brandNow.newsroomSlug}`);
    const [agencyBrand] = await t.db.select().from(brands).where(eq(brands.id, a.owner.companyBrandId));
    expect(agencyBrand.newsroomSlug).toBeNull();

    const activity = (
      await t.request({ method: 'GET', url: '/api/workspace/activity', as: a.ownerAs })
    ).json();
    const actions = activity.items.map((i: { action: string }) => i.action);
    expect(actions).toEqual(
      expect.arrayContaining(['release.sent_for_client_approval', 'release.client_approved']),
    );
    const approved = activity.items.find((i: { action: string }) => i.action === 'release.client_approved');
    expect(approved).toMatchObject({ actor: 'Huda Tester', details: { version: out.clientApprovedVersion } });
  });

  it('goes to the editors after the client approves when the workspace is not trusted', async () => {
    const a = await agency({ trusted: false });
    const release = (await send(a, a.publisherAs)).json().pressRelease;
    const approved = await answer(release.id, a.clientAs, 'client-approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().pressRelease.status).toBe('in_review');
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
  });

  it('keeps the intended schedule while it waits, and schedules it when the client approves', async () => {
    const a = await agency();
    const scheduledAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const release = (await send(a, a.publisherAs, { action: 'schedule', scheduledAt })).json().pressRelease;
    expect(release).toMatchObject({ status: 'awaiting_client_approval', scheduledAt });
    const approved = (await answer(release.id, a.clientAs, 'client-approve')).json().pressRelease;
    expect(approved).toMatchObject({ status: 'scheduled', scheduledAt });
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
  });

  // Decision 026: the allowance is checked when the agency lets the release go, not when the client answers.
  it('answers the publisher 402 with no allowance left, and nothing waits for the client', async () => {
    const a = await agency({ allowance: 0 });
    const from = t.smtp.messages.length;
    const refused = await send(a, a.publisherAs);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('PAYMENT_REQUIRED');
    const waiting = (await t.request({ method: 'GET', url: '/api/press-releases', as: a.clientAs })).json();
    expect(waiting.total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.smtp.messages.slice(from).some((m) => m.envelopeTo.includes(a.client!.email))).toBe(false);
  });

  // Decision 026: a return is `changes_requested` (not a draft), with who returned it and their words.
  it('returns it as changes requested with the client’s comment for the agency, and a new send asks again', async () => {
    const a = await agency();
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const release = (await send(a, a.publisherAs, { action: 'schedule', scheduledAt })).json().pressRelease;
    const blank = await answer(release.id, a.clientAs, 'client-return', ' ');
    expect(blank.statusCode).toBe(422);
    const from = t.smtp.messages.length;
    const returned = await answer(release.id, a.clientAs, 'client-return', 'Use our new CEO title');
    expect(returned.statusCode).toBe(200);
    const seen = await read(release.id, a.publisherAs);
    expect(seen).toMatchObject({
      status: 'changes_requested',
      clientComment: 'Use our new CEO title',
      scheduledAt: null,
      holdsAllowance: false,
      returned: { source: 'client', comment: 'Use our new CEO title', by: { name: 'Huda Tester', role: 'client' } },
    });
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(0);
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(a.publisher.email), from);
    expect(mail.parsed.subject).toBe(`Returned by the client: ${release.title}`);
    expect(mail.parsed.text).toContain('Use our new CEO title');
    const late = await answer(release.id, a.clientAs, 'client-approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NOT_AWAITING_CLIENT_APPROVAL');

    const again = await send(a, a.publisherAs, { existingPressReleaseId: release.id });
    expect(again.statusCode).toBe(202);
    expect(again.json().pressRelease).toMatchObject({
      status: 'awaiting_client_approval',
      clientComment: null,
    });
    const activity = (
      await t.request({ method: 'GET', url: '/api/workspace/activity', as: a.ownerAs })
    ).json();
    expect(activity.items.map((i: { action: string }) => i.action)).toContain('release.client_returned');
  });

  it('cannot be edited while it waits, and its publisher can withdraw it', async () => {
    const a = await agency();
    const release = (await send(a, a.publisherAs)).json().pressRelease;
    const edit = await send(a, a.publisherAs, { action: 'save_draft', existingPressReleaseId: release.id });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('RELEASE_AWAITING_CLIENT_APPROVAL');
    const withdrawn = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/withdraw`,
      as: a.publisherAs,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().pressRelease.status).toBe('draft');
    expect((await answer(release.id, a.clientAs, 'client-approve')).statusCode).toBe(409);
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(0);
  });

  it('is answered only by a client seat of its brand: another brand’s client gets 404, the team 403', async () => {
    const a = await agency();
    const [other] = await t.db
      .insert(brands)
      .values({ workspaceId: a.owner.workspaceId, name: `Other brand ${n}`, clientApproval: true })
      .returning();
    const otherClientAs = `OtherClient${n}`;
    await t.signInAs(otherClientAs, {
      memberOf: { workspaceId: a.owner.workspaceId, role: 'client', brandIds: [other.id] },
    });
    const stranger = await agency();
    const release = (await send(a, a.publisherAs)).json().pressRelease;

    for (const as of [otherClientAs, stranger.clientAs]) {
      for (const verb of ['client-approve', 'client-return'] as const) {
        const refused = await answer(release.id, as, verb, 'No');
        expect(refused.statusCode).toBe(404);
      }
      expect(
        (await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as })).statusCode,
      ).toBe(404);
    }
    for (const as of [a.publisherAs, a.ownerAs, a.writerAs]) {
      const refused = await answer(release.id, as, 'client-approve');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ROLE_REQUIRED', details: { role: 'client' } });
    }
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/client-approve`,
    });
    expect(anonymous.statusCode).toBe(401);
    const badId = await answer('not-a-uuid', a.clientAs, 'client-approve');
    expect(badId.statusCode).toBe(404);
    // Held since the publisher's send (decision 026); no refused answer took or gave back anything.
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
    expect((await read(release.id, a.publisherAs)).status).toBe('awaiting_client_approval');
  });

  it('is refused with 422 when the brand has no client to approve it, saving nothing', async () => {
    const a = await agency({ withClient: false });
    const refused = await send(a, a.publisherAs);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('NO_CLIENT_TO_APPROVE');
    const page = (await t.request({ method: 'GET', url: '/api/press-releases', as: a.publisherAs })).json();
    expect(page.total).toBe(0);
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(0);
  });

  it('goes straight out for a brand without client approval', async () => {
    const a = await agency();
    const sent = await send(a, a.publisherAs, { brandId: a.owner.workspaceId });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().pressRelease.status).toMatch(/^(sending|sent)$/);
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
  });

  it('does not wait for a super admin, who runs the service', async () => {
    const a = await agency();
    const adminAs = `Admin${n}`;
    await t.signInAs(adminAs, {
      role: 'super_admin',
      memberOf: { workspaceId: a.owner.workspaceId, role: 'publisher' },
    });
    const sent = await send(a, adminAs);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().pressRelease.status).toMatch(/^(sending|sent)$/);
  });

  it('after a writer’s workspace approval, goes on to the client, then out as the approver’s send', async () => {
    const a = await agency({ clientLanguage: 'ar' });
    const arabicTitle = 'أغذية الرياض تفتتح مخبزًا في جدة';
    const submitted = await send(a, a.writerAs, {
      translation: { language: 'arabic', title: arabicTitle, subtitle: '', content: '<p>افتتحت أغذية الرياض اليوم أول مخبز لها في جدة يخبز لأربعين متجرًا.</p>', location: 'جدة', boilerplate: 'تخبز أغذية الرياض للمملكة منذ عام 1990.' },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    const release = submitted.json().pressRelease;
    expect(release.status).toBe('awaiting_approval');
    const from = t.smtp.messages.length;
    const approved = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/approve`,
      as: a.publisherAs,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().pressRelease.status).toBe('awaiting_client_approval');
    // Held from the approver's decision on (decision 026); the client's approval spends nothing more.
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(a.client!.email), from);
    // An Arabic reader reads the brand's Arabic name and the release's Arabic title (issue 37), from نشر.
    expect(mail.parsed.subject).toBe(`بانتظار موافقتك: ${arabicTitle}`);
    expect(mail.parsed.text).toContain('«أغذية الرياض»');
    expect(mail.parsed.text).not.toContain(a.brand.name);
    expect(mail.parsed.from?.value[0].name).toBe('نشر');
    expect(mail.parsed.text).toContain(`/analytics/${release.id}`);

    const out = (await answer(release.id, a.clientAs, 'client-approve')).json().pressRelease;
    expect(out.status).toMatch(/^(sending|sent)$/);
    expect(out).toMatchObject({
      author: { name: 'Nadia Tester' },
      approvedBy: { name: 'Omar Tester' },
      sentBy: { name: 'Omar Tester' },
      clientApprovedBy: { name: 'Huda Tester' },
    });
    expect(await allowanceUsed(a.owner.workspaceId)).toBe(1);
  });
});

describe('the brand on a release', () => {
  it('names the brand with its logo, and filters the list by brand', async () => {
    const a = await agency();
    await t.db.insert(brandLogos).values({
      brandId: a.brand.id,
      contentType: 'image/png',
      sha256: 'ab'.repeat(32),
      content: Buffer.from('png'),
    });
    const own = (
      await send(a, a.publisherAs, {
        action: 'save_draft',
        brandId: a.owner.workspaceId,
        title: 'The agency’s own news',
      })
    ).json().pressRelease;
    const client = (await send(a, a.publisherAs, { action: 'save_draft', title: 'For the client' })).json()
      .pressRelease;
    expect(client.brand).toEqual({
      id: a.brand.id,
      name: a.brand.name,
      nameAr: 'أغذية الرياض',
      logoUrl: `http://localhost:3000/api/brands/${a.brand.id}/logo?v=${'ab'.repeat(6)}`,
    });
    expect(own.brand).toMatchObject({ id: a.owner.workspaceId, logoUrl: null });

    const list = async (query: string) =>
      (await t.request({ method: 'GET', url: `/api/press-releases${query}`, as: a.publisherAs })).json();
    const all = await list('');
    expect(all.items.map((r: { title: string }) => r.title).sort()).toEqual([
      'For the client',
      'The agency’s own news',
    ]);
    expect(all.items.find((r: { id: string }) => r.id === client.id).brand.name).toBe(a.brand.name);
    const filtered = await list(`?brandId=${a.brand.id}`);
    expect(filtered).toMatchObject({ total: 1, items: [{ id: client.id }] });
    const bad = await t.request({
      method: 'GET',
      url: '/api/press-releases?brandId=nope',
      as: a.publisherAs,
    });
    expect(bad.statusCode).toBe(422);
  });
});
