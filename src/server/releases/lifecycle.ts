import type { ReleaseId, UserId, WorkspaceId } from '../../shared/ids.js';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import type { ErrorCode } from '../../shared/error-codes.js';
import {
  WITHDRAWABLE_STATUSES,
  type ReleaseGate,
  type ReleaseReturn,
  type ReleaseStatus,
  type ReleaseStep,
  type ReleaseStepKind,
  type ReleaseStepRole,
} from '../../shared/releases.js';
import { rowsOf, type Db } from '../db/client.js';
import { brands, deliveries, pressReleases, releaseSteps, users, workspaces } from '../db/schema.js';
import { appError, fieldError, paymentRequired, validationFailed } from '../http/errors.js';
import { isUnmetered, skipsClientApproval, skipsSecondPerson, stepRoleOf } from '../access/roles.js';
import { audienceOf, dispatchRelease } from '../delivery/dispatch.service.js';
import { clientsOfBrand, recordActivity } from '../workspaces/workspaces.service.js';
import { closeOpenReview, needsReview, openReview } from './review-rounds.js';

/**
 * The one place that moves a release (decision 026). Every change of a release's status and of the press
 * release it holds from its workspace's allowance is an event of the table below, applied to the row the
 * caller has locked (FOR UPDATE) inside the caller's transaction, and written to the release's timeline in
 * that same transaction. An event that does not apply to the current status is refused with the event's
 * 409 code and the status it found, so a page that fell behind can show where the release is now.
 *
 * The hold: a release holds one press release from the moment its workspace lets it go (a publisher's
 * send, or approval of a writer's) until it is sent, and gives it back exactly once when it is returned,
 * rejected, withdrawn, cancelled or deleted; `hold` takes one only when the row holds none, so however
 * many rounds a release goes through, it is charged once.
 */

export type ReleaseRow = typeof pressReleases.$inferSelect;

/** Where a release goes once it has passed a gate: the next gate it meets, else scheduled or sending. */
const ONWARD = 'onward' as const;

/** What an event does to the press release held from the allowance. */
type HoldChange = 'hold' | 'keep' | 'give back';

type Transition = {
  from: readonly ReleaseStatus[];
  to: ReleaseStatus | typeof ONWARD | 'deleted';
  hold: HoldChange;
  /** The timeline step it writes (an onward move also writes the step of where it arrives). */
  step: ReleaseStepKind | null;
  /** Refused from any other status: the code the answer carries (409), with `status`. */
  refusal: ErrorCode;
  /** The gate it has passed, for an onward move: the gates after it still apply. */
  passed?: ReleaseGate | 'sender';
};

const EDITABLE: readonly ReleaseStatus[] = ['draft', 'changes_requested'];

