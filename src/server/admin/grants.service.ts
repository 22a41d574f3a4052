import type { WorkspaceId } from '../../shared/ids.js';
import { eq, sql } from 'drizzle-orm';
import type { GrantInput } from '../../shared/admin.js';
import type { CurrentUser } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { allowanceGrants, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { recordDeskAudit } from './desk-audit.js';
import { remainingOf } from './refunds.service.js';

export type GrantResult = {
  grant: { id: string; releases: number; reason: string; createdAt: string };
  allowance: { limit: number; used: number; remaining: number };
};

/**
 * Releases given without a payment ("Granted by Nashr"): the allowance grows, the grant is kept with its
 * reason for the customer's billing history, and the audit log names who gave what to whom. No invoice:
 * nothing was sold.
 */
export async function grantReleases(db: Db, actor: CurrentUser, workspaceId: WorkspaceId, input: Required<GrantInput>): Promise<GrantResult> {
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .update(workspaces)
      .set({ monthlyPressReleaseLimit: sql`${workspaces.monthlyPressReleaseLimit} + ${input.releases}`, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId))
      .returning();
    if (!workspace) throw appError('WORKSPACE_NOT_FOUND');
    const [grant] = await tx
      .insert(allowanceGrants)
      .values({ workspaceId, releases: input.releases, reason: input.reason, grantedBy: actor.id })
      .returning();
    await recordDeskAudit(tx, actor, 'workspace.granted', workspace, { releases: input.releases, reason: input.reason });
    return {
      grant: { id: grant.id, releases: grant.releases, reason: grant.reason, createdAt: grant.createdAt.toISOString() },
      allowance: { limit: workspace.monthlyPressReleaseLimit, used: workspace.pressReleasesUsedThisMonth, remaining: remainingOf(workspace) },
    };
  });
}
