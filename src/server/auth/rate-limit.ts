import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm';
import { errorText } from '../../shared/error-codes.js';
import type { Db } from '../db/client.js';
import { authAttempts } from '../db/schema.js';
import { AppError } from '../http/errors.js';

/**
 * Rate limits of the account endpoints (ARCHITECTURE.md §8), counted in the auth_attempts table so that
 * every web process behind a load balancer sees the same numbers. Each attempt is recorded once per
 * key it is limited by.
 */

const MINUTE_MS = 60_000;

/**
 * What a key counts: the address an attempt names, that address from one client together (so a stranger's
 * failures never lock the owner out of their own client), the client alone, or a signed-in account.
 */
type Scope = 'address' | 'addressAndClient' | 'client' | 'account';

export type RateRule = { kind: string; windowMs: number; limits: Partial<Record<Scope, number>> };

export const RATE_RULES = {
  /** Only failed logins count: a person who signs in successfully is never slowed down. */
  loginFailure: { kind: 'login_failure', windowMs: 15 * MINUTE_MS, limits: { addressAndClient: 20, client: 20 } },
  /**
   * A wrong current password on the account forms counts as a failed login; the account key also stops
   * a stolen session from guessing through many clients.
   */
  passwordCheck: {
    kind: 'login_failure',
    windowMs: 15 * MINUTE_MS,
    limits: { addressAndClient: 20, client: 20, account: 20 },
  },
  register: { kind: 'register', windowMs: 15 * MINUTE_MS, limits: { address: 10, client: 30 } },
  resendVerification: { kind: 'resend_verification', windowMs: 15 * MINUTE_MS, limits: { address: 10, client: 30 } },
  forgotPassword: { kind: 'forgot_password', windowMs: 15 * MINUTE_MS, limits: { address: 10, client: 30 } },
} satisfies Record<string, RateRule>;

/** Rows older than every window are useless; pruning keeps the ledger (and its index) small. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowMs));
const PRUNE_PROBABILITY = 0.02;

export type AttemptSource = { email?: string; ip: string; userId?: string };

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_ATTEMPTS', errorText('TOO_MANY_ATTEMPTS'));
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
    throw new RateLimitedError(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
  }
  if (Math.random() < PRUNE_PROBABILITY) await pruneAttempts(db, now);
  return release;
}

/** Deletes attempts that no window can count any more. */
export async function pruneAttempts(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_WINDOW_MS);
  const deleted = await db.delete(authAttempts).where(lt(authAttempts.createdAt, cutoff)).returning({ id: authAttempts.id });
  return deleted.length;
}
