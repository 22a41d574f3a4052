import type { BrandId, UserId, WorkspaceId } from '../../shared/ids.js';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import {
  type CurrentWorkspace,
  type WorkspaceActivity,
  type WorkspaceActivityAction,
  type WorkspaceChoice,
  type WorkspaceMember,
  type WorkspaceRole,
} from '../../shared/workspaces.js';
import type { Db } from '../db/client.js';
import { auditLog, users, workspaceMembers, workspaces } from '../db/schema.js';
import { attachments, pressReleases } from '../db/schema.js';
import { appError, fieldError, validationFailed } from '../http/errors.js';
import { mayChangeMember, requireAction, requireAnotherOwner, requireMember, requireMemberChange } from '../access/access.js';
import { createWorkspace, membershipOf } from '../access/membership.js';
import { approverMembers, clientApproverMembers } from '../access/roles.js';
import { chooseSessionWorkspace, loadCurrentUser } from '../access/session.js';
import { recordAudit } from '../audit/audit.service.js';
import { renameCompanyBrand, seatBrands } from '../brands/brands.service.js';
import { RATE_RULES, takeAttempt } from '../common/rate-limit.js';

/** The workspaces the person belongs to, the current one marked. */
export async function listWorkspaces(db: Db, actor: CurrentUser): Promise<WorkspaceChoice[]> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, actor.id))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  return rows.map((row) => ({
    ...row,
    role: row.role,
    current: row.id === actor.workspace?.id,
  }));
}

/**
 * PUT /api/workspaces/current: this signed-in device acts there (issue 37); the person's other devices stay
 * where they are. Their next sign-in starts there.
 */
export async function switchWorkspace(
  db: Db,
  actor: CurrentUser,
  workspaceId: WorkspaceId,
  sessionHash: string | null,
): Promise<CurrentWorkspace> {
  if (!(await membershipOf(db, workspaceId, actor.id))) throw appError('WORKSPACE_NOT_FOUND');
  await chooseSessionWorkspace(db, actor.id, sessionHash, workspaceId);
  return (await loadCurrentUser(db, actor.id, sessionHash))!.workspace!;
}

export async function currentWorkspace(actor: CurrentUser): Promise<CurrentWorkspace> {
  requireMember(actor);
  return actor.workspace!;
}

export async function updateWorkspace(
  db: Db,
  actor: CurrentUser,
  input: { name?: string; requireSecondApproval?: boolean },
  sessionHash: string | null,
): Promise<CurrentWorkspace> {
  const workspaceId = requireAction(actor, 'manage');
  if (input.name !== undefined || input.requireSecondApproval !== undefined) {
    await db.transaction(async (tx) => {
      await tx
        .update(workspaces)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(workspaces.id, workspaceId));
      if (input.name !== undefined)
        await renameCompanyBrand(tx, workspaceId, actor.workspace!.name, input.name);
      await recordActivity(tx, workspaceId, actor, 'workspace.updated', input);
    });
  }
  return (await loadCurrentUser(db, actor.id, sessionHash))!.workspace!;
}

/**
 * POST /api/workspaces: a new workspace owned by the person, where their sessions then act. At most 5 a day
 * per person and 20 per client (issue 35: each new workspace was a fresh allowance of invitations), counted in
 * the rate-limit ledger, so a deleted workspace still counts.
 */
export async function createOwnWorkspace(
  db: Db,
  actor: CurrentUser,
  name: string,
  ip: string,
  now: Date,
  sessionHash: string | null,
): Promise<CurrentWorkspace> {
  const giveBack = await takeAttempt(db, now, RATE_RULES.workspaceCreation, { ip, userId: actor.id });
  let created: { id: WorkspaceId };
  try {
    created = await db.transaction(async (tx) => createWorkspace(tx, actor.id, { name, language: actor.language }));
  } catch (error) {
    await giveBack();
    throw error;
  }
  await chooseSessionWorkspace(db, actor.id, sessionHash, created.id);
  return (await loadCurrentUser(db, actor.id, sessionHash))!.workspace!;
}

/**
 * POST /api/workspace/delete: an owner deletes the workspace and everything it holds (releases, lists, files,
 * purchases, followers), typing its name to confirm. Its members land in another workspace of theirs.
 */
export async function deleteWorkspace(db: Db, actor: CurrentUser, typedName: string): Promise<void> {
  const workspaceId = requireAction(actor, 'own');
  if (typedName.trim() !== actor.workspace!.name)
    throw validationFailed([fieldError('name', 'WORKSPACE_NAME_MISMATCH')]);
  await db.transaction(async (tx) => {
    // Files first: an attachment holds its stored bytes (attachment_blobs, the workspace's too) with a plain
    // foreign key, which the cascade from the workspace would meet before the attachment is gone. The tax
    // invoices stay, without the workspace (invoices.workspace_id is set null; their text never changes).
    await tx
      .delete(attachments)
      .where(inArray(attachments.releaseId, tx.select({ id: pressReleases.id }).from(pressReleases).where(eq(pressReleases.workspaceId, workspaceId))));
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    // The platform's own log keeps a trace; the workspace's activity goes with it.
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'workspace.deleted', actor.workspace!.name);
  });
}

// ---------------------------------------------------------------- members

