import { and, count, desc, eq, gte, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { suppressions } from '../db/schema.js';

export type SuppressionReason = 'unsubscribed' | 'bounced' | 'soft-bounced' | 'complained' | 'manual';

/** An unsubscribed, bounced or complaining address is never mailed again, by any customer. */
export async function suppress(db: Db, email: string, reason: SuppressionReason, releaseId?: string): Promise<void> {
  await db
    .insert(suppressions)
    .values({ email: email.toLowerCase(), reason, releaseId: releaseId ?? null })
    .onConflictDoNothing();
}

/**
 * Undoes an unsubscribe made since `since` (the page offers it for a while, in case of a slip). Only an
 * address's own choice is undone: bounces and suppressions set by an admin stay. Returns whether it did.
 */
export async function liftRecentUnsubscribe(db: Db, email: string, since: Date): Promise<boolean> {
  const lifted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.email, email.toLowerCase()), eq(suppressions.reason, 'unsubscribed'), gte(suppressions.createdAt, since)))
    .returning({ email: suppressions.email });
  return lifted.length > 0;
}

/** The subset of the given (lower-case) addresses that are suppressed. */
export async function suppressedAmong(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.select({ email: suppressions.email }).from(suppressions).where(inArray(suppressions.email, emails));
  return new Set(rows.map((r) => r.email));
}

export async function listSuppressions(db: Db, options: { page: number; pageSize: number; search?: string }) {
  const where = options.search ? ilike(suppressions.email, `%${options.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(suppressions)
      .where(where)
      .orderBy(desc(suppressions.createdAt))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(suppressions).where(where),
  ]);
  return {
    items: items.map((s) => ({ email: s.email, reason: s.reason, releaseId: s.releaseId, createdAt: new Date(s.createdAt).toISOString() })),
    total,
  };
}

/** Lifts a suppression; false when the address was not suppressed. */
export async function liftSuppression(db: Db, email: string): Promise<boolean> {
  const rows = await db.delete(suppressions).where(eq(suppressions.email, email.toLowerCase())).returning();
  return rows.length > 0;
}
