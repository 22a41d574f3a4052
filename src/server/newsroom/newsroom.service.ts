import type { BrandId, ReleaseId, WorkspaceId } from '../../shared/ids.js';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { FOLLOW_MESSAGES, type NewsroomSettings } from '../../shared/newsroom.js';
import { slugWords } from '../../shared/text-fold.js';
import { versionsOf, type ReleaseLanguage, type ReleaseStatus, type ReleaseTranslation } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { brandLogos, brands, deliveries, newsroomAddresses, newsroomFollowers, pressReleases, workspaces } from '../db/schema.js';
import { brandLimit, mayUseBrand, requireAction, requireMember } from '../access/access.js';
import { brandNameIn, brandVoiceColumns, brandVoiceOf, logoOfBrand } from '../brands/brand-voice.js';
import { suppressedAmong } from '../suppressions/suppressions.service.js';
import { appError, isUniqueViolation } from '../http/errors.js';
import { randomToken } from '../http/tokens.js';
import { newsroomUrl } from '../common/public-urls.js';
import type { Mailer } from '../mail/transport.js';
import { confirmFollowMessage } from '../mail/templates/newsroom.js';

/**
 * A brand's public newsroom (issue 13, decision 022): the brand's sent releases, newest first; feeds per
 * language; and people following it by email, confirmed by a link, who receive the brand's later releases
 * free of charge. An agency's workspace has one newsroom per client brand; an archived brand keeps its
 * public pages. Following is kept apart from the media database: nothing here reads or reveals a contact.
 */

/** Only releases that went out are public; drafts, schedules and releases in review never are. */
export const PUBLIC_STATUSES: ReleaseStatus[] = ['sending', 'sent'];

/**
 * A release every public surface may show (web version, newsroom, feeds): it went out, and it is not held
 * by an embargo. An embargoed release is published at its lift (published_at set by the scheduler);
 * one without an embargo is public from its send.
 */
export const isPublicRelease = () =>
  and(
    inArray(pressReleases.status, PUBLIC_STATUSES),
    or(isNull(pressReleases.embargoUntil), isNotNull(pressReleases.publishedAt)),
  )!;

/** When it became public: the lift of its embargo, else its send. */
const publishedMoment = sql`coalesce(${pressReleases.publishedAt}, ${pressReleases.sentAt})`;

type Deps = { db: Db; mailer: Mailer; publicUrl: string; now: () => Date };
type Logger = { error: (obj: object, msg: string) => void };

/** A brand's newsroom: the brand's names (Arabic beside English) and logo, at its address. */
export type Newsroom = { brandId: BrandId; name: string; nameAr: string; slug: string; logoUrl: string | null };

/**
 * The brand's newsroom address, given once (at its first release that goes out) unless the brand chose
 * one: the Latin words of its name and a short random part, so two brands of one name never meet and
 * the address is stable.
 */
