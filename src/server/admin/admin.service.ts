import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { untrackedCopy } from './outbox-copy.js';
import type {
  AdminStats,
  AdminWorkspace,
  AdminUser,
  OutboxMessage,
  OutboxSummary,
  Paged,
  RoleChangeResult,
} from '../../shared/admin.js';
import { RECENT_USERS } from '../../shared/admin.js';
import type { CurrentUser, Role } from '../../shared/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { liftSuppression } from '../suppressions/suppressions.service.js';
import { likePattern, type Db } from '../db/client.js';
import { mailOutbox, payments, pressReleases, users, workspaceMembers, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import {
  contactFirst,
  isCustomer,
  requireAnotherSuperAdmin,
  requireStillSuperAdmin,
  runBySuperAdmin,
  standingOf,
  superAdminUsers,
  userTypeOf,
} from '../access/roles.js';
import type { UserId } from '../../shared/ids.js';

type UserRow = typeof users.$inferSelect;
type WorkspaceRow = typeof workspaces.$inferSelect;

/**
 * The console's view of a user; the password hash never leaves this function. The company fields are
 * those of the person's own workspace: the first they own, else the first they joined.
 */
export function toAdminUser(row: UserRow, workspace: WorkspaceRow | undefined): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: workspace?.name ?? '',
    workspaceId: workspace?.id ?? null,
    role: row.role,
    userType: userTypeOf(row, workspace),
    subscriptionStatus: workspace?.subscriptionStatus ?? 'trial',
    verified: row.verified,
    monthlyPressReleaseLimit: workspace?.monthlyPressReleaseLimit ?? 0,
    pressReleasesUsedThisMonth: workspace?.pressReleasesUsedThisMonth ?? 0,
    trusted: workspace?.trusted ?? false,
    customer: isCustomer(row),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Each person's own workspace, in one query whatever the number of people. */
async function ownWorkspaces(db: Db, userIds: UserId[]): Promise<Map<UserId, WorkspaceRow>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: workspaceMembers.userId, workspace: workspaces })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(inArray(workspaceMembers.userId, userIds))
    .orderBy(...contactFirst, asc(workspaces.id));
  const own = new Map<UserId, WorkspaceRow>();
  for (const row of rows) if (!own.has(row.userId)) own.set(row.userId, row.workspace);
  return own;
}

async function toAdminUsers(db: Db, rows: UserRow[]): Promise<AdminUser[]> {
  const own = await ownWorkspaces(db, rows.map((row) => row.id));
  return rows.map((row) => toAdminUser(row, own.get(row.id)));
}

/** Workspaces that are customers: not run by a super admin. */
const customerWorkspace = sql`not ${runBySuperAdmin(workspaces.id)}`;

export async function adminStats(db: Db): Promise<AdminStats> {
  const [[userCounts], [releaseCounts], recent] = await Promise.all([
    db
      .select({
        totalUsers: sql<number>`(select count(*) from ${users})`.mapWith(Number),
        activeUsers: sql<number>`count(*) filter (where ${workspaces.userType} = 'active' and ${customerWorkspace})`.mapWith(Number),
        customerWorkspaces: sql<number>`count(*) filter (where ${customerWorkspace})`.mapWith(Number),
      })
      .from(workspaces),
    db
      .select({
        totalReleases: count(),
        sentReleases: sql<number>`count(*) filter (where ${pressReleases.status} = 'sent')`.mapWith(Number),
      })
      .from(pressReleases),
    db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(RECENT_USERS),
  ]);
  return { ...userCounts, ...releaseCounts, recentUsers: await toAdminUsers(db, recent) };
}

export async function listUsers(db: Db, options: { search: string; page: number; pageSize: number }): Promise<Paged<AdminUser>> {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(workspaceMembers)
            .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
            .where(and(eq(workspaceMembers.userId, users.id), ilike(workspaces.name, pattern))),
        ),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: await toAdminUsers(db, rows), total, page: options.page, pageSize: options.pageSize };
}

