import type { UserId, WorkspaceId } from '../../shared/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { payments, users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import type { WorkspaceRole } from '../../shared/workspaces.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REVIEW: 'off' });
});
afterAll(async () => t?.close());

let jar = 0;
/** An owner of a new workspace, signed in as `as`. */
const ownerOfNewWorkspace = (fields: Record<string, unknown> = {}) => t.signInAs(`Owner${++jar}`, fields);
/** A member of the workspace with the role, signed in as the returned jar name. */
async function memberOf(workspaceId: WorkspaceId, role: WorkspaceRole, firstName = `${role}${++jar}`) {
  const as = `${firstName}-${jar}`;
  const user = await t.signInAs(as, { firstName, memberOf: { workspaceId, role } });
  return { as, user };
}

const addMember = (workspaceId: WorkspaceId, userId: UserId, role: WorkspaceRole) =>
  t.db.insert(workspaceMembers).values({ workspaceId, userId, role });

const invitationLinkOf = async (email: string, from: number) => {
  const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(email), from);
  const match = /\/invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail.parsed.text ?? '');
  expect(match).not.toBeNull();
  return { mail, token: decodeURIComponent(match![1]) };
};

describe('the current workspace', () => {
  it('answers /api/auth/me with the workspace, its role and its actions, and switches between workspaces', async () => {
    const owner = await ownerOfNewWorkspace({ companyName: 'Gulf Bridge PR' });
    const other = await ownerOfNewWorkspace({ companyName: 'Riyadh Foods' });
    const { as, user } = await memberOf(other.workspaceId, 'writer');
    await addMember(owner.workspaceId, user.id, 'viewer');

    const me = (await t.request({ method: 'GET', url: '/api/auth/me', as })).json();
    expect(me.companyName).toBe('Riyadh Foods');
    expect(me.workspace).toMatchObject({
      id: other.workspaceId,
      name: 'Riyadh Foods',
      role: 'writer',
      actions: ['read', 'browse', 'write'],
    });

    const list = (await t.request({ method: 'GET', url: '/api/workspaces', as })).json();
    expect(list).toEqual(
      expect.arrayContaining([
        { id: owner.workspaceId, name: 'Gulf Bridge PR', role: 'viewer', current: false },
        { id: other.workspaceId, name: 'Riyadh Foods', role: 'writer', current: true },
      ]),
    );
    const switched = await t.request({
      method: 'PUT',
      url: '/api/workspaces/current',
      payload: { workspaceId: owner.workspaceId },
      as,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().workspace).toMatchObject({ id: owner.workspaceId, role: 'viewer', actions: ['read', 'browse'] });
    expect((await t.request({ method: 'GET', url: '/api/auth/me', as })).json().companyName).toBe(
      'Gulf Bridge PR',
    );
  });

  it("switches this device only: the person's other signed-in devices stay where they were, a new sign-in starts where they last chose", async () => {
    const owner = await ownerOfNewWorkspace({ companyName: 'Levant Wire' });
    const { as: laptop, user } = await memberOf(owner.workspaceId, 'writer');
    const other = await ownerOfNewWorkspace({ companyName: 'Nile Media' });
    await addMember(other.workspaceId, user.id, 'viewer');
    await t.signInElsewhere(`${laptop}-phone`, user.id);
    const workspaceOf = async (as: string) => (await t.request({ method: 'GET', url: '/api/auth/me', as })).json().workspace.id;
    expect(await workspaceOf(laptop)).toBe(owner.workspaceId);
    expect(await workspaceOf(`${laptop}-phone`)).toBe(owner.workspaceId);

    const switched = await t.request({ method: 'PUT', url: '/api/workspaces/current', payload: { workspaceId: other.workspaceId }, as: laptop });
    expect(switched.json().workspace.id).toBe(other.workspaceId);
    expect(await workspaceOf(laptop)).toBe(other.workspaceId);
    // The phone still acts in the workspace it was in, lists it as current, and its answers follow it.
    expect(await workspaceOf(`${laptop}-phone`)).toBe(owner.workspaceId);
    const phoneList = (await t.request({ method: 'GET', url: '/api/workspaces', as: `${laptop}-phone` })).json();
    expect(phoneList.find((w: { current: boolean }) => w.current).id).toBe(owner.workspaceId);
    expect((await t.request({ method: 'PUT', url: '/api/auth/language', payload: { language: 'ar' }, as: `${laptop}-phone` })).json().workspace.id).toBe(owner.workspaceId);

    // Signing in again (a third device) starts where the person chose last.
    const login = await t.request({ method: 'POST', url: '/api/auth/login', as: `${laptop}-tablet`, payload: { email: user.email, password: 'password123' } });
    expect(login.json().user.workspace.id).toBe(other.workspaceId);
  });

  it('answers 404 for switching to a workspace one is not a member of, and 422 for a malformed id, changing nothing', async () => {
    const stranger = await ownerOfNewWorkspace();
    const owner = await ownerOfNewWorkspace();
    const as = `Owner${jar}`;
    const refused = await t.request({
      method: 'PUT',
      url: '/api/workspaces/current',
      payload: { workspaceId: stranger.workspaceId },
      as,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('WORKSPACE_NOT_FOUND');
    expect(
      (await t.request({ method: 'PUT', url: '/api/workspaces/current', payload: { workspaceId: 'x' }, as }))
        .statusCode,
    ).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', as })).json().workspace.id).toBe(owner.workspaceId);
  });

  it('gives writers and viewers canSend false with the reason, and refuses them buying with the role needed', async () => {
    const owner = await ownerOfNewWorkspace({ monthlyPressReleaseLimit: 5, userType: 'active' });
    const { as } = await memberOf(owner.workspaceId, 'writer');
    const status = (await t.request({ method: 'GET', url: '/api/subscription/status', as })).json();
    expect(status.canSend).toEqual({ canSend: false, reason: 'role' });
    expect(status.remaining).toBe(5);
    // Paid workspace: every member sees addresses alike.
    expect(status.canViewEmails).toBe(true);
    const buy = await t.request({
      method: 'POST',
      url: '/api/subscription/create',
      payload: { planId: 'package_1' },
      as,
    });
    expect(buy.statusCode).toBe(403);
    expect(buy.json()).toMatchObject({ code: 'ROLE_REQUIRED', details: { role: 'manager' } });
  });
});

describe('invitations', () => {
  it('lets a new person register from the link: verified, a member with the role, signed in, no workspace of their own', async () => {
    const owner = await ownerOfNewWorkspace({ companyName: 'Gulf Bridge PR', firstName: 'Sara' });
    const as = `Owner${jar}`;
    const from = t.smtp.messages.length;
    const sent = await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'Nadia@Example.com', role: 'writer' },
      as,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email: 'nadia@example.com', role: 'writer' });
    expect(new Date(sent.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(13 * 86_400_000);

    const { mail, token } = await invitationLinkOf('nadia@example.com', from);
    expect(mail.parsed.subject).toBe('You are invited to a workspace on Nashr');
    expect(mail.parsed.text).toContain('“Gulf Bridge PR”');
    const view = (
      await t.request({ method: 'GET', url: `/api/invitations/${encodeURIComponent(token)}` })
    ).json();
    expect(view).toEqual({
      state: 'pending',
      workspaceName: 'Gulf Bridge PR',
      email: 'nadia@example.com',
      role: 'writer',
      existingUser: false,
      workspaceSuspended: false,
    });

    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'nadia@example.com',
        password: 'a-long-passphrase',
        firstName: 'Nadia',
        lastName: 'Haddad',
        invitationToken: token,
      },
      as: 'nadia',
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({
      requiresVerification: false,
      user: { verified: true, workspace: { id: owner.workspaceId, role: 'writer' } },
    });
    const mine = (await t.request({ method: 'GET', url: '/api/workspaces', as: 'nadia' })).json();
    expect(mine).toEqual([{ id: owner.workspaceId, name: 'Gulf Bridge PR', role: 'writer', current: true }]);

    // The link worked once.
    const again = (
      await t.request({ method: 'GET', url: `/api/invitations/${encodeURIComponent(token)}` })
    ).json();
    expect(again.state).toBe('used');
    const members = (await t.request({ method: 'GET', url: '/api/workspace/members', as })).json();
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual([
      'nadia@example.com',
      'writer',
    ]);
  });

  it("refuses an invitation of a suspended workspace, to a new person and to an existing one, keeping it for after the reactivation", async () => {
    const owner = await ownerOfNewWorkspace({ companyName: 'Paused Agency' });
    const as = `Owner${jar}`;
    const existing = await ownerOfNewWorkspace();
    const from = t.smtp.messages.length;
    for (const email of ['newcomer@example.com', existing.email])
      expect((await t.request({ method: 'POST', url: '/api/workspace/invitations', payload: { email, role: 'writer' }, as })).statusCode).toBe(201);
    const { token: newcomerToken } = await invitationLinkOf('newcomer@example.com', from);
    const { token: existingToken } = await invitationLinkOf(existing.email, from);
    await t.db.update(workspaces).set({ suspendedAt: new Date(), suspendedReason: 'Unpaid invoice' }).where(eq(workspaces.id, owner.workspaceId));

    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'newcomer@example.com', password: 'a-long-passphrase', firstName: 'New', lastName: 'Comer', invitationToken: newcomerToken },
    });
    expect(registered.statusCode).toBe(403);
    expect(registered.json()).toMatchObject({ code: 'INVITATION_WORKSPACE_SUSPENDED', message: expect.stringContaining('Paused Agency') });
    expect(await t.db.select().from(users).where(eq(users.email, 'newcomer@example.com'))).toEqual([]);
    const accepted = await t.request({ method: 'POST', url: `/api/invitations/${existingToken}/accept`, as: `Owner${jar}` });
    expect(accepted.statusCode).toBe(403);
    expect(accepted.json().code).toBe('INVITATION_WORKSPACE_SUSPENDED');
    expect(await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.workspaceId))).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: `/api/invitations/${newcomerToken}` })).json()).toMatchObject({ state: 'pending', workspaceSuspended: true });

    // Reactivated, the same link works.
    await t.db.update(workspaces).set({ suspendedAt: null, suspendedReason: null }).where(eq(workspaces.id, owner.workspaceId));
    expect((await t.request({ method: 'POST', url: `/api/invitations/${existingToken}/accept`, as: `Owner${jar}` })).statusCode).toBe(200);
  });

  it('lets an existing user accept into an additional workspace, and only with the invited address', async () => {
    const owner = await ownerOfNewWorkspace({ companyName: 'Agency One' });
    const as = `Owner${jar}`;
    const existing = await ownerOfNewWorkspace({ companyName: 'Own Company' });
    const existingAs = `Owner${jar}`;
    const intruder = await ownerOfNewWorkspace();
    const intruderAs = `Owner${jar}`;
    void intruder;
    const from = t.smtp.messages.length;
    await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: existing.email, role: 'publisher' },
      as,
    });
    const { token } = await invitationLinkOf(existing.email, from);
    expect((await t.request({ method: 'GET', url: `/api/invitations/${token}` })).json().existingUser).toBe(
      true,
    );

    const wrongPerson = await t.request({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      as: intruderAs,
    });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().code).toBe('INVITATION_OTHER_ADDRESS');
    const registering = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: existing.email,
        password: 'a-long-passphrase',
        firstName: 'X',
        lastName: 'Y',
        invitationToken: token,
      },
    });
    expect(registering.statusCode).toBe(409);
    expect(registering.json().code).toBe('INVITATION_SIGN_IN');

    const accepted = await t.request({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      as: existingAs,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.workspaceId, role: 'publisher' }),
        expect.objectContaining({ id: existing.workspaceId, role: 'owner' }),
      ]),
    );
    const reused = await t.request({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      as: existingAs,
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('INVITATION_USED');
  });

  it('says an invitation expired or was revoked, lists pending ones, resends with a new link and refuses an existing member', async () => {
    const owner = await ownerOfNewWorkspace();
    const as = `Owner${jar}`;
    let from = t.smtp.messages.length;
    const first = (
      await t.request({
        method: 'POST',
        url: '/api/workspace/invitations',
        payload: { email: 'late@example.com', role: 'viewer' },
        as,
      })
    ).json();
    const { token: lateToken } = await invitationLinkOf('late@example.com', from);
    await t.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.id, first.id));
    expect((await t.request({ method: 'GET', url: `/api/invitations/${lateToken}` })).json().state).toBe(
      'expired',
    );
    const late = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'late@example.com',
        password: 'a-long-passphrase',
        firstName: 'L',
        lastName: 'T',
        invitationToken: lateToken,
      },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('INVITATION_EXPIRED');

    from = t.smtp.messages.length;
    const pending = (
      await t.request({
        method: 'POST',
        url: '/api/workspace/invitations',
        payload: { email: 'maybe@example.com', role: 'writer' },
        as,
      })
    ).json();
    const { token: oldToken } = await invitationLinkOf('maybe@example.com', from);
    const listed = (await t.request({ method: 'GET', url: '/api/workspace/invitations', as })).json();
    expect(listed.map((i: { email: string }) => i.email)).toEqual(['maybe@example.com']);

    from = t.smtp.messages.length;
    const resent = await t.request({
      method: 'POST',
      url: `/api/workspace/invitations/${pending.id}/resend`,
      as,
    });
    expect(resent.statusCode).toBe(201);
    const { token: newToken } = await invitationLinkOf('maybe@example.com', from);
    expect(newToken).not.toBe(oldToken);
    expect((await t.request({ method: 'GET', url: `/api/invitations/${oldToken}` })).json().state).toBe(
      'revoked',
    );

    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/workspace/invitations/${resent.json().id}`,
      as,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/api/invitations/${newToken}` })).json().state).toBe(
      'revoked',
    );
    expect((await t.request({ method: 'GET', url: '/api/workspace/invitations', as })).json()).toEqual([]);

    const self = await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: owner.email, role: 'viewer' },
      as,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('ALREADY_MEMBER');
  });

  it('answers 422 on its field for a bad address or role and 404 for an unknown token, writing nothing', async () => {
    const owner = await ownerOfNewWorkspace();
    const as = `Owner${jar}`;
    const badEmail = await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'not-an-address', role: 'writer' },
      as,
    });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors.map((e: { path: string }) => e.path)).toEqual(['email']);
    const badRole = await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'a@example.com', role: 'admin' },
      as,
    });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().errors.map((e: { path: string }) => e.path)).toEqual(['role']);
    expect((await t.request({ method: 'GET', url: '/api/invitations/nope' })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(workspaceInvitations)
      .where(eq(workspaceInvitations.workspaceId, owner.workspaceId));
    expect(rows).toEqual([]);
  });

  it('refuses the 51st invitation of a day with 429, also when they arrive at once', async () => {
    await ownerOfNewWorkspace();
    const as = `Owner${jar}`;
    const answers = await Promise.all(
      Array.from({ length: 53 }, (_, i) =>
        t.request({
          method: 'POST',
          url: '/api/workspace/invitations',
          payload: { email: `p${i}@example.com`, role: 'viewer' },
          as,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
  });

  it('lets only owners and managers invite, naming the role needed', async () => {
    const owner = await ownerOfNewWorkspace();
    for (const role of ['publisher', 'writer', 'viewer'] as const) {
      const { as } = await memberOf(owner.workspaceId, role);
      const refused = await t.request({
        method: 'POST',
        url: '/api/workspace/invitations',
        payload: { email: 'x@example.com', role: 'viewer' },
        as,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ROLE_REQUIRED', details: { role: 'manager' } });
    }
    const { as: manager } = await memberOf(owner.workspaceId, 'manager');
    const ownerInvite = await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'o@example.com', role: 'owner' },
      as: manager,
    });
    expect(ownerInvite.statusCode).toBe(403);
    expect(ownerInvite.json().code).toBe('OWNER_ROLE_REQUIRED');
  });
});

describe('members and owners', () => {
  it('never leaves a workspace without an owner: the last owner cannot leave, be removed or be demoted', async () => {
    const owner = await ownerOfNewWorkspace();
    const as = `Owner${jar}`;
    const leave = await t.request({ method: 'POST', url: '/api/workspace/leave', as });
    expect(leave.statusCode).toBe(422);
    expect(leave.json().code).toBe('LAST_OWNER');
    const demote = await t.request({
      method: 'PATCH',
      url: `/api/workspace/members/${owner.id}`,
      payload: { role: 'manager' },
      as,
    });
    expect(demote.statusCode).toBe(422);
    const { as: manager } = await memberOf(owner.workspaceId, 'manager');
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/workspace/members/${owner.id}`,
      as: manager,
    });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().code).toBe('OWNER_ROLE_REQUIRED');
  });

  it('keeps one owner when two owners demote each other at once', async () => {
    const owner = await ownerOfNewWorkspace();
    const as = `Owner${jar}`;
    const { as: second, user } = await memberOf(owner.workspaceId, 'owner');
    const [a, b] = await Promise.all([
      t.request({
        method: 'PATCH',
        url: `/api/workspace/members/${user.id}`,
        payload: { role: 'manager' },
        as,
      }),
      t.request({
        method: 'PATCH',
        url: `/api/workspace/members/${owner.id}`,
        payload: { role: 'manager' },
        as: second,
      }),
    ]);
    // They take turns: the second finds itself no longer an owner.
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const owners = (
      await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.workspaceId))
    ).filter((m) => m.role === 'owner');
    expect(owners).toHaveLength(1);
  });

  it('ends a removed member’s access at once, open session included, and keeps what they wrote with their name', async () => {
    const owner = await ownerOfNewWorkspace({ monthlyPressReleaseLimit: 3 });
    const as = `Owner${jar}`;
    const { as: writerAs, user: writer } = await memberOf(owner.workspaceId, 'writer', 'Sara');
    const { listId } = await createListWithContacts(t.db, owner.workspaceId, 2);
    const draft = (
      await t.request({
        method: 'POST',
        url: '/api/send-press-release',
        payload: releasePayload({ action: 'save_draft', recipientLists: [listId] }),
        as: writerAs,
      })
    ).json().pressRelease;
    expect(draft.author).toEqual({ id: writer.id, name: 'Sara Tester', removed: false });

    expect(
      (await t.request({ method: 'DELETE', url: `/api/workspace/members/${writer.id}`, as })).statusCode,
    ).toBe(204);
    // Their own draft is now another workspace's: as unknown as any other.
    expect(
      (await t.request({ method: 'GET', url: `/api/press-releases/${draft.id}`, as: writerAs })).statusCode,
    ).toBe(404);
    const lists = await t.request({ method: 'GET', url: '/api/user-lists', as: writerAs });
    expect(lists.statusCode).toBe(403);
    expect(lists.json().code).toBe('NO_WORKSPACE');
    const kept = (await t.request({ method: 'GET', url: `/api/press-releases/${draft.id}`, as })).json();
    expect(kept.author).toEqual({ id: writer.id, name: 'Sara Tester', removed: true });
  });

  it('shows owners and managers the activity in names, not ids, and hides it from others', async () => {
    const owner = await ownerOfNewWorkspace({ firstName: 'Lina' });
    const as = `Owner${jar}`;
    await t.request({
      method: 'POST',
      url: '/api/workspace/invitations',
      payload: { email: 'activity@example.com', role: 'writer' },
      as,
    });
    const { user } = await memberOf(owner.workspaceId, 'viewer', 'Omar');
    await t.request({
      method: 'PATCH',
      url: `/api/workspace/members/${user.id}`,
      payload: { role: 'publisher' },
      as,
    });
    const activity = (await t.request({ method: 'GET', url: '/api/workspace/activity', as })).json();
    expect(activity.items.map((i: { action: string }) => i.action)).toEqual([
      'member.role_changed',
      'member.invited',
    ]);
    expect(activity.items[0]).toMatchObject({
      actor: 'Lina Tester',
      details: { name: 'Omar Tester', from: 'viewer', to: 'publisher' },
    });
    expect(JSON.stringify(activity)).not.toContain(user.id);
    const { as: viewer } = await memberOf(owner.workspaceId, 'viewer');
    expect((await t.request({ method: 'GET', url: '/api/workspace/activity', as: viewer })).statusCode).toBe(
      403,
    );
  });
});

describe('a second pair of eyes', () => {
  async function workspaceWithWriter(fields: Record<string, unknown> = {}) {
    const owner = await ownerOfNewWorkspace({ monthlyPressReleaseLimit: 2, userType: 'active', ...fields });
    const ownerAs = `Owner${jar}`;
    const writer = await memberOf(owner.workspaceId, 'writer', 'Nadia');
    const publisher = await memberOf(owner.workspaceId, 'publisher', 'Omar');
    const { listId } = await createListWithContacts(t.db, owner.workspaceId, 3);
    return { owner, ownerAs, writer, publisher, listId };
  }
  const allowanceOf = async (id: WorkspaceId) =>
    (await t.db.select().from(workspaces).where(eq(workspaces.id, id)))[0].pressReleasesUsedThisMonth;

  it('turns a writer’s Send into a submission (202, nothing spent), tells the approvers, and one of ten parallel approvals sends it', async () => {
    const { owner, writer, publisher, listId } = await workspaceWithWriter();
    const from = t.smtp.messages.length;
    const submitted = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      payload: releasePayload({ recipientLists: [listId] }),
      as: writer.as,
    });
    expect(submitted.statusCode).toBe(202);
    const release = submitted.json().pressRelease;
    expect(release.status).toBe('awaiting_approval');
    expect(await allowanceOf(owner.workspaceId)).toBe(0);
    const alert = await t.smtp.waitForMail((m) => m.envelopeTo.includes(publisher.user.email), from);
    expect(alert.parsed.subject).toContain('Waiting for your approval');

    const editing = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      payload: releasePayload({
        action: 'save_draft',
        existingPressReleaseId: release.id,
        recipientLists: [listId],
      }),
      as: writer.as,
    });
    expect(editing.statusCode).toBe(409);
    expect(editing.json().code).toBe('RELEASE_AWAITING_APPROVAL');
    const selfApprove = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/approve`,
      as: writer.as,
    });
    expect(selfApprove.statusCode).toBe(403);
    expect(selfApprove.json()).toMatchObject({ code: 'ROLE_REQUIRED', details: { role: 'publisher' } });

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({ method: 'POST', url: `/api/press-releases/${release.id}/approve`, as: publisher.as }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'NOT_AWAITING_APPROVAL'),
    ).toBe(true);
    expect(await allowanceOf(owner.workspaceId)).toBe(1);
    const sent = (
      await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: writer.as })
    ).json();
    expect(sent.status).toMatch(/^(sending|sent)$/);
    expect(sent.author).toMatchObject({ name: 'Nadia Tester' });
    expect(sent.approvedBy).toMatchObject({ name: 'Omar Tester' });
    expect(sent.sentBy).toMatchObject({ name: 'Omar Tester' });
  });

  it('returns a release to its writer with a comment they read, and lets the writer withdraw a submission', async () => {
    const { writer, publisher, listId } = await workspaceWithWriter();
    const release = (
      await t.request({
        method: 'POST',
        url: '/api/send-press-release',
        payload: releasePayload({ recipientLists: [listId] }),
        as: writer.as,
      })
    ).json().pressRelease;
    const blank = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/return`,
      payload: { comment: ' ' },
      as: publisher.as,
    });
    expect(blank.statusCode).toBe(422);
    const from = t.smtp.messages.length;
    const returned = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/return`,
      payload: { comment: 'Add the CEO quote' },
      as: publisher.as,
    });
    expect(returned.statusCode).toBe(200);
    const mail = await t.smtp.waitForMail((m) => m.envelopeTo.includes(writer.user.email), from);
    expect(mail.parsed.text).toContain('Add the CEO quote');
    const seen = (
      await t.request({ method: 'GET', url: `/api/press-releases/${release.id}`, as: writer.as })
    ).json();
    // Decision 026: a return is `changes_requested`, naming who returned it, not a draft.
    expect(seen).toMatchObject({
      status: 'changes_requested',
      approvalComment: 'Add the CEO quote',
      returned: { source: 'workspace', comment: 'Add the CEO quote', by: { role: 'publisher' } },
    });

    const again = (
      await t.request({
        method: 'POST',
        url: '/api/send-press-release',
        payload: releasePayload({ existingPressReleaseId: release.id, recipientLists: [listId] }),
        as: writer.as,
      })
    ).json().pressRelease;
    expect(again).toMatchObject({ status: 'awaiting_approval', approvalComment: null });
    const withdrawn = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/withdraw`,
      as: writer.as,
    });
    expect(withdrawn.json().pressRelease.status).toBe('draft');
    const late = await t.request({
      method: 'POST',
      url: `/api/press-releases/${release.id}/approve`,
      as: publisher.as,
    });
    expect(late.statusCode).toBe(409);
  });

  it('with "every release needs a second person", holds a publisher’s send for someone else', async () => {
    const { owner, ownerAs, publisher, listId } = await workspaceWithWriter();
    const setting = await t.request({
      method: 'PATCH',
      url: '/api/workspace',
      payload: { requireSecondApproval: true },
      as: ownerAs,
    });
    expect(setting.json().requireSecondApproval).toBe(true);
    const submitted = await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      payload: releasePayload({ recipientLists: [listId] }),
      as: publisher.as,
    });
    expect(submitted.statusCode).toBe(202);
    const id = submitted.json().pressRelease.id;
    const own = await t.request({
      method: 'POST',
      url: `/api/press-releases/${id}/approve`,
      as: publisher.as,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('SECOND_APPROVER_REQUIRED');
    expect(
      (await t.request({ method: 'POST', url: `/api/press-releases/${id}/approve`, as: ownerAs })).statusCode,
    ).toBe(200);
    expect(await allowanceOf(owner.workspaceId)).toBe(1);
  });

  it('lists releases waiting for approval for the approvers', async () => {
    const { writer, publisher, listId } = await workspaceWithWriter();
    await t.request({
      method: 'POST',
      url: '/api/send-press-release',
      payload: releasePayload({ title: 'Waiting one', recipientLists: [listId] }),
      as: writer.as,
    });
    const page = (
      await t.request({
        method: 'GET',
        url: '/api/press-releases?status=awaiting_approval',
        as: publisher.as,
      })
    ).json();
    expect(page.items.map((r: { title: string }) => r.title)).toEqual(['Waiting one']);
  });
});

describe('the admin console', () => {
  it('lists workspaces with their members, purchases and allowance, found by a member’s address; others get 403', async () => {
    const owner = await ownerOfNewWorkspace({
      companyName: 'Console Co',
      monthlyPressReleaseLimit: 4,
      pressReleasesUsedThisMonth: 1,
    });
    const ownerAs = `Owner${jar}`;
    const { user } = await memberOf(owner.workspaceId, 'writer', 'Rania');
    await t.db
      .insert(payments)
      .values({
        workspaceId: owner.workspaceId,
        provider: 'demo',
        paymentIntentId: 'pi_console',
        planId: 'package_1',
        amount: 4900,
        status: 'succeeded',
      });
    await t.signInAs('Root', { role: 'super_admin' });
    const found = (
      await t.request({
        method: 'GET',
        url: `/api/admin/workspaces?search=${encodeURIComponent(user.email)}`,
        as: 'Root',
      })
    ).json();
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      id: owner.workspaceId,
      name: 'Console Co',
      monthlyPressReleaseLimit: 4,
      pressReleasesUsedThisMonth: 1,
      purchases: 1,
      paidCents: 4900,
      members: [
        { userId: owner.id, email: owner.email, role: 'owner' },
        { userId: user.id, name: 'Rania Tester', email: user.email, role: 'writer' },
      ],
    });
    expect((await t.request({ method: 'GET', url: '/api/admin/workspaces', as: ownerAs })).statusCode).toBe(
      403,
    );
  });
});

describe('owning a workspace', () => {
  it('lets only an owner delete the workspace, with its name typed, and its members land in another of theirs', async () => {
    const owner = await ownerOfNewWorkspace({ companyName: 'Closing Co' });
    const ownerAs = `Owner${jar}`;
    const manager = await ownerOfNewWorkspace({ companyName: 'Own Agency' });
    const managerAs = `Owner${jar}`;
    await addMember(owner.workspaceId, manager.id, 'manager');
    await t.request({
      method: 'PUT',
      url: '/api/workspaces/current',
      payload: { workspaceId: owner.workspaceId },
      as: managerAs,
    });
    const { listId } = await createListWithContacts(t.db, owner.workspaceId, 1);

    const byManager = await t.request({
      method: 'POST',
      url: '/api/workspace/delete',
      payload: { name: 'Closing Co' },
      as: managerAs,
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ code: 'ROLE_REQUIRED', details: { role: 'owner' } });
    const mistyped = await t.request({
      method: 'POST',
      url: '/api/workspace/delete',
      payload: { name: 'Closing' },
      as: ownerAs,
    });
    expect(mistyped.statusCode).toBe(422);
    expect(mistyped.json().errors).toEqual([
      expect.objectContaining({ path: 'name', code: 'WORKSPACE_NAME_MISMATCH' }),
    ]);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId))).toHaveLength(1);

    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/workspace/delete',
          payload: { name: 'Closing Co' },
          as: ownerAs,
        })
      ).statusCode,
    ).toBe(204);
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId))).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: `/api/user-lists/${listId}/contacts`, as: managerAs }))
        .statusCode,
    ).not.toBe(200);
    // The manager's session acts in their own workspace now; the owner has none left.
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', as: managerAs })).json().workspace,
    ).toMatchObject({ id: manager.workspaceId, role: 'owner' });
    const ownerMe = (await t.request({ method: 'GET', url: '/api/auth/me', as: ownerAs })).json();
    expect(ownerMe.workspace).toBeNull();

    // Someone with no workspace starts a new one of their own.
    const created = await t.request({
      method: 'POST',
      url: '/api/workspaces',
      payload: { name: 'Second Start' },
      as: ownerAs,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().workspace).toMatchObject({ name: 'Second Start', role: 'owner' });
    expect((await t.request({ method: 'GET', url: '/api/auth/me', as: ownerAs })).json().companyName).toBe(
      'Second Start',
    );
    expect(
      (await t.request({ method: 'POST', url: '/api/workspaces', payload: { name: ' ' }, as: ownerAs }))
        .statusCode,
    ).toBe(422);
  });
});