export async function ensureNewsroomSlug(db: Db, brandId: BrandId): Promise<string> {
  const [brand] = await db.select({ slug: brands.newsroomSlug, name: brands.name }).from(brands).where(eq(brands.id, brandId));
  if (brand.slug) return brand.slug;
  for (let attempt = 1; ; attempt++) {
    const slug = `${slugWords(brand.name, 5, 40) || 'newsroom'}-${randomBytes(3).toString('hex')}`;
    try {
      // Two first releases at once: the first to write wins, the other reads it.
      await db.update(brands).set({ newsroomSlug: slug }).where(and(eq(brands.id, brandId), isNull(brands.newsroomSlug)));
      break;
    } catch (error) {
      // The random part met an address given before (now or once, newsroom_addresses): draw again.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
  const [after] = await db.select({ slug: brands.newsroomSlug }).from(brands).where(eq(brands.id, brandId));
  return after.slug!;
}

/** The newsroom of the brand a release speaks for (called once it goes out, outside the send transaction). */
export async function ensureReleaseNewsroomSlug(db: Db, releaseId: ReleaseId): Promise<string> {
  const [release] = await db.select({ brandId: pressReleases.brandId }).from(pressReleases).where(eq(pressReleases.id, releaseId));
  return ensureNewsroomSlug(db, release.brandId);
}

export const newsroomNotFound = () => appError('NEWSROOM_NOT_FOUND');

const SLUG_SHAPE = /^[a-z0-9-]{1,60}$/;

/**
 * A newsroom that is online (its brand did not turn it off), by its address. An archived brand's newsroom
 * still answers: what it published stays public.
 */
export async function findNewsroom(db: Db, slug: string, publicUrl: string): Promise<Newsroom | undefined> {
  if (!SLUG_SHAPE.test(slug)) return undefined;
  const [row] = await db
    .select(brandVoiceColumns)
    .from(brands)
    .leftJoin(brandLogos, logoOfBrand)
    .where(and(eq(brands.newsroomSlug, slug), eq(brands.newsroomEnabled, true)));
  if (!row) return undefined;
  const voice = brandVoiceOf(row, publicUrl);
  return { brandId: voice.id, name: voice.name, nameAr: voice.nameAr, slug, logoUrl: voice.logoUrl };
}

/**
 * The current address of the online newsroom that `slug` was once the address of (issue 35: sent e-mails
 * and feed readers keep the old one), or undefined: never given, the brand is gone (its addresses stay
 * reserved and lead nowhere), or its newsroom is offline (an offline newsroom tells no address).
 */
export async function movedNewsroomSlug(db: Db, slug: string): Promise<string | undefined> {
  if (!SLUG_SHAPE.test(slug)) return undefined;
  const [row] = await db
    .select({ slug: brands.newsroomSlug })
    .from(newsroomAddresses)
    .innerJoin(brands, eq(brands.id, newsroomAddresses.brandId))
    .where(and(eq(newsroomAddresses.slug, slug), eq(brands.newsroomEnabled, true), isNotNull(brands.newsroomSlug), ne(brands.newsroomSlug, slug)));
  return row?.slug ?? undefined;
}

/** The newsroom at `slug`, or at the address it moved to from there: following from an old page still works. */
export async function findNewsroomOrMoved(db: Db, slug: string, publicUrl: string): Promise<Newsroom | undefined> {
  const found = await findNewsroom(db, slug, publicUrl);
  if (found) return found;
  const moved = await movedNewsroomSlug(db, slug);
  return moved ? findNewsroom(db, moved, publicUrl) : undefined;
}

export type PublishedVersion = { language: ReleaseLanguage; title: string; subtitle: string; content: string; location: string };
export type PublishedRelease = {
  slug: string;
  /** The brand it speaks for, by its names. */
  brand: { name: string; nameAr: string };
  newsroomSlug: string;
  /** When it became public: at its send, or at its embargo's lift. */
  publishedAt: Date;
  versions: PublishedVersion[];
};

function versionsOfRow(row: { language: string; title: string; subtitle: string; content: string; location: string; translation: ReleaseTranslation | null }): PublishedVersion[] {
  const [primary] = versionsOf(row);
  const first = { language: primary, title: row.title, subtitle: row.subtitle, content: row.content, location: row.location };
  const t = row.translation;
  return t && t.language !== primary ? [first, { language: t.language, title: t.title, subtitle: t.subtitle, content: t.content, location: t.location }] : [first];
}

/** Published releases of one brand (or of every online newsroom: the whole wire), newest first. */
export async function publishedReleases(
  db: Db,
  options: { brandId?: BrandId; limit: number; offset?: number },
): Promise<{ items: PublishedRelease[]; total: number }> {
  const where = and(
    isPublicRelease(),
    isNotNull(pressReleases.slug),
    isNotNull(pressReleases.sentAt),
    eq(brands.newsroomEnabled, true),
    isNotNull(brands.newsroomSlug),
    options.brandId ? eq(pressReleases.brandId, options.brandId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ release: pressReleases, name: brands.name, nameAr: brands.nameAr, newsroomSlug: brands.newsroomSlug })
      .from(pressReleases)
      .innerJoin(brands, eq(brands.id, pressReleases.brandId))
      .where(where)
      .orderBy(desc(publishedMoment), desc(pressReleases.id))
      .limit(options.limit)
      .offset(options.offset ?? 0),
    db.select({ total: count() }).from(pressReleases).innerJoin(brands, eq(brands.id, pressReleases.brandId)).where(where),
  ]);
  return {
    total,
    items: rows.map(({ release, name, nameAr, newsroomSlug }) => ({
      slug: release.slug!,
      brand: { name, nameAr },
      newsroomSlug: newsroomSlug!,
      publishedAt: new Date(release.publishedAt ?? release.sentAt!),
      versions: versionsOfRow(release),
    })),
  };
}

