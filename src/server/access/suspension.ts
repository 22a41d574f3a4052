import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, workspaceMembers, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { isSuperAdmin } from './access.js';
import { asClause } from '../../shared/clause.js';
import type { UserId, WorkspaceId } from '../../shared/ids.js';

/**
 * Whether a person may sign in, given their workspaces' suspensions: refused (403 with the reason and whom
 * to contact, before any session is made) when every workspace they belong to is suspended. When only some
 * are, the session starts in one that is not, so they land somewhere they can work. Super admins always
 * sign in; a person without a workspace too (there is nothing to suspend).
 */
export async function admitDespiteSuspensions(
  db: Db,
  user: { id: UserId; role: string; currentWorkspaceId: WorkspaceId | null },
  contact: string,
): Promise<void> {
  if (isSuperAdmin(user)) return;
  const memberships = await db
    .select({ id: workspaces.id, suspendedAt: workspaces.suspendedAt, reason: workspaces.suspendedReason })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, user.id))
    .orderBy(
      desc(user.currentWorkspaceId ? sql`${workspaces.id} = ${user.currentWorkspaceId}::uuid` : sql`false`),
      asc(workspaceMembers.createdAt),
    );
  if (!memberships.length) return;
  const open = memberships.find((m) => !m.suspendedAt);
  if (!open) throw appError('WORKSPACE_SUSPENDED', { reason: asClause(memberships[0].reason ?? ''), contact });
  if (memberships[0].suspendedAt) await db.update(users).set({ currentWorkspaceId: open.id }).where(eq(users.id, user.id));
}
