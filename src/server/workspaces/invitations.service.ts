import type { BrandId, UserId, WorkspaceId } from '../../shared/ids.js';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import {
  INVITATION_DAYS,
  INVITATIONS_PER_DAY,
  type InvitationState,
  type InvitationView,
  type WorkspaceInvitation,
  type WorkspaceRole,
} from '../../shared/workspaces.js';
import { asAccountLanguage } from '../../shared/auth.js';
import type { Db } from '../db/client.js';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { randomToken, sha256 } from '../http/tokens.js';
import type { Mailer } from '../mail/transport.js';
import { invitationMessage } from '../mail/templates/workspace.js';
import { requireAction, requireMemberChange } from '../access/access.js';
import { actorName, recordActivity } from './workspaces.service.js';
import { seatBrands } from '../brands/brands.service.js';
import { RATE_RULES, takeAttempt, takeAttemptIfAllowed } from '../common/rate-limit.js';
import { suppressedAmong } from '../suppressions/suppressions.service.js';
import { chooseSessionWorkspace } from '../access/session.js';

const DAY_MS = 86_400_000;

export type InvitationDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
};

type InvitationRow = typeof workspaceInvitations.$inferSelect;

const toInvitation = (row: InvitationRow, invitedBy: string | null): WorkspaceInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  brandIds: row.brandIds,
  expiresAt: new Date(row.expiresAt).toISOString(),
  createdAt: new Date(row.createdAt).toISOString(),
  invitedBy,
});

function stateOf(row: InvitationRow, now: Date): InvitationState {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'used';
  if (new Date(row.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

const STATE_ERRORS = {
  expired: 'INVITATION_EXPIRED',
  used: 'INVITATION_USED',
  revoked: 'INVITATION_REVOKED',
} as const;

/**
 * POST /api/workspace/invitations. Three allowances (issue 35), none of which a deleted workspace takes
 * with it (they are counted in the rate-limit ledger):
 * - the inviter's: 100 invitations a day across all their workspaces, 200 from one client whoever asks;
 *   past them the invitation is refused (429 TOO_MANY_INVITATIONS). A refused invitation gives its back.
 * - the workspace's: 50 a day, counted under a lock on its row, so they hold under parallel requests.
 * - the invited address's mail: the invitation and one resend a day from one workspace, three a day from all
 *   of Nashr, none at all to a suppressed address. This one is never told: the invitation is made and
 *   answered alike, only not mailed, and the link the address already holds (if any) becomes the new
 *   invitation's, so it keeps working with the new role.
 * An address already invited and pending is invited again (one pending invitation per address), not twice.
 */
export async function invite(
  deps: InvitationDeps,
  actor: CurrentUser,
  input: { email: string; role: WorkspaceRole; brandIds?: BrandId[] | null },
  ip: string,
): Promise<WorkspaceInvitation> {
  const workspaceId = requireAction(actor, 'manage');
  // Inviting someone is giving them a role: only an owner makes another owner.
  requireMemberChange(actor.workspace!.role, '', input.role);
  const now = deps.now();
  const giveBack = await takeAttempt(deps.db, now, RATE_RULES.invitations, { ip, userId: actor.id });
  const token = randomToken();
  const { row, mails, workspaceName, language, brandNames } = await deps.db.transaction(async (tx) => {
    const [workspace] = await tx
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    // A client seat names its brands, read under the same lock as the rest of the invitation.
    const brandsGiven = await seatBrands(tx, workspaceId, input.role, input.brandIds ?? undefined);
    const [member] = await tx
      .select({ id: users.id })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, input.email)));
    if (member) throw appError('ALREADY_MEMBER');
    const [{ today }] = await tx
      .select({ today: count() })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          gt(workspaceInvitations.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if (today >= INVITATIONS_PER_DAY) throw appError('INVITATIONS_RATE_LIMITED');
    const mails = await mayMail(tx, workspaceId, input.email, now);
    // A pending invitation of the same address gives way to the new one.
    const replaced = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.email, input.email),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id, tokenHash: workspaceInvitations.tokenHash });
    // One pending invitation per address (taken under the workspace's lock): the link it holds is the last mailed.
    const [held] = replaced;
    let tokenHash = sha256(token);
    if (!mails && held) {
      // Nothing is mailed: the link the address last received opens this invitation instead.
      await tx
        .update(workspaceInvitations)
        .set({ tokenHash: sha256(randomToken()) })
        .where(eq(workspaceInvitations.id, held.id));
      tokenHash = held.tokenHash;
    }
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        email: input.email,
        role: input.role,
        brandIds: brandsGiven?.map((brand) => brand.id) ?? null,
        tokenHash,
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
        createdAt: now,
      })
      .returning();
    await recordActivity(tx, workspaceId, actor, 'member.invited', { email: input.email, role: input.role });
    return {
      row,
      mails,
      workspaceName: workspace.name,
      language: asAccountLanguage(workspace.language),
      brandNames: brandsGiven ?? [],
    };
  }).catch(async (error: unknown) => {
    // A refused invitation (a member already, the workspace's day used up) takes nothing from the inviter's.
    await giveBack();
    throw error;
  });
  if (mails)
    mailInvitation(deps, row, token, { workspaceName, language, inviterName: actorName(actor), brandNames });
  return toInvitation(row, actorName(actor));
}

