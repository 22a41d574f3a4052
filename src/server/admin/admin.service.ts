import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type {
  AdminStats,
  AdminUser,
  OutboxMessage,
  OutboxSummary,
  Paged,
  RoleChangeResult,
} from '../../shared/admin.js';
import { RECENT_USERS } from '../../shared/admin.js';
import type { CurrentUser, Role } from '../../shared/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { liftSuppression } from '../delivery/suppressions.service.js';
import type { Db } from '../db/client.js';
import { mailOutbox, pressReleases, users } from '../db/schema.js';
import { appError } from '../http/errors.js';

type UserRow = typeof users.$inferSelect;

/** The console's view of a user; the password hash never leaves this function. */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    role: row.role as Role,
    userType: row.role === 'super_admin' ? 'super_admin' : row.userType === 'active' ? 'active' : 'trial',
    subscriptionStatus: row.subscriptionStatus,
    verified: row.verified,
    monthlyPressReleaseLimit: row.monthlyPressReleaseLimit,
    pressReleasesUsedThisMonth: row.pressReleasesUsedThisMonth,
    trusted: row.trusted,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

export async function adminStats(db: Db): Promise<AdminStats> {
  const [[userCounts], [releaseCounts], recent] = await Promise.all([
    db
      .select({
        totalUsers: count(),
        activeUsers: sql<number>`count(*) filter (where ${users.userType} = 'active' and ${users.role} <> 'super_admin')`.mapWith(Number),
        trialUsers: sql<number>`count(*) filter (where ${users.userType} = 'trial' and ${users.role} <> 'super_admin')`.mapWith(Number),
      })
      .from(users),
    db
      .select({
        totalReleases: count(),
        sentReleases: sql<number>`count(*) filter (where ${pressReleases.status} = 'sent')`.mapWith(Number),
      })
      .from(pressReleases),
    db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(RECENT_USERS),
  ]);
  return { ...userCounts, ...releaseCounts, recentUsers: recent.map(toAdminUser) };
}

export async function listUsers(db: Db, options: { search: string; page: number; pageSize: number }): Promise<Paged<AdminUser>> {
  const pattern = options.search ? likePattern(options.search) : null;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.companyName, pattern),
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
  return { items: rows.map(toAdminUser), total, page: options.page, pageSize: options.pageSize };
}

/**
 * Changes a user's role and records it in the audit log, in one transaction. The super admin rows are
 * locked first (FOR UPDATE), so two demotions running at once cannot both see "another super admin
 * remains" and leave the product without one.
 */
export async function changeUserRole(db: Db, actor: CurrentUser, userId: string, role: Role): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    const superAdmins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin')).orderBy(users.id).for('update');
    // The actor may have been demoted by a concurrent request after this one was authorised.
    if (!superAdmins.some((s) => s.id === actor.id)) throw appError('SUPER_ADMIN_REQUIRED');
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!target) throw appError('USER_NOT_FOUND');
    if (target.role === role) return { user: toAdminUser(target), changed: false };
    const demotesSuperAdmin = target.role === 'super_admin';
    if (demotesSuperAdmin && superAdmins.filter((s) => s.id !== target.id).length === 0) {
      throw appError('LAST_SUPER_ADMIN');
    }
    const [updated] = await tx
      .update(users)
      .set({
        role,
        // A demoted super admin keeps the allowance they have; their account type follows it.
        ...(demotesSuperAdmin
          ? {
              userType: sql`case when ${users.userType} = 'super_admin' then (case when ${users.monthlyPressReleaseLimit} > 0 then 'active' else 'trial' end) else ${users.userType} end`,
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), ne(users.role, role)))
      .returning();
    await recordAudit(tx as unknown as Db, { id: actor.id, email: actor.email }, 'user.role_changed', target.email, {
      userId: target.id,
      from: target.role,
      to: role,
    });
    return { user: toAdminUser(updated), changed: true };
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

export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessage> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row) throw appError('MESSAGE_NOT_FOUND');
  return { ...toOutboxSummary(row), html: row.html, text: row.text };
}

/** Lets an address be mailed again; the audit entry exists exactly when the suppression is gone. */
export async function liftSuppressionAudited(db: Db, actor: CurrentUser, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await liftSuppression(tx as unknown as Db, email))) throw appError('SUPPRESSION_NOT_FOUND');
    await recordAudit(tx as unknown as Db, { id: actor.id, email: actor.email }, 'suppression.lifted', email);
  });
}