export const TRANSITIONS = {
  /** A writer's Send or Schedule (or anyone's, with "every release needs a second person"). */
  submit: { from: EDITABLE, to: 'awaiting_approval', hold: 'keep', step: 'submitted', refusal: 'RELEASE_STATE_CONFLICT' },
  /** A publisher's own Send or Schedule (a super admin's too): on to the first gate it meets. */
  send: { from: EDITABLE, to: ONWARD, hold: 'hold', step: null, refusal: 'RELEASE_STATE_CONFLICT', passed: 'sender' },
  approve: { from: ['awaiting_approval'], to: ONWARD, hold: 'hold', step: 'approved', refusal: 'NOT_AWAITING_APPROVAL', passed: 'workspace_approval' },
  return: { from: ['awaiting_approval'], to: 'changes_requested', hold: 'give back', step: 'returned', refusal: 'NOT_AWAITING_APPROVAL' },
  client_approve: { from: ['awaiting_client_approval'], to: ONWARD, hold: 'hold', step: 'client_approved', refusal: 'NOT_AWAITING_CLIENT_APPROVAL', passed: 'client_approval' },
  client_return: { from: ['awaiting_client_approval'], to: 'changes_requested', hold: 'give back', step: 'client_returned', refusal: 'NOT_AWAITING_CLIENT_APPROVAL' },
  review_approve: { from: ['in_review'], to: ONWARD, hold: 'keep', step: 'review_approved', refusal: 'REVIEW_NOT_PENDING', passed: 'review' },
  /** Nashr's editor asks for changes: the press release stays reserved for the resubmission. */
  request_changes: { from: ['in_review'], to: 'changes_requested', hold: 'keep', step: 'changes_requested', refusal: 'REVIEW_NOT_PENDING' },
  reject: { from: ['in_review'], to: 'rejected', hold: 'give back', step: 'rejected', refusal: 'REVIEW_NOT_PENDING' },
  withdraw: { from: WITHDRAWABLE_STATUSES, to: 'draft', hold: 'give back', step: 'withdrawn', refusal: 'NOT_WITHDRAWABLE' },
  /** Cancelled, or opened for editing: a scheduled release becomes a draft again. */
  unschedule: { from: ['scheduled'], to: 'draft', hold: 'give back', step: 'unscheduled', refusal: 'ONLY_SCHEDULED_CANCELLABLE' },
  /** Its send time has come (the scheduler): `sending`, or `failed` when nobody on its lists is left. */
  dispatch: { from: ['scheduled'], to: 'sending', hold: 'keep', step: null, refusal: 'RELEASE_STATE_CONFLICT' },
  delete: { from: EDITABLE, to: 'deleted', hold: 'give back', step: null, refusal: 'ONLY_DRAFT_DELETABLE' },
} as const satisfies Record<string, Transition>;

export type LifecycleEvent = keyof typeof TRANSITIONS;

/** The steps that send a release back to its writers: the next submission opens a new round. */
const RETURNS: readonly ReleaseStepKind[] = ['returned', 'client_returned', 'changes_requested', 'withdrawn', 'unscheduled'];

export type LifecycleCtx = { now: () => Date; review: boolean };

export type EventOptions = {
  /** The approver's, client's or editor's words. */
  comment?: string | null;
  /** The send time it goes out at (null: at once), for a submission or send. */
  scheduledAt?: Date | null;
  /** Whose send it is: who spends the allowance (a client's approval sends as the publisher who sent it). */
  sender?: CurrentUser | null;
  /** The role the actor acts in when it is not their workspace role (Nashr's editor). */
  role?: ReleaseStepRole;
};

export type Moved = { status: ReleaseStatus | 'deleted'; recipients: number; startedAt: Date | null };

/**
 * Applies `event` to `row`, which the caller has read FOR UPDATE in `tx` (with the actor's access checked).
 * Returns where the release arrived and, for a send that started, how many messages were queued.
 */
export async function applyEvent(
  ctx: LifecycleCtx,
  tx: Db,
  row: ReleaseRow,
  event: LifecycleEvent,
  actor: CurrentUser | null,
  options: EventOptions = {},
): Promise<Moved> {
  const transition: Transition = TRANSITIONS[event];
  const status = row.status;
  if (!transition.from.includes(status)) throw appError(transition.refusal, { status });
  const now = ctx.now();
  const round = await roundFor(tx, row.id, event);
  const step = (kind: ReleaseStepKind, by: CurrentUser | null, role: ReleaseStepRole = stepRoleOf(by), comment: string | null = null) =>
    recordStep(tx, row.id, kind, by, role, { comment, round, at: now });
  if (transition.step) await step(transition.step, actor, options.role ?? stepRoleOf(actor), options.comment ?? null);

  const sender = options.sender ?? actor;
  const allowanceUsed = await changeHold(tx, row, transition.hold, sender);
  const base = { allowanceUsed, updatedAt: now, ...submissionFields(event, actor) };

  switch (transition.to) {
    case 'deleted':
      await tx.delete(pressReleases).where(eq(pressReleases.id, row.id));
      return { status: 'deleted', recipients: 0, startedAt: null };
    case 'sending':
      return dispatchNow(tx, row, now, step);
    case ONWARD:
      return onward(ctx, tx, row, transition.passed!, sender, event === 'submit' || event === 'send' ? (options.scheduledAt ?? null) : row.scheduledAt, base, step);
    default: {
      if (transition.to === 'awaiting_approval') await assertSomeoneReceives(tx, row);
      // An editor's "changes requested" or rejection keeps the send time the writer chose; a return to
      // the writers or a withdrawal clears it (the next submission says when).
      const keepsSchedule = event === 'request_changes' || event === 'reject';
      const scheduledAt = transition.to === 'awaiting_approval' ? (options.scheduledAt ?? null) : keepsSchedule ? row.scheduledAt : null;
      await write(tx, row.id, { ...base, status: transition.to, scheduledAt, ...wordsOf(event, options) });
      if (event === 'withdraw' && status === 'in_review') await closeOpenReview(tx, row.id, 'withdrawn', now);
      return { status: transition.to, recipients: 0, startedAt: null };
    }
  }
}

