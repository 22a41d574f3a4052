import type { UserId, WorkspaceId } from '../../shared/ids.js';
import { and, count, eq, gt, inArray, lt, min, or, sql } from 'drizzle-orm';
import type { AttemptKind } from '../../shared/auth.js';
import { errorText, type ErrorCode } from '../../shared/error-codes.js';
import type { Db } from '../db/client.js';
import { authAttempts } from '../db/schema.js';
import { ADVISORY_LOCKS } from '../db/advisory-locks.js';
import { AppError } from '../http/errors.js';

/**
 * Rate limits of the account endpoints (ARCHITECTURE.md §8), counted in the auth_attempts table so that
 * every web process behind a load balancer sees the same numbers. Each attempt is recorded once per
 * key it is limited by.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * What a key counts: the address an attempt names, that address from one client together (so a stranger's
 * failures never lock the owner out of their own client), the client alone, a signed-in account, or the
 * address from one workspace (invitation mail).
 */
type Scope = 'address' | 'addressAndClient' | 'client' | 'account' | 'addressAndWorkspace';

export type RateRule = { kind: AttemptKind; windowMs: number; limits: Partial<Record<Scope, number>>; code?: ErrorCode };

export const RATE_RULES = {
  /**
   * Only failed logins count: a person who signs in successfully is never slowed down. The tight limit is
   * per account and client together; the client's own is loose (an office shares one address), and the
   * account's across clients stops a spread-out guesser (its owner then signs in by an emailed link).
   */
  loginFailure: { kind: 'login_failure', windowMs: 15 * MINUTE_MS, limits: { addressAndClient: 20, client: 100, address: 100 } },
  /**
   * A wrong current password on the account forms counts as a failed login; the account key also stops
   * a stolen session from guessing through many clients.
   */
  passwordCheck: {
    kind: 'login_failure',
    windowMs: 15 * MINUTE_MS,
    limits: { addressAndClient: 20, client: 100, account: 20 },
  },
  register: { kind: 'register', windowMs: 15 * MINUTE_MS, limits: { address: 10, client: 30 } },
  resendVerification: { kind: 'resend_verification', windowMs: 15 * MINUTE_MS, limits: { address: 10, client: 30 } },
  forgotPassword: { kind: 'forgot_password', windowMs: 15 * MINUTE_MS, limits: { address: 10, client: 30 } },
  /**
   * Each change of address mails the new address: an account cannot mail strangers more than a few times
   * an hour, and an address hears of changes to it at most a few times a day, whoever asks.
   */
  emailChangeByAccount: { kind: 'email_change', windowMs: HOUR_MS, limits: { account: 3 }, code: 'TOO_MANY_MAILS' },
  /** The sign-in link of a locked account: a few mails an hour to an address, whoever asks. */
  signInLink: { kind: 'sign_in_link', windowMs: HOUR_MS, limits: { address: 3, client: 10 }, code: 'TOO_MANY_MAILS' },
  emailChangeToAddress: { kind: 'email_change_to', windowMs: 24 * HOUR_MS, limits: { address: 3 }, code: 'TOO_MANY_MAILS' },
  /**
   * Invitations one account makes across all its workspaces, and one client across all accounts (issue 35):
   * refused with a message past these. Counted here, not in the invitations, so deleting a workspace forgets
   * nothing.
   */
  invitations: { kind: 'invitation', windowMs: DAY_MS, limits: { account: 100, client: 200 }, code: 'TOO_MANY_INVITATIONS' },
  /**
   * Invitation mail to one address: the invitation and one resend a day from one workspace, three a day from
   * all of Nashr. Past these the invitation is made but not mailed, and the inviter is not told (the answer
   * must not say what other workspaces sent to the address): taken with `takeAttemptIfAllowed`.
   */
  invitationMail: { kind: 'invitation_mail', windowMs: DAY_MS, limits: { addressAndWorkspace: 2, address: 3 } },
  /** New workspaces (POST /api/workspaces) one person, and one client, starts a day; deleted ones still count. */
  workspaceCreation: { kind: 'workspace_create', windowMs: DAY_MS, limits: { account: 5, client: 20 }, code: 'TOO_MANY_WORKSPACES' },
} satisfies Record<string, RateRule>;

/** Each kind's longest window: older rows of it count nowhere, and pruning keeps the ledger (and its index) small. */
const WINDOW_OF_KIND = new Map<AttemptKind, number>();
for (const rule of Object.values(RATE_RULES) as RateRule[]) {
  WINDOW_OF_KIND.set(rule.kind, Math.max(rule.windowMs, WINDOW_OF_KIND.get(rule.kind) ?? 0));
}
const PRUNE_PROBABILITY = 0.02;

