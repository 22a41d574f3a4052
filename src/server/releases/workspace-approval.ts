import { eq } from 'drizzle-orm';
import { asAccountLanguage, type CurrentUser } from '../../shared/auth.js';
import type { PressRelease } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { pressReleases, users } from '../db/schema.js';
import { appError } from '../http/errors.js';
import type { Mailer } from '../mail/transport.js';
import { awaitingApprovalMessage, returnedMessage } from '../mail/templates/workspace.js';
import { isSuperAdmin, requireRelease } from '../access/access.js';
import { getRelease, leaveWorkspace } from '../releases/releases.service.js';
import { tellClients } from '../brands/client-approval.service.js';
import { ensureReleaseNewsroomSlug } from '../newsroom/newsroom.service.js';
import { actorName, approversOf, recordActivity } from './workspaces.service.js';

/**
 * A second pair of eyes inside the workspace (decision 021): a writer's Send or Schedule (or anyone's,
 * with the workspace's second-approval setting) waits as `awaiting_approval`; a publisher, manager or owner
 * approves it, and it then goes exactly as their own send would (allowance spent at that moment, editorial
 * review applying; for a brand whose client approves, on to that client), or returns it to its writer with
 * a comment.
 */

export type ApprovalDeps = {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
  review: boolean;
  log: { error: (obj: object, msg: string) => void };
};

/**
 * POST /api/press-releases/{id}/approve. The release row is locked, so of ten approvals at once one finds
 * it waiting and spends the allowance; the others find it moved on and get 409.
 */
export async function approveRelease(
  deps: ApprovalDeps,
  actor: CurrentUser,
  id: string,
): Promise<PressRelease> {
  const { outcome } = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await requireRelease(tx, actor, id, 'publish', { forUpdate: true });
    if (row.status !== 'awaiting_approval') throw appError('NOT_AWAITING_APPROVAL');
    if (row.authorId === actor.id && !isSuperAdmin(actor)) throw appError('SECOND_APPROVER_REQUIRED');
    await tx
      .update(pressReleases)
      .set({ approvedBy: actor.id, updatedAt: deps.now() })
      .where(eq(pressReleases.id, row.id));
    const outcome = await leaveWorkspace(deps, tx, actor, row, {
      scheduledAt: row.scheduledAt && row.scheduledAt > deps.now() ? row.scheduledAt : null,
    });
    await recordActivity(tx, row.workspaceId, actor, 'release.approved', { title: row.title });
    return { outcome };
  });
  if (outcome === 'out') await ensureReleaseNewsroomSlug(deps.db, id);
  const release = await getRelease(deps, actor, id);
  if (outcome === 'client') tellClients(deps, actor, release);
  return release;
}

/** POST /api/press-releases/{id}/return: back to a draft, with words the writer reads in the editor. */
export async function returnRelease(
  deps: ApprovalDeps,
  actor: CurrentUser,
  id: string,
  comment: string,
): Promise<PressRelease> {
  const returned = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await requireRelease(tx, actor, id, 'publish', { forUpdate: true });
    if (row.status !== 'awaiting_approval') throw appError('NOT_AWAITING_APPROVAL');
    await tx
      .update(pressReleases)
      .set({ status: 'draft', scheduledAt: null, approvalComment: comment, updatedAt: deps.now() })
      .where(eq(pressReleases.id, row.id));
    await recordActivity(tx, row.workspaceId, actor, 'release.returned', { title: row.title });
    return row;
  });
  if (returned.authorId && returned.authorId !== actor.id) {
    const authorId = returned.authorId;
    inBackground(deps, async () => {
      const [writer] = await deps.db.select().from(users).where(eq(users.id, authorId));
      if (!writer) return;
      const link = new URL(`/editor/${returned.id}`, deps.publicUrl).href;
      const message = returnedMessage({
        language: asAccountLanguage(writer.language),
        firstName: writer.firstName,
        approverName: actorName(actor),
        title: returned.title,
        comment,
        link,
      });
      await deps.mailer.send({ to: writer.email, ...message });
    });
  }
  return getRelease(deps, actor, id);
}

/** A release just submitted for approval: the workspace's approvers (not its writer) hear of it. */
export function tellApprovers(deps: ApprovalDeps, actor: CurrentUser, release: PressRelease): void {
  inBackground(deps, async () => {
    await recordActivity(deps.db, release.workspaceId, actor, 'release.submitted', { title: release.title });
    const link = new URL(`/analytics/${release.id}`, deps.publicUrl).href;
    for (const approver of await approversOf(deps.db, release.workspaceId, actor.id)) {
      const message = awaitingApprovalMessage({
        language: asAccountLanguage(approver.language),
        firstName: approver.firstName,
        writerName: actorName(actor),
        title: release.title,
        link,
      });
      await deps.mailer.send({ to: approver.email, ...message });
    }
  });
}

/** Mail leaves after the answer: a slow relay must not hold a decision; failures are logged. */
function inBackground(deps: ApprovalDeps, work: () => Promise<void>): void {
  void work().catch((error: unknown) =>
    deps.log.error({ err: error }, 'workspace approval email could not be sent'),
  );
}