type Step = (kind: ReleaseStepKind, by: CurrentUser | null, role?: ReleaseStepRole, comment?: string | null) => Promise<void>;

/**
 * Past a gate: on to the next one it meets, else scheduled, else sending now. The arrival is on the
 * timeline, by the sender for their own send (`sender`), by the service after someone else's decision.
 */
async function onward(
  ctx: LifecycleCtx,
  tx: Db,
  row: ReleaseRow,
  passed: ReleaseGate | 'sender',
  sender: CurrentUser | null,
  scheduledAt: Date | null,
  base: Partial<ReleaseRow>,
  step: Step,
): Promise<Moved> {
  const now = ctx.now();
  const target = await nextStop(ctx, tx, row, passed, sender);
  const arrivedBy = passed === 'sender' ? sender : null;
  // The workspace's activity names the send as its sender's, whoever's decision let it go.
  const activity = target.status === 'awaiting_client_approval' ? 'release.sent_for_client_approval' : scheduledAt && scheduledAt > now ? 'release.scheduled' : 'release.sent';
  await recordActivity(tx, row.workspaceId, sender, activity, { title: row.title });
  // Whose send it is: the publisher's (or the approver's); an editor's decision leaves it theirs.
  const sentBy = passed === 'review' || passed === 'client_approval' ? {} : { sentBy: sender?.id ?? row.sentBy };
  if (target.status === 'awaiting_client_approval') {
    await write(tx, row.id, { ...base, ...sentBy, status: target.status, scheduledAt, ...NO_CLIENT_ANSWER });
    await step('sent_to_client', arrivedBy);
    return { status: target.status, recipients: 0, startedAt: null };
  }
  if (target.status === 'in_review') {
    await write(tx, row.id, { ...base, ...sentBy, status: target.status, scheduledAt });
    await openReview(tx, row.id, now);
    await step('submitted_to_review', arrivedBy);
    return { status: target.status, recipients: 0, startedAt: null };
  }
  const goesNow = !scheduledAt || scheduledAt <= now;
  await write(tx, row.id, { ...base, ...sentBy, status: 'scheduled', scheduledAt: goesNow ? now : scheduledAt });
  if (!goesNow) {
    await step('scheduled', arrivedBy);
    return { status: 'scheduled', recipients: 0, startedAt: null };
  }
  // A suspended workspace's release waits, scheduled, until a super admin reactivates it (the scheduler
  // skips it meanwhile): nothing of it is queued now.
  if (target.suspended) {
    await step('held', null);
    return { status: 'scheduled', recipients: 0, startedAt: null };
  }
  const moved = await dispatchNow(tx, { ...row, scheduledAt: now }, now, step, arrivedBy);
  if (moved.recipients === 0) throw nobodyReceives(passed === 'review' ? 'NOBODY_LEFT_TO_RECEIVE' : 'NOBODY_RECEIVES');
  return moved;
}

/**
 * Queues the release's messages: `sending`, or `failed` when nobody on its lists is left to receive it
 * (everyone unsubscribed or bounced since it was scheduled).
 */
