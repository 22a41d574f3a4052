import type { BrandId } from '../../shared/ids.js';
import { eq } from 'drizzle-orm';
import { brandLogoPath } from '../../shared/brands.js';
import type { Db } from '../db/client.js';
import { brandLogos, brands } from '../db/schema.js';

/**
 * How a release speaks as its brand (decision 022): the brand's names (the From, the newsroom's title,
 * feed authors, coverage matching), its newsroom while online, and its logo's public address. Archived
 * brands speak too: their sent releases and public pages stay.
 */
export type BrandVoice = {
  id: BrandId;
  name: string;
  nameAr: string;
  senderName: string;
  senderNameAr: string;
  /** The newsroom's address while it is online, else null. */
  newsroomSlug: string | null;
  /** Absolute address of the logo image, or null. */
  logoUrl: string | null;
};

/** The columns a brand voice is read from (with brand_logos left-joined on the brand). */
export const brandVoiceColumns = {
  brandId: brands.id,
  brandName: brands.name,
  brandNameAr: brands.nameAr,
  brandSenderName: brands.senderName,
  brandSenderNameAr: brands.senderNameAr,
  brandNewsroomSlug: brands.newsroomSlug,
  brandNewsroomEnabled: brands.newsroomEnabled,
  brandLogoSha: brandLogos.sha256,
};

type BrandVoiceRow = {
  brandId: BrandId;
  brandName: string;
  brandNameAr: string;
  brandSenderName: string;
  brandSenderNameAr: string;
  brandNewsroomSlug: string | null;
  brandNewsroomEnabled: boolean;
  brandLogoSha: string | null;
};

export const brandLogoUrl = (publicUrl: string, brandId: BrandId, sha256: string | null): string | null =>
  sha256 ? `${publicUrl}${brandLogoPath(brandId, sha256)}` : null;

export function brandVoiceOf(row: BrandVoiceRow, publicUrl: string): BrandVoice {
  return {
    id: row.brandId,
    name: row.brandName,
    nameAr: row.brandNameAr,
    senderName: row.brandSenderName,
    senderNameAr: row.brandSenderNameAr,
    newsroomSlug: row.brandNewsroomEnabled ? row.brandNewsroomSlug : null,
    logoUrl: brandLogoUrl(publicUrl, row.brandId, row.brandLogoSha),
  };
}

/** The brand's logo joined to a query on `brands`. */
export const logoOfBrand = eq(brandLogos.brandId, brands.id);

/** One brand's voice by id; undefined when there is no such brand. */
export async function findBrandVoice(
  db: Db,
  brandId: BrandId,
  publicUrl: string,
): Promise<BrandVoice | undefined> {
  const [row] = await db
    .select(brandVoiceColumns)
    .from(brands)
    .leftJoin(brandLogos, logoOfBrand)
    .where(eq(brands.id, brandId));
  return row ? brandVoiceOf(row, publicUrl) : undefined;
}

/** The brand's name as a reader of that language reads it: the Arabic name on the Arabic side when it has one. */
export { brandNameFor as brandNameIn } from '../../shared/email-template.js';
