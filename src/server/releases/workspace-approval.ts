import type { ReleaseId, UserId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { asAccountLanguage, type CurrentUser } from '../../shared/auth.js';
import type { PressRelease } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { Mailer } from '../mail/transport.js';
import { awaitingApprovalMessage, returnedMessage } from '../mail/templates/workspace.js';
import { requireRelease } from '../access/access.js';
import { getRelease } from './releases.service.js';
import { applyEvent, assertSecondPerson } from './lifecycle.js';
import { tellClients } from './client-approval.js';
import { ensureReleaseNewsroomSlug } from '../newsroom/newsroom.service.js';
import { actorName, approversOf, recordActivity } from '../workspaces/workspaces.service.js';

/**
 * A second pair of eyes inside the workspace (decisions 021, 026): a writer's Send or Schedule (or anyone's,
 * with the workspace's second-approval setting) waits as `awaiting_approval`; a publisher, manager or owner
 * who did not write, edit or submit that version approves it, and it then goes exactly as their own send
 * would (the press release held from that moment, editorial review and the brand's client applying), or
 * returns it to its writers with a comment (`changes_requested`, the press release given back).
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
 * it waiting and moves it on; the others find it moved and get 409.
 */
export async function approveRelease(deps: ApprovalDeps, actor: CurrentUser, id: ReleaseId): Promise<PressRelease> {
  const moved = await deps.db.transaction(async (tx) => {
    const row = await requireRelease(tx, actor, id, 'publish', { forUpdate: true });
    if (row.status === 'awaiting_approval') assertSecondPerson(row, actor);
    const moved = await applyEvent(deps, tx, row, 'approve', actor);
    await recordActivity(tx, row.workspaceId, actor, 'release.approved', { title: row.title });
    return moved;
  });
  if (moved.status !== 'awaiting_client_approval') await ensureReleaseNewsroomSlug(deps.db, id);
  const release = await getRelease(deps, actor, id);
  if (moved.status === 'awaiting_client_approval') tellClients(deps, actor, release);
  return release;
}

/** POST /api/press-releases/{id}/return: changes requested by the approver, with words its writers read. */
export async function returnRelease(
  deps: ApprovalDeps,
  actor: CurrentUser,
  id: ReleaseId,
  comment: string,
): Promise<PressRelease> {
  const returned = await deps.db.transaction(async (tx) => {
    const row = await requireRelease(tx, actor, id, 'publish', { forUpdate: true });
    await applyEvent(deps, tx, row, 'return', actor, { comment });
    await recordActivity(tx, row.workspaceId, actor, 'release.returned', { title: row.title });
    return row;
  });
  const writers = [...new Set([returned.submittedBy, returned.authorId])].filter((w): w is UserId => !!w && w !== actor.id);
  for (const writerId of writers) {
    inBackground(deps, async () => {
      const [writer] = await deps.db.select().from(users).where(eq(users.id, writerId));
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
