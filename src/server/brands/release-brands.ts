import type { BrandId } from '../../shared/ids.js';
import { eq, inArray } from 'drizzle-orm';
import type { ReleaseBrand } from '../../shared/releases.js';
import { brandLogoUrl } from './brand-voice.js';
import type { Db } from '../db/client.js';
import { brandLogos, brands } from '../db/schema.js';

export type ReleaseBrands = Map<string, ReleaseBrand>;

/** The brands some releases speak for, with their logo's address, in one query whatever their number. */
export async function brandsOf(db: Db, publicUrl: string, brandIds: BrandId[]): Promise<ReleaseBrands> {
  const ids = [...new Set(brandIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: brands.id, name: brands.name, nameAr: brands.nameAr, logoSha256: brandLogos.sha256 })
    .from(brands)
    .leftJoin(brandLogos, eq(brandLogos.brandId, brands.id))
    .where(inArray(brands.id, ids));
  return new Map(
    rows.map(({ logoSha256, ...brand }) => [
      brand.id,
      { ...brand, logoUrl: brandLogoUrl(publicUrl, brand.id, logoSha256) },
    ]),
  );
}