const DAY_MS = 86_400_000;
/** Confirmations one address can be sent in a day, all newsrooms together. */
const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

/**
 * POST /api/newsroom/{slug}/subscribe: the same answer whoever asks and whatever the address, and
 * whether or not a mail goes out, so it tells nobody who follows, who is in the media database or who
 * is suppressed. A new or lapsed follower (or one who never confirmed) is sent the confirmation link,
 * at most once a day per newsroom and a few times a day in all; one already following, or an address
 * suppressed platform-wide, is sent nothing.
 */
export async function requestFollow(
  deps: Deps & { log: Logger },
  newsroom: Newsroom,
  input: { email: string; language: ReleaseLanguage },
): Promise<{ message: string }> {
  const answer = { message: FOLLOW_MESSAGES.sent };
  const now = deps.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  if ((await suppressedAmong(deps.db, [input.email])).size > 0) return answer;
  // A suspended workspace sends nothing, its newsrooms' confirmations included.
  if (await brandSuspended(deps.db, newsroom.brandId)) return answer;
  if ((await confirmationsSince(deps.db, input.email, dayAgo)) >= CONFIRMATIONS_PER_ADDRESS_PER_DAY) return answer;
  const token = randomToken();
  const [row] = await deps.db
    .insert(newsroomFollowers)
    .values({ brandId: newsroom.brandId, email: input.email, language: input.language, token, confirmationSentAt: now })
    .onConflictDoUpdate({
      target: [newsroomFollowers.brandId, newsroomFollowers.email],
      set: { language: input.language, token, confirmedAt: null, unsubscribedAt: null, confirmationSentAt: now },
      // Claimed in the write itself, so requests racing for one address send one mail.
      setWhere: sql`(${newsroomFollowers.confirmedAt} IS NULL OR ${newsroomFollowers.unsubscribedAt} IS NOT NULL)
        AND (${newsroomFollowers.confirmationSentAt} IS NULL OR ${newsroomFollowers.confirmationSentAt} <= ${dayAgo.toISOString()})`,
    })
    .returning({ token: newsroomFollowers.token });
  if (row) {
    const link = `${deps.publicUrl}/newsroom/follow/${row.token}`;
    const mail = confirmFollowMessage({ companyName: brandNameIn(newsroom, input.language), link, language: input.language });
    // After the answer: a mail being sent must not make the answer slower than one that is not.
    deps.mailer.send({ to: input.email, ...mail }).catch((error: unknown) => deps.log.error({ err: error }, 'follow confirmation could not be sent'));
  }
  return answer;
}

async function brandSuspended(db: Db, brandId: BrandId): Promise<boolean> {
  const [row] = await db
    .select({ suspendedAt: workspaces.suspendedAt })
    .from(brands)
    .innerJoin(workspaces, eq(workspaces.id, brands.workspaceId))
    .where(eq(brands.id, brandId));
  return Boolean(row?.suspendedAt);
}

async function confirmationsSince(db: Db, email: string, since: Date): Promise<number> {
  const [{ sent }] = await db
    .select({ sent: count() })
    .from(newsroomFollowers)
    .where(and(eq(newsroomFollowers.email, email), gt(newsroomFollowers.confirmationSentAt, since)));
  return sent;
}

/** Who a confirmation link is for, before it is used (the page asks for a click). */
export async function pendingFollow(db: Db, token: string): Promise<{ companyName: string; language: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [row] = await db
    .select({ name: brands.name, nameAr: brands.nameAr, language: newsroomFollowers.language })
    .from(newsroomFollowers)
    .innerJoin(brands, eq(brands.id, newsroomFollowers.brandId))
    .where(and(eq(newsroomFollowers.token, token), isNull(newsroomFollowers.confirmedAt), isNull(newsroomFollowers.unsubscribedAt)));
  return row && { companyName: brandNameIn(row, row.language), language: row.language };
}

