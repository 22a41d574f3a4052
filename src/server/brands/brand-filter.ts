import type { BrandId } from '../../shared/ids.js';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { brands } from '../db/schema.js';
import { brandLimit, mayAct, mayUseBrand, requireAction, requireMember, type Actor } from '../access/access.js';
import { appError } from '../http/errors.js';

/**
 * Narrowing a view to one brand (issue 28: analytics, campaigns, spends and the brand report). The brand
 * must be one the actor sees (a client seat: its own brands; a super admin: any); otherwise 404
 * BRAND_NOT_FOUND, the same answer as for a brand that does not exist.
 */

const UUID = z.uuid();

/** The brand, if the actor may see it and read in its workspace; otherwise 404 BRAND_NOT_FOUND. */
export async function requireVisibleBrand(
  db: Db,
  actor: Actor,
  id: string,
): Promise<typeof brands.$inferSelect> {
  if (!mayAct(actor, 'read')) requireAction(actor, 'read');
  if (!UUID.safeParse(id).success) throw appError('BRAND_NOT_FOUND');
  // Checked as a uuid just above: the text is a brand's id from here on.
  const [brand] = await db.select().from(brands).where(eq(brands.id, id.toLowerCase() as BrandId)).limit(1);
  if (!brand || !mayUseBrand(actor, brand)) throw appError('BRAND_NOT_FOUND');
  return brand;
}

/**
 * The brand a view of the actor's workspace falls back to when none is named (the From of a new release):
 * the first brand they may see, active ones first — a client seat's own, never the company's or another
 * client's; 404 BRAND_NOT_FOUND when they see none.
 */
export async function firstVisibleBrand(db: Db, actor: Actor): Promise<typeof brands.$inferSelect> {
  const workspaceId = requireMember(actor);
  const [brand] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.workspaceId, workspaceId), brandLimit(brands.id, actor)))
    .orderBy(sql`${brands.archivedAt} IS NOT NULL`, asc(brands.createdAt), asc(brands.id))
    .limit(1);
  if (!brand || !mayUseBrand(actor, brand)) throw appError('BRAND_NOT_FOUND');
  return brand;
}

/** Releases (`pr`) of one brand when a filter names one, checked with `requireVisibleBrand`; all otherwise. */
export const brandFilterSql = (brandId: BrandId | undefined): SQL =>
  brandId ? sql`pr.brand_id = ${brandId}::uuid` : sql`true`;
