import type { ReleaseId } from '../../shared/ids.js';
import { PUBLIC_STATUSES, isPublicRelease, unfollowByDelivery } from '../newsroom/newsroom.service.js';
import { isReleaseSlug } from '../../shared/release-address.js';
import { and, asc, eq, exists, inArray, ne, or } from 'drizzle-orm';
import { encodedLinkUrl } from '../../shared/email-template.js';
import type { Db } from '../db/client.js';
import { attachmentBlobs, attachments, brandLogos, brands, deliveries, pressReleases, releaseLinks } from '../db/schema.js';
import { brandVoiceColumns, brandVoiceOf, logoOfBrand } from '../brands/brand-voice.js';
import { attachmentContent, blobOfAttachment } from '../content/attachment-store.js';
import { liftRecentUnsubscribe, suppress, unsubscribeFromCompany } from '../suppressions/suppressions.service.js';

/** Lookups of the public tracking endpoints. Every miss is `undefined`: the caller answers it like any other miss. */

const TOKEN = /^[0-9a-f]{64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isWellFormedToken = (token: string) => TOKEN.test(token);
/** An embargo notice's token opens nothing of the release it announces (decision 027): only its unsubscribe. */
const carriesRelease = ne(deliveries.audience, 'embargo_notice');

/** The URL stored for that link of that delivery's release at send time; never one from the request. */
export async function findClickTarget(db: Db, token: string, linkId: number): Promise<string | undefined> {
  if (!isWellFormedToken(token) || !Number.isSafeInteger(linkId)) return undefined;
  const [row] = await db
    .select({ url: releaseLinks.url })
    .from(deliveries)
    .innerJoin(releaseLinks, and(eq(releaseLinks.releaseId, deliveries.releaseId), eq(releaseLinks.linkId, linkId)))
    .where(and(eq(deliveries.token, token), carriesRelease));
  // Links stored before they were encoded at send time are encoded here; one that cannot be is a miss.
  return row ? (encodedLinkUrl(row.url) ?? undefined) : undefined;
}

export async function findTrackedDownload(db: Db, token: string, attachmentId: string) {
  if (!isWellFormedToken(token) || !UUID.test(attachmentId)) return undefined;
  const [file] = await db
    .select(attachmentContent)
    .from(deliveries)
    .innerJoin(attachments, eq(attachments.releaseId, deliveries.releaseId))
    .innerJoin(attachmentBlobs, blobOfAttachment)
    .where(and(eq(deliveries.token, token), eq(attachments.id, attachmentId), carriesRelease));
  return file;
}

/** Which brand a token's release spoke for, for the unsubscribe page's "only from {Brand}". */
export async function unsubscribeTarget(
  db: Db,
  token: string,
): Promise<{ companyName: string; companyNameAr: string; follower: boolean } | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select({ companyName: brands.name, companyNameAr: brands.nameAr, audience: deliveries.audience })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .where(eq(deliveries.token, token));
  return row ? { companyName: row.companyName, companyNameAr: row.companyNameAr, follower: row.audience === 'follower' } : undefined;
}

export type UnsubscribeScope = 'company' | 'everyone';

/**
 * Page or one-click unsubscribe: from the release's brand only (decision 022: an agency's other clients
 * still reach the address), or from every release sent through
 * Nashr (the one-click default). Doing it again changes nothing and answers the same.
 */
export async function unsubscribeByToken(db: Db, token: string, scope: UnsubscribeScope = 'everyone'): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const [delivery] = await db
    .select({ email: deliveries.email, releaseId: deliveries.releaseId, audience: deliveries.audience, brandId: pressReleases.brandId })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .where(eq(deliveries.token, token));
  if (!delivery) return false;
  // A newsroom follower stops following that newsroom; a journalist stops receiving releases through Nashr.
  if (delivery.audience === 'follower') return unfollowByDelivery(db, token, new Date());
  if (scope === 'company') await unsubscribeFromCompany(db, delivery.brandId, delivery.email, delivery.releaseId);
  else await suppress(db, delivery.email, 'unsubscribed', delivery.releaseId);
  return true;
}

/** How long the unsubscribe page offers to undo it. */
export const RESUBSCRIBE_WINDOW_HOURS = 24;

/** Undoes the unsubscribe (from everyone, or from this release's brand) of the address this token was sent to, if made within the window. */
export async function resubscribeByToken(db: Db, token: string, now: Date): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const [delivery] = await db
    .select({ email: deliveries.email, brandId: pressReleases.brandId })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .where(eq(deliveries.token, token));
  if (!delivery) return false;
  return liftRecentUnsubscribe(db, delivery.email, new Date(now.getTime() - RESUBSCRIBE_WINDOW_HOURS * 3_600_000), delivery.brandId);
}


/**
 * A release that has gone out, by its public slug, with its files' metadata and the brand it speaks for
 * (names, logo, and its newsroom while online: the web version links it and offers to follow it).
 * Before its embargo lifts only a recipient finds it: `token` must be one of the release's own
 * deliveries (the "view in browser" link of their email); the bare slug finds nothing.
 */
export async function findPublicRelease(db: Db, slug: string, publicUrl: string, token?: string) {
  if (!isReleaseSlug(slug)) return undefined;
  const recipientOfIt =
    token && isWellFormedToken(token)
      ? and(
          inArray(pressReleases.status, PUBLIC_STATUSES),
          exists(
            db
              .select({ id: deliveries.id })
              .from(deliveries)
              .where(and(eq(deliveries.token, token), eq(deliveries.releaseId, pressReleases.id), carriesRelease)),
          ),
        )
      : undefined;
  const [row] = await db
    .select({ release: pressReleases, ...brandVoiceColumns })
    .from(pressReleases)
    .innerJoin(brands, eq(brands.id, pressReleases.brandId))
    .leftJoin(brandLogos, logoOfBrand)
    .where(and(eq(pressReleases.slug, slug), or(isPublicRelease(), recipientOfIt)));
  if (!row) return undefined;
  const { release } = row;
  const brand = brandVoiceOf(row, publicUrl);
  const files = await db
    .select({
      id: attachments.id,
      originalName: attachments.originalName,
      mimetype: attachments.mimetype,
      size: attachments.size,
      language: attachments.language,
    })
    .from(attachments)
    .where(eq(attachments.releaseId, release.id))
    .orderBy(asc(attachments.position), asc(attachments.createdAt));
  return { release, brand, files };
}

/** The recipient a token names on this release: the version they were sent. */
export async function deliveryOfRelease(db: Db, token: string, releaseId: ReleaseId): Promise<{ language: string } | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select({ language: deliveries.language })
    .from(deliveries)
    .where(and(eq(deliveries.token, token), eq(deliveries.releaseId, releaseId)));
  return row;
}

export async function findPublicAttachment(db: Db, slug: string, attachmentId: string) {
  if (!UUID.test(attachmentId) || !isReleaseSlug(slug)) return undefined;
  const [file] = await db
    .select(attachmentContent)
    .from(attachments)
    .innerJoin(attachmentBlobs, blobOfAttachment)
    .innerJoin(pressReleases, eq(pressReleases.id, attachments.releaseId))
    .where(and(eq(pressReleases.slug, slug), isPublicRelease(), eq(attachments.id, attachmentId)));
  return file;
}