/** The confirmation link: following starts. Unknown and used links read the same. */
export async function confirmFollow(db: Db, token: string, now: Date): Promise<{ companyName: string; slug: string; language: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [follower] = await db
    .update(newsroomFollowers)
    .set({ confirmedAt: now, token: randomToken() })
    .where(and(eq(newsroomFollowers.token, token), isNull(newsroomFollowers.confirmedAt), isNull(newsroomFollowers.unsubscribedAt)))
    .returning({ brandId: newsroomFollowers.brandId, language: newsroomFollowers.language });
  if (!follower) return undefined;
  const [brand] = await db.select({ name: brands.name, nameAr: brands.nameAr, slug: brands.newsroomSlug }).from(brands).where(eq(brands.id, follower.brandId));
  return { companyName: brandNameIn(brand, follower.language), slug: brand.slug ?? '', language: follower.language };
}

/**
 * The unsubscribe link of an email sent to a follower ends the following, and only that: the address is
 * not suppressed for the journalists' releases it may also receive. False when the delivery was not a
 * follower's.
 */
export async function unfollowByDelivery(db: Db, deliveryToken: string, now: Date): Promise<boolean> {
  const [delivery] = await db
    .select({ email: deliveries.email, brandId: pressReleases.brandId })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .where(and(eq(deliveries.token, deliveryToken), eq(deliveries.audience, 'follower')));
  if (!delivery) return false;
  await db
    .update(newsroomFollowers)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsroomFollowers.brandId, delivery.brandId), eq(newsroomFollowers.email, delivery.email)));
  return true;
}

/**
 * The brand whose newsroom settings are asked for: the one named (404 outside the actor's brands, as if it
 * did not exist), else the first brand the actor may see of their workspace.
 */
async function settingsBrand(db: Db, actor: CurrentUser, workspaceId: WorkspaceId, brandId: BrandId | undefined) {
  const [brand] = await db
    .select({ id: brands.id, workspaceId: brands.workspaceId, slug: brands.newsroomSlug, enabled: brands.newsroomEnabled })
    .from(brands)
    .where(
      and(
        eq(brands.workspaceId, workspaceId),
        brandId ? eq(brands.id, brandId) : brandLimit(brands.id, actor),
      ),
    )
    .orderBy(asc(brands.createdAt), asc(brands.id))
    .limit(1);
  if (!brand || !mayUseBrand(actor, brand)) throw appError('BRAND_NOT_FOUND');
  return brand;
}

/** GET /api/newsroom/settings?brandId= */
export async function newsroomSettings(deps: Pick<Deps, 'db' | 'publicUrl'>, actor: CurrentUser, brandId?: BrandId): Promise<NewsroomSettings> {
  const brand = await settingsBrand(deps.db, actor, requireMember(actor), brandId);
  const [{ followers }] = await deps.db
    .select({ followers: count() })
    .from(newsroomFollowers)
    .where(and(eq(newsroomFollowers.brandId, brand.id), isNotNull(newsroomFollowers.confirmedAt), isNull(newsroomFollowers.unsubscribedAt)));
  const url = brand.slug ? newsroomUrl(deps.publicUrl, brand.slug) : null;
  return {
    brandId: brand.id,
    enabled: brand.enabled,
    url,
    feeds: url ? { english: `${url}/feed.xml?lang=en`, arabic: `${url}/feed.xml?lang=ar` } : null,
    followers,
  };
}

/** PATCH /api/newsroom/settings: a newsroom turned off disappears from every page and feed, and sends nothing to followers. */
export async function setNewsroomEnabled(
  deps: Pick<Deps, 'db' | 'publicUrl'>,
  actor: CurrentUser,
  input: { enabled: boolean; brandId?: BrandId },
): Promise<NewsroomSettings> {
  const brand = await settingsBrand(deps.db, actor, requireAction(actor, 'manage'), input.brandId);
  await deps.db.update(brands).set({ newsroomEnabled: input.enabled }).where(eq(brands.id, brand.id));
  return newsroomSettings(deps, actor, brand.id);
}
