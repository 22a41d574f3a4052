import { companyBrandIdOf, type BrandId, type WorkspaceId } from '../../shared/ids.js';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  isBrandLimited,
  roleCan,
  workspaceActions,
  type CurrentWorkspace,
  type WorkspaceRole,
} from '../../shared/workspaces.js';
import type { Db } from '../db/client.js';
import { givableRoles, seatCanViewEmails, seatSendsForApproval } from './access.js';
import { isSuperAdmin, standingOf } from './roles.js';
import { brands, users, workspaceMembers, workspaces } from '../db/schema.js';
import type { UserId } from '../../shared/ids.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type Membership = { workspace: WorkspaceRow; role: WorkspaceRole; brandIds: BrandId[] | null };

/** A workspace that has paid (PRODUCT.md §1) reveals addresses to its team; the seat's rule is access.ts seatCanViewEmails. */
export const workspaceCanViewEmails = (
  workspace: Pick<WorkspaceRow, 'userType'>,
  platformRole: string,
): boolean => isSuperAdmin({ role: platformRole }) || standingOf(workspace) === 'active';

/** `contact` is the support address named on a suspended workspace (config.supportEmail). */
export function describeWorkspace(membership: Membership, platformRole: string, contact = ''): CurrentWorkspace {
  const { workspace, role, brandIds } = membership;
  return {
    ...(workspace.suspendedAt ? { suspended: { reason: workspace.suspendedReason ?? '', contact } } : {}),
    id: workspace.id,
    name: workspace.name,
    role,
    actions: workspaceActions.filter((action) => roleCan(role, action)),
    requireSecondApproval: workspace.requireSecondApproval,
    givableRoles: givableRoles(role),
    sendsForApproval: seatSendsForApproval(platformRole, role, workspace.requireSecondApproval),
    canViewEmails: seatCanViewEmails(platformRole, role, workspaceCanViewEmails(workspace, platformRole)),
    brandIds: isBrandLimited(role) ? (brandIds ?? []) : null,
  };
}

/**
 * Where a person's session acts: the workspace they chose last if they are still its member, otherwise
 * the one they joined first (a removed member lands in another workspace of theirs, or in none).
 * Read at every request, so a removal takes effect on open sessions at once.
 */
export async function currentMembership(
  db: Db,
  userId: UserId,
  chosenId: string | null,
): Promise<Membership | null> {
  const [row] = await db
    .select({ workspace: workspaces, role: workspaceMembers.role, brandIds: workspaceMembers.brandIds })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      desc(chosenId ? sql`${workspaceMembers.workspaceId} = ${chosenId}::uuid` : sql`false`),
      asc(workspaceMembers.createdAt),
      asc(workspaceMembers.workspaceId),
    )
    .limit(1);
  return row ? { workspace: row.workspace, role: row.role, brandIds: row.brandIds } : null;
}

export async function membershipOf(
  db: Db,
  workspaceId: WorkspaceId,
  userId: UserId,
): Promise<WorkspaceRole | null> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return (row?.role) ?? null;
}

/**
 * A new workspace with its first owner and its first brand (the company itself, with the workspace's own
 * id, as the migration gave every existing workspace). The workspace's id is its own, never its first owner's
 * (accounts made before issue 39 kept their user id as their workspace's, and keep it): a person's id passed where
 * a workspace's is meant then finds nothing instead of the right row by coincidence.
 */
export async function createWorkspace(
  db: Db,
  ownerUserId: UserId,
  fields: Omit<typeof workspaces.$inferInsert, 'name' | 'id'> & { name: string },
): Promise<WorkspaceRow> {
  const [workspace] = await db.insert(workspaces).values(fields).returning();
  await db.insert(brands).values({
    id: companyBrandIdOf(workspace.id),
    workspaceId: workspace.id,
    name: workspace.name,
  });
  await db.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: ownerUserId, role: 'owner' });
  await db.update(users).set({ currentWorkspaceId: workspace.id }).where(eq(users.id, ownerUserId));
  return workspace;
}
