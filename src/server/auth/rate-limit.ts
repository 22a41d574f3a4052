import { and, count, eq, inArray, lt, gt, min } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authAttempts } from '../db/schema.js';
import { AppError } from '../http/errors.js';

/**
 * Rate limits of the account endpoints (ARCHITECTURE.md §8), counted in the auth_attempts table so that
 * every web process behind a load balancer sees the same numbers. Each attempt is recorded once per
 * key it is limited by: the address it names and the IP it comes from.
 */

const MINUTE_MS = 60_000;

export type RateRule = {
  kind: string;
  windowMs: number;
  perEmail: number;
  perIp: number;
};

export const RATE_RULES = {
  /** Only failed logins count: a person who signs in successfully is never slowed down. */
  loginFailure: { kind: 'login_failure', windowMs: 15 * MINUTE_MS, perEmail: 20, perIp: 20 },
  register: { kind: 'register', windowMs: 15 * MINUTE_MS, perEmail: 10, perIp: 30 },
  resendVerification: { kind: 'resend_verification', windowMs: 15 * MINUTE_MS, perEmail: 10, perIp: 30 },
  forgotPassword: { kind: 'forgot_password', windowMs: 15 * MINUTE_MS, perEmail: 10, perIp: 30 },
} satisfies Record<string, RateRule>;

/** Rows older than every window are useless; pruning keeps the ledger (and its index) small. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowMs));
const PRUNE_PROBABILITY = 0.02;

export type AttemptSource = { email?: string; ip: string };

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
  }
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;

function keyLimits(rule: RateRule, source: AttemptSource): Map<string, number> {
  const limits = new Map<string, number>([[ipKey(source.ip), rule.perIp]]);
  if (source.email) limits.set(emailKey(source.email), rule.perEmail);
  return limits;
}

/** Throws a 429 when the address or the IP has used up the rule's allowance in the current window. */
export async function assertWithinLimit(db: Db, now: Date, rule: RateRule, source: AttemptSource): Promise<void> {
  const limits = keyLimits(rule, source);
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const rows = await db
    .select({ key: authAttempts.key, attempts: count(), oldest: min(authAttempts.createdAt) })
    .from(authAttempts)
    .where(
      and(eq(authAttempts.kind, rule.kind), inArray(authAttempts.key, [...limits.keys()]), gt(authAttempts.createdAt, windowStart)),
    )
    .groupBy(authAttempts.key);
  const exhausted = rows.filter((row) => row.attempts >= (limits.get(row.key) ?? Infinity));
  if (exhausted.length === 0) return;
  const freedAt = Math.max(...exhausted.map((row) => new Date(row.oldest ?? now).getTime() + rule.windowMs));
  throw new RateLimitedError(Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)));
}

export async function recordAttempt(db: Db, now: Date, rule: RateRule, source: AttemptSource): Promise<void> {
  const keys = [...keyLimits(rule, source).keys()];
  await db.insert(authAttempts).values(keys.map((key) => ({ kind: rule.kind, key, createdAt: now })));
  if (Math.random() < PRUNE_PROBABILITY) await pruneAttempts(db, now);
}

/** Deletes attempts that no window can count any more. */
export async function pruneAttempts(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_WINDOW_MS);
  const deleted = await db.delete(authAttempts).where(lt(authAttempts.createdAt, cutoff)).returning({ id: authAttempts.id });
  return deleted.length;
}