/**
 * Whether the invitation may be mailed to `email`, inside the invitation's transaction: never to a suppressed
 * address, and within the address's allowance, counted one invitation of the address at a time (taken here, and
 * given back if the invitation rolls back).
 */
async function mayMail(tx: Db, workspaceId: WorkspaceId, email: string, now: Date): Promise<boolean> {
  if ((await suppressedAmong(tx, [email])).size > 0) return false;
  return takeAttemptIfAllowed(tx, now, RATE_RULES.invitationMail, { ip: '', email, workspaceId }, email);
}

/** The link leaves after the answer; a slow relay must not hold the inviter. Failures are logged. */
function mailInvitation(
  deps: InvitationDeps,
  row: InvitationRow,
  token: string,
  about: {
    workspaceName: string;
    language: 'en' | 'ar';
    inviterName: string;
    brandNames: Array<{ name: string; nameAr: string }>;
  },
): void {
  const link = `${deps.publicUrl}/invitation?token=${encodeURIComponent(token)}`;
  void (async () => {
    // The expiry on the inviter's clock (their browser's zone at their last sign-in), named in the mail.
    const [inviter] = row.invitedBy ? await deps.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, row.invitedBy)) : [];
    const message = invitationMessage({
      ...about,
      role: row.role,
      link,
      expiresAt: new Date(row.expiresAt),
      timeZone: inviter?.timeZone,
    });
    await deps.mailer.send({ to: row.email, ...message });
  })().catch((error: unknown) => deps.log.error({ err: error, invitation: row.id }, 'invitation email could not be sent'));
}

export async function listInvitations(db: Db, actor: CurrentUser, now: Date): Promise<WorkspaceInvitation[]> {
  const workspaceId = requireAction(actor, 'manage');
  const rows = await db
    .select({
      invitation: workspaceInvitations,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(workspaceInvitations)
    .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(workspaceInvitations.createdAt));
  return rows.map((r) =>
    toInvitation(
      r.invitation,
      r.email
        ? actorName({ firstName: r.firstName ?? '', lastName: r.lastName ?? '', email: r.email })
        : null,
    ),
  );
}

async function pendingInvitation(db: Db, workspaceId: WorkspaceId, id: string, now: Date): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId)));
  if (!row || stateOf(row, now) !== 'pending') throw appError('INVITATION_NOT_FOUND');
  return row;
}