export type AttemptSource = { email?: string; ip: string; userId?: UserId; workspaceId?: WorkspaceId };

export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'TOO_MANY_ATTEMPTS',
  ) {
    super(429, code, errorText(code));
  }
}

/** Gives back an attempt that should not count after all (a sign-in that turned out right). */
export type ReleaseAttempt = () => Promise<void>;

function scopeKey(scope: Scope, source: AttemptSource): string | null {
  switch (scope) {
    case 'address':
      return source.email ? `email:${source.email}` : null;
    case 'addressAndClient':
      return source.email ? `pair:${source.email}|${source.ip}` : null;
    case 'client':
      return `ip:${source.ip}`;
    case 'account':
      return source.userId ? `user:${source.userId}` : null;
    case 'addressAndWorkspace':
      return source.email && source.workspaceId ? `workspace:${source.workspaceId}|${source.email}` : null;
  }
}

function keyLimits(rule: RateRule, source: AttemptSource): Map<string, number> {
  const limits = new Map<string, number>();
  for (const [scope, limit] of Object.entries(rule.limits) as [Scope, number][]) {
    const key = scopeKey(scope, source);
    if (key) limits.set(key, limit);
  }
  return limits;
}

/**
 * Takes one attempt from every allowance the rule names, or throws a 429. The attempt is written first and
 * counted after, so concurrent requests see each other: of N racing, at most the limit get through
 * (a request that finds itself over the limit takes its rows back out).
 */
export async function takeAttempt(db: Db, now: Date, rule: RateRule, source: AttemptSource): Promise<ReleaseAttempt> {
  const limits = keyLimits(rule, source);
  const inserted = await db
    .insert(authAttempts)
    .values([...limits.keys()].map((key) => ({ kind: rule.kind, key, createdAt: now })))
    .returning({ id: authAttempts.id });
  const release = async () => {
    await db.delete(authAttempts).where(inArray(authAttempts.id, inserted.map((row) => row.id)));
  };
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const rows = await db
    .select({ key: authAttempts.key, attempts: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, rule.kind), inArray(authAttempts.key, [...limits.keys()]), gt(authAttempts.createdAt, windowStart)),
    )
    .groupBy(authAttempts.key);
  const exhausted = rows.filter((row) => row.attempts > (limits.get(row.key) ?? Infinity));
  if (exhausted.length > 0) {
    await release();
    const freedAt = Math.max(...exhausted.map((row) => new Date(row.oldest ?? now).getTime() + rule.windowMs));
    throw new RateLimitedError(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)), rule.code);
  }
  if (Math.random() < PRUNE_PROBABILITY) await pruneAttempts(db, now);
  return release;
}

/**
 * takeAttempt for an allowance whose end the caller is not told, inside the caller's transaction: the rule's
 * keys are counted under a transaction lock on `lockOn` (a PostgreSQL advisory lock, so of N racing exactly the
 * limit get through, where takeAttempt may let fewer), and the attempt is written only when every key has room.
 * Answers whether it was taken; a rolled-back transaction takes it back.
 */
export async function takeAttemptIfAllowed(tx: Db, now: Date, rule: RateRule, source: AttemptSource, lockOn: string): Promise<boolean> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.rateLedger}, hashtext(${`${rule.kind}:${lockOn}`}))`);
  const limits = keyLimits(rule, source);
  const rows = await tx
    .select({ key: authAttempts.key, attempts: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, rule.kind),
        inArray(authAttempts.key, [...limits.keys()]),
        gt(authAttempts.createdAt, new Date(now.getTime() - rule.windowMs)),
      ),
    )
    .groupBy(authAttempts.key);
  if (rows.some((row) => row.attempts >= (limits.get(row.key) ?? Infinity))) return false;
  await tx.insert(authAttempts).values([...limits.keys()].map((key) => ({ kind: rule.kind, key, createdAt: now })));
  return true;
}

/** Deletes attempts that no window can count any more (kinds other than these are not ours to delete). */
export async function pruneAttempts(db: Db, now: Date): Promise<number> {
  const expired = [...WINDOW_OF_KIND].map(([kind, windowMs]) =>
    and(eq(authAttempts.kind, kind), lt(authAttempts.createdAt, new Date(now.getTime() - windowMs))),
  );
  const deleted = await db.delete(authAttempts).where(or(...expired)).returning({ id: authAttempts.id });
  return deleted.length;
}
