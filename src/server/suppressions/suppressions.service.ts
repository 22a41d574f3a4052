import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { and, count, desc, eq, gte, ilike, inArray, sql } from 'drizzle-orm';
import type { SuppressionReason } from '../../shared/deliverability.js';
import type { Db } from '../db/client.js';
import { brands, companyUnsubscribes, globalContacts, suppressions } from '../db/schema.js';
import { insertCompanyUnsubscribe } from './company-names.js';

/** An unsubscribed, bounced or complaining address is never mailed again, by any customer. */
export async function suppress(db: Db, email: string, reason: SuppressionReason, releaseId?: ReleaseId): Promise<void> {
  await db
    .insert(suppressions)
    .values({ email: email.toLowerCase(), reason, releaseId: releaseId ?? null })
    .onConflictDoNothing();
}

/**
 * "Only from {Company}": that company's lists no longer reach the address, nor those of its workspace's
 * brands going by one of its names (decision 018, company-names.ts); everyone else's still do.
 */
export async function unsubscribeFromCompany(db: Db, brandId: BrandId, email: string, releaseId: ReleaseId): Promise<void> {
  await insertCompanyUnsubscribe(db, brandId, email, releaseId);
}

/**
 * Undoes an unsubscribe made since `since` (the page offers it for a while, in case of a slip), from
 * everyone or from the one company. Only an address's own choice is undone: bounces and suppressions
 * set by an admin stay. Returns whether it did.
 */
export async function liftRecentUnsubscribe(db: Db, email: string, since: Date, brandId?: BrandId): Promise<boolean> {
  const address = email.toLowerCase();
  const lifted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.email, address), eq(suppressions.reason, 'unsubscribed'), gte(suppressions.createdAt, since)))
    .returning({ email: suppressions.email });
  const liftedForCompany = brandId
    ? await db
        .delete(companyUnsubscribes)
        .where(and(eq(companyUnsubscribes.brandId, brandId), eq(companyUnsubscribes.email, address), gte(companyUnsubscribes.createdAt, since)))
        .returning({ email: companyUnsubscribes.email })
    : [];
  return lifted.length + liftedForCompany.length > 0;
}

export type UnsubscribedFrom = 'company' | 'everyone';

/**
 * Which of these contacts unsubscribed from one of the workspace's brands, or from every release: read by
 * contact id, so a customer who sees masked addresses learns who, never the address.
 */
export async function unsubscribedContacts(db: Db, workspaceId: WorkspaceId, contactIds: number[]): Promise<Map<number, UnsubscribedFrom>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db
    .select({ id: globalContacts.id, everyone: suppressions.email, company: companyUnsubscribes.email })
    .from(globalContacts)
    .leftJoin(suppressions, and(eq(suppressions.email, sql`lower(${globalContacts.email})`), eq(suppressions.reason, 'unsubscribed')))
    .leftJoin(companyUnsubscribes, and(eq(companyUnsubscribes.email, sql`lower(${globalContacts.email})`), inArray(companyUnsubscribes.brandId, db.select({ id: brands.id }).from(brands).where(eq(brands.workspaceId, workspaceId)))))
    .where(inArray(globalContacts.id, contactIds));
  const found = new Map<number, UnsubscribedFrom>();
  for (const row of rows) {
    if (row.everyone) found.set(row.id, 'everyone');
    else if (row.company) found.set(row.id, 'company');
  }
  return found;
}

/** The contacts of an answer, each marked when it unsubscribed from one of the workspace's brands or from everyone. */
export async function markUnsubscribed<C extends { id: number }>(db: Db, workspaceId: WorkspaceId | undefined, contacts: C[]): Promise<Array<C & { unsubscribed?: UnsubscribedFrom }>> {
  if (!workspaceId) return contacts;
  const found = await unsubscribedContacts(db, workspaceId, contacts.map((c) => c.id));
  return contacts.map((c) => (found.has(c.id) ? { ...c, unsubscribed: found.get(c.id) } : c));
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
