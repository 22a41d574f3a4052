import type { UserId, WorkspaceId } from '../../shared/ids.js';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminWorkspaceDetail } from '../../shared/admin.js';
import { everyPackageRefunded } from '../../shared/billing.js';
import type { Db } from '../db/client.js';
import { allowanceGrants, brands, payments, pressReleases, sessions, users, workspaceMembers, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { standingOf } from '../access/roles.js';
import { listDocuments } from '../invoices/documents.js';
import { poolOf, refundFigures, releasesOf, remainingOf } from './refunds.service.js';
import { SENT_STATUSES, type ReleaseStatus } from '../../shared/releases.js';

/** The releases a customer page lists: the latest ones, enough to answer "what did they send lately". */
const RELEASES_SHOWN = 100;
const SIGN_INS_SHOWN = 20;

const nameOf = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/**
 * GET /api/admin/workspaces/{id}: everything an operator needs to help one customer. A sign-in is a
 * session made (sessions rows, until they expire or the person signs out) or the account's last sign-in.
 */
export async function getWorkspaceDetail(db: Db, workspaceId: WorkspaceId): Promise<AdminWorkspaceDetail> {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  if (!workspace) throw appError('WORKSPACE_NOT_FOUND');
  const suspended = workspace.suspendedAt !== null;
  const [members, purchases, grants, invoices, releases, newsrooms] = await Promise.all([
    membersOf(db, workspaceId),
    db.select().from(payments).where(eq(payments.workspaceId, workspaceId)).orderBy(desc(payments.createdAt), desc(payments.id)),
    db
      .select({ grant: allowanceGrants, granter: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
      .from(allowanceGrants)
      .leftJoin(users, eq(users.id, allowanceGrants.grantedBy))
      .where(eq(allowanceGrants.workspaceId, workspaceId))
      .orderBy(desc(allowanceGrants.createdAt), desc(allowanceGrants.id)),
    listDocuments(db, workspaceId),
    db
      .select({ release: pressReleases, brand: brands.name })
      .from(pressReleases)
      .innerJoin(brands, eq(brands.id, pressReleases.brandId))
      .where(eq(pressReleases.workspaceId, workspaceId))
      .orderBy(desc(pressReleases.createdAt), desc(pressReleases.id))
      .limit(RELEASES_SHOWN),
    db.select().from(brands).where(eq(brands.workspaceId, workspaceId)).orderBy(asc(brands.createdAt), asc(brands.id)),
  ]);
  const signIns = await recentSignIns(db, members.map((m) => m.userId));
  const granted = grants.reduce((sum, { grant }) => sum + grant.releases, 0);
  return {
    id: workspace.id,
    name: workspace.name,
    userType: standingOf(workspace),
    packageRefunded: everyPackageRefunded(purchases),
    trusted: workspace.trusted,
    suspended: workspace.suspendedAt ? { at: workspace.suspendedAt.toISOString(), reason: workspace.suspendedReason ?? '' } : null,
    createdAt: workspace.createdAt.toISOString(),
    members,
    purchases: purchases.map((p) => ({
      id: p.id,
      planId: p.planId,
      amount: p.amount,
      vat: p.vat,
      releases: releasesOf(p),
      refundedReleases: p.refundedReleases,
      refundedAmount: p.refundedAmount,
      refundable: refundFigures(p, workspace, granted).unspent,
      createdAt: p.createdAt.toISOString(),
    })),
    grants: grants.map(({ grant, granter }) => ({
      id: grant.id,
      releases: grant.releases,
      reason: grant.reason,
      grantedBy: granter ? nameOf(granter) : null,
      createdAt: grant.createdAt.toISOString(),
    })),
    invoices,
    allowance: {
      limit: workspace.monthlyPressReleaseLimit,
      used: workspace.pressReleasesUsedThisMonth,
      remaining: remainingOf(workspace),
      granted: poolOf(workspace, granted).granted,
    },
    releases: releases.map(({ release, brand }) => ({
      id: release.id,
      title: release.title,
      status: release.status,
      brand,
      // The scheduler leaves a suspended workspace's scheduled releases where they are.
      held: suspended && release.status === 'scheduled',
      allowance: allowanceOf(release),
      sentAt: release.sentAt?.toISOString() ?? null,
      scheduledAt: release.scheduledAt?.toISOString() ?? null,
      timeZone: release.timeZone,
    })),
    newsrooms: newsrooms.map((b) => ({ brandId: b.id, name: b.name, slug: b.newsroomSlug, enabled: b.newsroomEnabled })),
    recentSignIns: signIns,
  };
}

/** What a release holds of its workspace's allowance (the same reading as the customer's allowance screen). */
const allowanceOf = (release: { allowanceUsed: boolean; status: ReleaseStatus }): 'spent' | 'held' | 'none' =>
  !release.allowanceUsed ? 'none' : SENT_STATUSES.includes(release.status) ? 'spent' : 'held';

async function membersOf(db: Db, workspaceId: WorkspaceId): Promise<AdminWorkspaceDetail['members']> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: workspaceMembers.role,
      verified: users.verified,
      // greatest() skips nulls: the newest of the sessions kept and the last sign-in noted on the account.
      lastSignInAt: sql<Date | string | null>`greatest(${users.lastSignInAt}, (select max(s.created_at) from ${sessions} s where s.user_id = ${users.id}))`,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.id));
  return rows.map((m) => ({
    userId: m.userId,
    name: nameOf(m),
    email: m.email,
    role: m.role,
    verified: m.verified,
    lastSignInAt: m.lastSignInAt ? new Date(m.lastSignInAt).toISOString() : null,
  }));
}

async function recentSignIns(db: Db, userIds: UserId[]): Promise<AdminWorkspaceDetail['recentSignIns']> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: sessions.userId, email: users.email, at: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.userId, userIds))
    .orderBy(desc(sessions.createdAt))
    .limit(SIGN_INS_SHOWN);
  return rows.map((r) => ({ userId: r.userId, email: r.email, at: r.at.toISOString() }));
}