async function dispatchNow(tx: Db, row: ReleaseRow, now: Date, step: Step, by: CurrentUser | null = null): Promise<Moved> {
  const recipients = await dispatchRelease(tx, row, now);
  const status = recipients > 0 ? 'sending' : 'failed';
  await write(tx, row.id, { status, updatedAt: now });
  await step(status, by);
  return { status, recipients, startedAt: recipients > 0 ? now : null };
}

/** A client's earlier answer, cleared when a new version is put before them. */
export const NO_CLIENT_ANSWER = { clientComment: null, clientApprovedBy: null, clientApprovedAt: null, clientApprovedVersion: null } as const;

async function write(tx: Db, id: ReleaseId, fields: Partial<typeof pressReleases.$inferInsert>): Promise<void> {
  await tx.update(pressReleases).set(fields).where(eq(pressReleases.id, id));
}

/** Who submitted the version (the second-person rule reads it) and who approved it inside the workspace. */
function submissionFields(event: LifecycleEvent, actor: CurrentUser | null): Partial<ReleaseRow> {
  if (event === 'submit') return { submittedBy: actor?.id ?? null, approvedBy: null, approvalComment: null };
  if (event === 'send') return { submittedBy: actor?.id ?? null, approvalComment: null };
  if (event === 'approve') return { approvedBy: actor?.id ?? null };
  return {};
}

/** The words of a return, kept on the row for the editor's notice (the timeline keeps every round's). */
function wordsOf(event: LifecycleEvent, options: EventOptions): Partial<ReleaseRow> {
  if (event === 'return') return { approvalComment: options.comment ?? null };
  if (event === 'client_return') return { clientComment: options.comment ?? null };
  return {};
}

/**
 * The first stop after `passed`: the brand's client (a release of a brand whose client approves, unless a
 * super admin sends it), Nashr's editor (review on, the workspace not trusted), else the schedule or the
 * send. A release nobody would receive, or that no client could approve, is refused rather than left waiting.
 */
async function nextStop(
  ctx: LifecycleCtx,
  tx: Db,
  row: ReleaseRow,
  passed: ReleaseGate | 'sender',
  sender: CurrentUser | null,
): Promise<{ status: 'awaiting_client_approval' | 'in_review' | 'scheduled'; suspended: boolean }> {
  const [place] = await tx
    .select({ clientApproval: brands.clientApproval, suspendedAt: workspaces.suspendedAt })
    .from(brands)
    .innerJoin(workspaces, eq(workspaces.id, row.workspaceId))
    .where(eq(brands.id, row.brandId));
  const suspended = Boolean(place?.suspendedAt);
  if ((passed === 'sender' || passed === 'workspace_approval') && !skipsClientApproval(sender) && place?.clientApproval) {
    await assertSomeoneReceives(tx, row);
    if (!(await clientsOfBrand(tx, row.workspaceId, row.brandId)).length) throw appError('NO_CLIENT_TO_APPROVE');
    return { status: 'awaiting_client_approval', suspended };
  }
  if (passed !== 'review' && sender && (await needsReview(tx, ctx.review, sender, row.workspaceId))) {
    await assertSomeoneReceives(tx, row);
    return { status: 'in_review', suspended };
  }
  return { status: 'scheduled', suspended };
}

export const nobodyReceives = (code: ErrorCode) => validationFailed([fieldError('recipientLists', code)]);

/** A release goes before an approver, a client or an editor only if someone would receive it, as Send Now checks. */
export async function assertSomeoneReceives(tx: Db, release: Pick<ReleaseRow, 'workspaceId' | 'brandId' | 'recipientLists'>): Promise<void> {
  const audience = await audienceOf(tx, release.workspaceId, release.recipientLists, undefined, release.brandId);
  if (audience.recipients === 0) throw nobodyReceives('NOBODY_RECEIVES');
}

// ---------------------------------------------------------------- the hold