export async function revokeInvitation(deps: InvitationDeps, actor: CurrentUser, id: string): Promise<void> {
  const workspaceId = requireAction(actor, 'manage');
  const now = deps.now();
  const row = await pendingInvitation(deps.db, workspaceId, id, now);
  await deps.db.transaction(async (tx) => {
    await tx.update(workspaceInvitations).set({ revokedAt: now }).where(eq(workspaceInvitations.id, row.id));
    await recordActivity(tx, workspaceId, actor, 'invitation.revoked', { email: row.email });
  });
}

/**
 * A new link for the same address and role (the old link stops working), counted like a new invitation: mailed
 * at most once a day after the invitation (invite's allowances), answered alike either way.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  actor: CurrentUser,
  id: string,
  ip: string,
): Promise<WorkspaceInvitation> {
  const workspaceId = requireAction(actor, 'manage');
  const row = await pendingInvitation(deps.db, workspaceId, id, deps.now());
  const again = { email: row.email, role: row.role, brandIds: row.brandIds };
  return invite(deps, actor, again, ip);
}

// ---------------------------------------------------------------- the invited person

async function invitationByToken(db: Db, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, workspaceSuspended: sql<boolean>`${workspaces.suspendedAt} is not null` })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, sha256(token)));
  return row;
}

/** GET /api/invitations/{token}: what the invitation page shows; an unknown token is a 404. */
export async function viewInvitation(db: Db, token: string, now: Date): Promise<InvitationView> {
  const found = await invitationByToken(db, token);
  if (!found) throw appError('INVITATION_NOT_FOUND');
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, found.invitation.email));
  return {
    state: stateOf(found.invitation, now),
    workspaceName: found.workspaceName,
    email: found.invitation.email,
    role: found.invitation.role,
    existingUser: Boolean(existing),
    workspaceSuspended: found.workspaceSuspended,
  };
}

/**
 * Uses a pending invitation for the person `userId` whose address it was sent to, inside the caller's
 * transaction: the row is claimed with a conditional UPDATE, so a link works once even when clicked twice
 * at once. Answers the workspace joined.
 */
export async function claimInvitation(
  tx: Db,
  token: string,
  person: { id: UserId; email: string },
  now: Date,
): Promise<{ workspaceId: WorkspaceId; role: WorkspaceRole }> {
  const found = await invitationByToken(tx, token);
  if (!found) throw appError('INVITATION_NOT_FOUND');
  const state = stateOf(found.invitation, now);
  if (state !== 'pending') throw appError(STATE_ERRORS[state]);
  if (found.invitation.email !== person.email)
    throw appError('INVITATION_OTHER_ADDRESS', { email: found.invitation.email });
  // Kept pending rather than used: the same link works once a super admin reactivates the workspace.
  if (found.workspaceSuspended) throw appError('INVITATION_WORKSPACE_SUSPENDED', { workspace: found.workspaceName });
  const [claimed] = await tx
    .update(workspaceInvitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(workspaceInvitations.id, found.invitation.id),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .returning();
  if (!claimed) throw appError('INVITATION_USED');
  const role = claimed.role;
  await tx
    .insert(workspaceMembers)
    .values({ workspaceId: claimed.workspaceId, userId: person.id, role, brandIds: claimed.brandIds })
    .onConflictDoNothing();
  await tx.update(users).set({ currentWorkspaceId: claimed.workspaceId }).where(eq(users.id, person.id));
  const [user] = await tx.select().from(users).where(eq(users.id, person.id));
  await recordActivity(tx, claimed.workspaceId, user, 'member.joined', { role });
  return { workspaceId: claimed.workspaceId, role };
}

/** POST /api/invitations/{token}/accept: a signed-in person joins (an additional workspace for them). */
export async function acceptInvitation(db: Db, actor: CurrentUser, token: string, now: Date, sessionHash: string | null): Promise<void> {
  const { workspaceId } = await db.transaction(async (txn) => claimInvitation(txn, token, actor, now));
  // This device moves to the workspace just joined; the person's other devices stay where they are.
  await chooseSessionWorkspace(db, actor.id, sessionHash, workspaceId);
}