export async function listMembers(db: Db, actor: CurrentUser): Promise<WorkspaceMember[]> {
  const workspaceId = requireAction(actor, 'browse');
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: workspaceMembers.role,
      brandIds: workspaceMembers.brandIds,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.id));
  return rows.map((row) => ({
    ...row,
    role: row.role,
    joinedAt: new Date(row.joinedAt).toISOString(),
    changeable: row.userId !== actor.id && mayChangeMember(actor.workspace?.role, row.role),
  }));
}

/**
 * Every change to who holds which role runs with the workspace's member rows locked, so two changes at
 * once (two owners demoting each other, a leave and a demotion) take turns, and the second sees whether
 * an owner would remain.
 */
async function withMembersLocked<T>(
  db: Db,
  workspaceId: WorkspaceId,
  work: (tx: Db, members: Array<{ userId: UserId; role: WorkspaceRole }>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.userId))
      .for('update');
    return work(tx, members);
  });
}

export async function changeMemberRole(
  db: Db,
  actor: CurrentUser,
  userId: UserId,
  role: WorkspaceRole,
  brandIds?: BrandId[],
): Promise<WorkspaceMember> {
  const workspaceId = requireAction(actor, 'manage');
  await withMembersLocked(db, workspaceId, async (tx, members) => {
    // The actor's own role may have changed since the request was authorised.
    const mine = members.find((m) => m.userId === actor.id)?.role;
    const target = members.find((m) => m.userId === userId);
    requireMemberChange(mine, target?.role ?? '', role);
    if (!target) throw appError('MEMBER_NOT_FOUND');
    // A client seat's brands are given with the role (and may change while the role stays client).
    const seat = await seatBrands(tx, workspaceId, role, brandIds);
    if (target.role === role && !seat) return;
    requireAnotherOwner(members, userId);
    await tx
      .update(workspaceMembers)
      .set({ role, brandIds: seat?.map((brand) => brand.id) ?? null })
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    if (target.role === role) return;
    await recordActivity(tx, workspaceId, actor, 'member.role_changed', {
      name: await nameOf(tx, userId),
      from: target.role,
      to: role,
    });
  });
  const member = (await listMembers(db, actor)).find((m) => m.userId === userId);
  if (!member) throw appError('MEMBER_NOT_FOUND');
  return member;
}

/** Removal takes effect at once: every request reads membership afresh, open sessions included. */
export async function removeMember(db: Db, actor: CurrentUser, userId: UserId): Promise<void> {
  const workspaceId = userId === actor.id ? requireMember(actor) : requireAction(actor, 'manage');
  await withMembersLocked(db, workspaceId, async (tx, members) => {
    const target = members.find((m) => m.userId === userId);
    if (!target) throw appError('MEMBER_NOT_FOUND');
    // Leaving is one's own; removing someone else is a member change.
    if (userId !== actor.id)
      requireMemberChange(
        members.find((m) => m.userId === actor.id)?.role,
        target.role,
      );
    requireAnotherOwner(members, userId);
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    const name = await nameOf(tx, userId);
    await recordActivity(tx, workspaceId, actor, userId === actor.id ? 'member.left' : 'member.removed', {
      name,
    });
  });
}

async function nameOf(db: Db, userId: UserId): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : '';
}

export const actorName = (actor: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>) =>
  `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

// ---------------------------------------------------------------- activity

type ActivityActor = Pick<CurrentUser, 'id' | 'email' | 'firstName' | 'lastName'>;

/** What happened in the workspace, for its owners and managers: names and titles, never ids. */
export async function recordActivity(
  db: Db,
  workspaceId: WorkspaceId,
  actor: ActivityActor | null,
  action: WorkspaceActivityAction,
  details: Record<string, string | number | boolean | null | undefined> = {},
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    workspaceId,
    action: `workspace:${action}`,
    details: { actor: actor ? actorName(actor) : null, ...details },
  });
}

export async function listActivity(db: Db, actor: CurrentUser, paging: { page: number; pageSize: number }) {
  const workspaceId = requireAction(actor, 'manage');
  const where = and(eq(auditLog.workspaceId, workspaceId), sql`${auditLog.action} like 'workspace:%'`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const items: WorkspaceActivity[] = rows.map((row) => {
    const { actor: name, ...details } = row.details as Record<string, string | number | null>;
    return {
      id: row.id,
      createdAt: new Date(row.createdAt).toISOString(),
      action: row.action.slice('workspace:'.length) as WorkspaceActivityAction,
      actor: typeof name === 'string' ? name : null,
      details,
    };
  });
  return { items, total, page: paging.page, pageSize: paging.pageSize };
}

/** Members who may approve a release of the workspace (told by email when one waits), but `except`. */
export async function approversOf(db: Db, workspaceId: WorkspaceId, except: UserId | null) {
  return membersToTell(db, workspaceId, and(approverMembers, except ? ne(users.id, except) : undefined));
}

/** The client seats of a brand: they approve its releases and are told when one waits for them. */
export async function clientsOfBrand(db: Db, workspaceId: WorkspaceId, brandId: BrandId) {
  return membersToTell(
    db,
    workspaceId,
    and(
      clientApproverMembers,
      sql`${brandId}::uuid = any(${workspaceMembers.brandIds})`,
    ),
  );
}

/** Members of the workspace who `who` picks out, with what an email to them needs. */
function membersToTell(db: Db, workspaceId: WorkspaceId, who: SQL | undefined) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), who));
}