/** Applies a hold change under the row's lock; returns whether the release holds one afterwards. */
async function changeHold(tx: Db, row: ReleaseRow, change: HoldChange, sender: CurrentUser | null): Promise<boolean> {
  if (change === 'keep') return row.allowanceUsed;
  if (change === 'give back') {
    if (row.allowanceUsed) await giveBack(tx, row.workspaceId);
    return false;
  }
  // Super admins run the service: their sends spend nothing.
  if (row.allowanceUsed || isUnmetered(sender)) return row.allowanceUsed;
  await take(tx, row.workspaceId);
  return true;
}

/** Never read-then-write: the UPDATE itself checks that one is left (402 and a rollback when none is). */
async function take(tx: Db, workspaceId: WorkspaceId): Promise<void> {
  const taken = await tx
    .update(workspaces)
    .set({ pressReleasesUsedThisMonth: sql`${workspaces.pressReleasesUsedThisMonth} + 1` })
    .where(and(eq(workspaces.id, workspaceId), sql`${workspaces.pressReleasesUsedThisMonth} < ${workspaces.monthlyPressReleaseLimit}`))
    .returning({ id: workspaces.id });
  if (taken.length === 0) throw paymentRequired();
}

async function giveBack(tx: Db, workspaceId: WorkspaceId): Promise<void> {
  await tx
    .update(workspaces)
    .set({ pressReleasesUsedThisMonth: sql`GREATEST(${workspaces.pressReleasesUsedThisMonth} - 1, 0)` })
    .where(eq(workspaces.id, workspaceId));
}

// ---------------------------------------------------------------- the end of a send, the embargo's lift

/**
 * A sending release is done when none of its deliveries is queued or in flight: `sent` when at least one
 * was accepted, `failed` when every one bounced or failed. Guarded so that it happens once; the delivery
 * engine and the scheduler report here, they never write the status.
 */
