import type { BrandId, WorkspaceId } from '../../shared/ids.js';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands } from '../db/schema.js';
import { appError } from '../http/errors.js';

export type BrandRow = typeof brands.$inferSelect;

/**
 * The brand a release is saved for (decision 022): the one asked for, which must be an active brand of
 * the workspace (another workspace's brand is 404, as if it did not exist); otherwise the one it already
 * has; otherwise the workspace's first active brand, so the prototype's payload without `brandId` works.
 */
export async function brandForRelease(
  db: Db,
  workspaceId: WorkspaceId,
  requested: BrandId | null | undefined,
  current?: BrandId,
): Promise<BrandRow> {
  if (requested) {
    const [brand] = await db
      .select()
      .from(brands)
      .where(and(eq(brands.id, requested), eq(brands.workspaceId, workspaceId)));
    if (!brand) throw appError('BRAND_NOT_FOUND');
    if (brand.archivedAt && brand.id !== current) throw appError('BRAND_ARCHIVED');
    return brand;
  }
  if (current) {
    const [brand] = await db.select().from(brands).where(eq(brands.id, current));
    if (brand) return brand;
  }
  const [first] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.workspaceId, workspaceId), isNull(brands.archivedAt)))
    .orderBy(asc(brands.createdAt), asc(brands.id))
    .limit(1);
  if (!first) throw appError('BRAND_NOT_FOUND');
  return first;
}