/** The workspaces, newest first, found by their name or a member's name or address. */
export async function listWorkspacesForAdmin(db: Db, options: { search: string; page: number; pageSize: number }): Promise<Paged<AdminWorkspace>> {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = pattern
    ? or(
        ilike(workspaces.name, pattern),
        exists(
          db
            .select({ one: sql`1` })
            .from(workspaceMembers)
            .innerJoin(users, eq(users.id, workspaceMembers.userId))
            .where(
              and(
                eq(workspaceMembers.workspaceId, workspaces.id),
                or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)),
              ),
            ),
        ),
      )
    : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        workspace: workspaces,
        purchases: sql<number>`(select count(*) from ${payments} p where p.workspace_id = "workspaces"."id")`.mapWith(Number),
        paidCents: sql<number>`(select coalesce(sum(p.amount), 0) from ${payments} p where p.workspace_id = "workspaces"."id")`.mapWith(Number),
      })
      .from(workspaces)
      .where(where)
      .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(workspaces).where(where),
  ]);
  const ids = rows.map((r) => r.workspace.id);
  const members = ids.length
    ? await db
        .select({ workspaceId: workspaceMembers.workspaceId, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(inArray(workspaceMembers.workspaceId, ids))
        .orderBy(asc(workspaceMembers.createdAt), asc(users.id))
    : [];
  const items = rows.map(({ workspace, purchases, paidCents }): AdminWorkspace => ({
    id: workspace.id,
    name: workspace.name,
    userType: standingOf(workspace),
    trusted: workspace.trusted,
    monthlyPressReleaseLimit: workspace.monthlyPressReleaseLimit,
    pressReleasesUsedThisMonth: workspace.pressReleasesUsedThisMonth,
    members: members
      .filter((m) => m.workspaceId === workspace.id)
      .map((m) => ({ userId: m.userId, name: `${m.firstName} ${m.lastName}`.trim() || m.email, email: m.email, role: m.role })),
    purchases,
    paidCents,
    createdAt: new Date(workspace.createdAt).toISOString(),
  }));
  return { items, total, page: options.page, pageSize: options.pageSize };
}

/**
 * Changes a user's role and records it in the audit log, in one transaction. The super admin rows are
 * locked first (FOR UPDATE), so two demotions running at once cannot both see "another super admin
 * remains" and leave the product without one.
 */
export async function changeUserRole(db: Db, actor: CurrentUser, userId: UserId, role: Role): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    const superAdminIds = (await tx.select({ id: users.id }).from(users).where(superAdminUsers).orderBy(users.id).for('update')).map((s) => s.id);
    // The actor may have been demoted by a concurrent request after this one was authorised.
    requireStillSuperAdmin(superAdminIds, actor.id);
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!target) throw appError('USER_NOT_FOUND');
    if (target.role === role) return { user: (await toAdminUsers(tx, [target]))[0], changed: false };
    requireAnotherSuperAdmin(superAdminIds, target);
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(users.id, userId), ne(users.role, role)))
      .returning();
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'user.role_changed', target.email, {
      userId: target.id,
      from: target.role,
      to: role,
    });
    return { user: (await toAdminUsers(tx, [updated]))[0], changed: true };
  });
}

const toOutboxSummary = (row: typeof mailOutbox.$inferSelect): OutboxSummary => ({
  id: row.id,
  to: row.toAddress,
  from: row.fromAddress,
  subject: row.subject,
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Messages kept in capture mode, newest first. */
export async function listOutbox(db: Db, options: { search: string; page: number; pageSize: number }): Promise<Paged<OutboxSummary>> {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = pattern ? or(ilike(mailOutbox.toAddress, pattern), ilike(mailOutbox.subject, pattern)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { items: rows.map(toOutboxSummary), total, page: options.page, pageSize: options.pageSize };
}

/** One kept message, as a copy without the journalist's tracking (outbox-copy.ts): reading it counts nothing. */
export async function getOutboxMessage(db: Db, id: number, publicUrl: string): Promise<OutboxMessage> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row) throw appError('MESSAGE_NOT_FOUND');
  return { ...toOutboxSummary(row), ...(await untrackedCopy(db, publicUrl, row)) };
}

/** Lets an address be mailed again; the audit entry exists exactly when the suppression is gone. */
export async function liftSuppressionAudited(db: Db, actor: CurrentUser, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await liftSuppression(tx, email))) throw appError('SUPPRESSION_NOT_FOUND');
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'suppression.lifted', email);
  });
}