export async function finishIfDone(db: Db, releaseId: ReleaseId, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    WITH done AS (
      UPDATE ${pressReleases}
      SET status = CASE WHEN EXISTS (SELECT 1 FROM ${deliveries} WHERE release_id = ${releaseId}::uuid AND status = 'sent')
                        THEN 'sent' ELSE 'failed' END,
          updated_at = ${at.toISOString()}::timestamptz
      WHERE id = ${releaseId}::uuid AND status = 'sending'
        AND NOT EXISTS (SELECT 1 FROM ${deliveries} WHERE release_id = ${releaseId}::uuid AND status IN ('queued', 'sending'))
      RETURNING id, status)
    INSERT INTO ${releaseSteps} (release_id, kind, actor_role, round, at)
    SELECT done.id, done.status, 'system',
           COALESCE((SELECT max(round) FROM ${releaseSteps} WHERE release_id = ${releaseId}::uuid), 1),
           ${at.toISOString()}::timestamptz
    FROM done
    RETURNING release_id`);
  return rowsOf(result).length > 0;
}

/** The embargo has lifted: the release is published (its status stays), and the step is on its timeline. */
export async function liftEmbargo(tx: Db, row: ReleaseRow, now: Date): Promise<void> {
  if (row.status !== 'sending' && row.status !== 'sent') throw appError('RELEASE_STATE_CONFLICT', { status: row.status });
  await write(tx, row.id, { publishedAt: now, updatedAt: now });
  await recordStep(tx, row.id, 'embargo_lifted', null, 'system', { round: await roundFor(tx, row.id, 'dispatch'), at: now });
}

// ---------------------------------------------------------------- the timeline

const nameOf = (actor: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>) => `${actor.firstName} ${actor.lastName}`.trim() || actor.email;

async function recordStep(
  tx: Db,
  releaseId: ReleaseId,
  kind: ReleaseStepKind,
  actor: CurrentUser | null,
  role: ReleaseStepRole,
  { comment = null, round, at }: { comment?: string | null; round: number; at: Date },
): Promise<void> {
  await tx.insert(releaseSteps).values({ releaseId, kind, actorId: actor?.id ?? null, actorName: actor ? nameOf(actor) : null, actorRole: role, comment, round, at });
}

/** A submission after a return opens a new round; every other step belongs to the current one. */
async function roundFor(tx: Db, releaseId: ReleaseId, event: LifecycleEvent): Promise<number> {
  const [last] = await tx
    .select({ kind: releaseSteps.kind, round: releaseSteps.round })
    .from(releaseSteps)
    .where(eq(releaseSteps.releaseId, releaseId))
    .orderBy(desc(releaseSteps.id))
    .limit(1);
  if (!last) return 1;
  const opensRound = (event === 'submit' || event === 'send') && RETURNS.includes(last.kind);
  return last.round + (opensRound ? 1 : 0);
}

/** The release's timeline, oldest first: each person named as they read now (or as they did, if gone). */
export async function timelineOf(db: Db, releaseId: ReleaseId): Promise<ReleaseStep[]> {
  const rows = await db
    .select({ step: releaseSteps, firstName: users.firstName, lastName: users.lastName })
    .from(releaseSteps)
    .leftJoin(users, eq(users.id, releaseSteps.actorId))
    .where(eq(releaseSteps.releaseId, releaseId))
    .orderBy(asc(releaseSteps.id));
  return rows.map(({ step, firstName, lastName }) => {
    const current = `${firstName ?? ''} ${lastName ?? ''}`.trim();
    const name = current || step.actorName;
    return {
      kind: step.kind,
      by: name ? { name, role: step.actorRole } : null,
      comment: step.comment,
      at: new Date(step.at).toISOString(),
      round: step.round,
    };
  });
}

const RETURN_SOURCES: Partial<Record<ReleaseStepKind, ReleaseReturn['source']>> = {
  returned: 'workspace',
  client_returned: 'client',
  changes_requested: 'review',
};

/** While a release waits for changes: the return that put it there (the latest), with its words. */
export function returnOf(status: string, timeline: ReleaseStep[]): ReleaseReturn | null {
  if (status !== 'changes_requested') return null;
  const step = timeline.findLast((s) => RETURN_SOURCES[s.kind]);
  if (!step) return null;
  return { source: RETURN_SOURCES[step.kind]!, by: step.by, comment: step.comment ?? '', at: step.at };
}

// ---------------------------------------------------------------- rules read by the gates

/**
 * The second-person rule (decision 026): nobody who wrote, edited or submitted the version approves it
 * (a super admin runs the service and may). 403 naming the rule.
 */
export function assertSecondPerson(row: ReleaseRow, approver: CurrentUser): void {
  if (skipsSecondPerson(approver)) return;
  const hands = new Set([row.authorId, row.submittedBy, ...row.editedBy].filter(Boolean));
  if (hands.has(approver.id)) throw appError('SECOND_APPROVER_REQUIRED');
}

/** The people who saved a version's text, with `actor` added when the save changed it. */
export function editorsAfterSave(row: ReleaseRow | undefined, actor: CurrentUser, textChanged: boolean): UserId[] {
  const before = row?.editedBy ?? [];
  return textChanged && !before.includes(actor.id) ? [...before, actor.id] : before;
}

/** The gates a release still has ahead, as the viewer's own send would meet them. */
export function gatesAhead(
  status: ReleaseStatus,
  { workspaceApproval, clientApproval, review }: { workspaceApproval: boolean; clientApproval: boolean; review: boolean },
): ReleaseGate[] {
  const all: Array<[ReleaseGate, boolean]> = [
    ['workspace_approval', workspaceApproval],
    ['client_approval', clientApproval],
    ['review', review],
  ];
  const fromGate: Partial<Record<ReleaseStatus, ReleaseGate>> = {
    awaiting_approval: 'workspace_approval',
    awaiting_client_approval: 'client_approval',
    in_review: 'review',
  };
  if (status === 'draft' || status === 'changes_requested') return all.filter(([, applies]) => applies).map(([gate]) => gate);
  const at = fromGate[status];
  if (!at) return [];
  const index = all.findIndex(([gate]) => gate === at);
  return all.filter(([, applies], i) => i === index || (i > index && applies)).map(([gate]) => gate);
}
