import type { ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import type { ReleaseReview, ReviewDecision } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { releaseReviews, users, workspaces } from '../db/schema.js';
import { skipsReview } from '../access/roles.js';

/**
 * The review rows the releases feature writes and reads when a release is submitted, resubmitted or
 * shown. Kept apart from review.service.ts (which reads releases) so neither service imports the other.
 */

/**
 * Whether a submission by `actor` of a release of the workspace `workspaceId` waits for an editor: review
 * is on, the actor is not a super admin, and the workspace is not a customer a super admin trusts.
 */
export async function needsReview(tx: Db, reviewOn: boolean, actor: CurrentUser, workspaceId: WorkspaceId): Promise<boolean> {
  if (!reviewOn || skipsReview(actor)) return false;
  const [workspace] = await tx.select({ trusted: workspaces.trusted }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return !workspace?.trusted;
}

export async function openReview(tx: Db, releaseId: ReleaseId, now: Date): Promise<void> {
  await tx.insert(releaseReviews).values({ releaseId, submittedAt: now });
}

/** Closes the release's open submission (withdrawn by its owner). */
export async function closeOpenReview(tx: Db, releaseId: ReleaseId, decision: ReviewDecision, now: Date): Promise<void> {
  await tx
    .update(releaseReviews)
    .set({ decision, decidedAt: now })
    .where(and(eq(releaseReviews.releaseId, releaseId), isNull(releaseReviews.decidedAt)));
}

export async function latestReview(db: Db, releaseId: ReleaseId): Promise<ReleaseReview | null> {
  const [found] = await db
    .select({ row: releaseReviews, editorFirstName: users.firstName, editorLastName: users.lastName })
    .from(releaseReviews)
    .leftJoin(users, eq(users.id, releaseReviews.decidedBy))
    .where(eq(releaseReviews.releaseId, releaseId))
    .orderBy(desc(releaseReviews.submittedAt))
    .limit(1);
  if (!found) return null;
  const { row } = found;
  // Customers read the editor's name; the address stays only for an editor whose account is gone.
  const editorName = `${found.editorFirstName ?? ''} ${found.editorLastName ?? ''}`.trim();
  return {
    submittedAt: new Date(row.submittedAt).toISOString(),
    decidedAt: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    decidedBy: editorName || row.decidedByEmail,
    decision: row.decision as ReviewDecision | null,
    comment: row.comment,
  };
}
