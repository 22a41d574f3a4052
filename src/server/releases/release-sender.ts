import type { BrandId } from '../../shared/ids.js';
import type { CurrentUser } from '../../shared/auth.js';
import { fromLine, senderNameIn } from '../../shared/brands.js';
import type { ReleaseSender } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { firstVisibleBrand, requireVisibleBrand } from '../brands/brand-filter.js';
import { findBrandVoice } from '../brands/brand-voice.js';
import { senderOf } from '../delivery/release-renderer.js';

/**
 * The From of a release for `brandId` (default: the first brand the actor sees; a client seat's own) in each
 * language of the e-mail, made by the sender's own senderOf, and the brand's names and logo as the e-mail
 * shows them: what the previews need to render exactly what journalists receive.
 */
export async function releaseSenderOf(
  deps: { db: Db; mailFrom: string; publicUrl: string },
  actor: CurrentUser,
  brandId: BrandId | undefined,
): Promise<ReleaseSender> {
  const row = brandId
    ? await requireVisibleBrand(deps.db, actor, brandId)
    : actor.workspace
      ? await firstVisibleBrand(deps.db, actor)
      : null;
  const brand = row && (await findBrandVoice(deps.db, row.id, deps.publicUrl));
  const names = brand ?? { name: actor.companyName, nameAr: '', senderName: '' };
  const fromIn = (language: 'english' | 'arabic') => fromLine(senderOf(deps.mailFrom, senderNameIn(names, language), language));
  return {
    from: fromIn('english'),
    fromByLanguage: { english: fromIn('english'), arabic: fromIn('arabic') },
    brand: brand ? { name: brand.name, nameAr: brand.nameAr, logoUrl: brand.logoUrl } : null,
  };
}
