import type { WorkspaceId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { recordDeskAudit } from './desk-audit.js';

export type SuspensionState = { id: string; suspended: { at: string; reason: string } | null };

/**
 * Suspends a workspace: its members are refused (requireUser) and cannot sign in to it, its scheduled
 * releases are held by the scheduler. Nothing is deleted; reactivation gives everything back.
 */
export async function suspendWorkspace(db: Db, actor: CurrentUser, workspaceId: WorkspaceId, reason: string): Promise<SuspensionState> {
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    if (workspace.suspendedAt) throw appError('WORKSPACE_ALREADY_SUSPENDED');
    const [after] = await tx
      .update(workspaces)
      .set({ suspendedAt: new Date(), suspendedReason: reason, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    await recordDeskAudit(tx, actor, 'workspace.suspended', workspace, { reason });
    return stateOf(after);
  });
}

/** Lifts a suspension; held scheduled releases whose time has passed go out at the scheduler's next tick. */
export async function reactivateWorkspace(db: Db, actor: CurrentUser, workspaceId: WorkspaceId): Promise<SuspensionState> {
  return db.transaction(async (tx) => {
    const workspace = await lockWorkspace(tx, workspaceId);
    if (!workspace.suspendedAt) throw appError('WORKSPACE_NOT_SUSPENDED');
    const [after] = await tx
      .update(workspaces)
      .set({ suspendedAt: null, suspendedReason: null, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    await recordDeskAudit(tx, actor, 'workspace.reactivated', workspace, { suspendedReason: workspace.suspendedReason });
    return stateOf(after);
  });
}

/** The workspace row, held until the transaction ends: two suspensions at once cannot both pass the check. */
async function lockWorkspace(tx: Db, workspaceId: WorkspaceId) {
  const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1).for('update');
  if (!workspace) throw appError('WORKSPACE_NOT_FOUND');
  return workspace;
}

const stateOf = (row: typeof workspaces.$inferSelect): SuspensionState => ({
  id: row.id,
  suspended: row.suspendedAt ? { at: row.suspendedAt.toISOString(), reason: row.suspendedReason ?? '' } : null,
});
