import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { FOLLOW_MESSAGES, type NewsroomSettings } from '../../shared/newsroom.js';
import { slugWords } from '../../shared/text-fold.js';
import { versionsOf, type ReleaseLanguage, type ReleaseTranslation } from '../../shared/releases.js';
import type { Db } from '../db/client.js';
import { deliveries, newsroomFollowers, pressReleases, workspaces } from '../db/schema.js';
import { requireAction } from '../access/access.js';
import { suppressedAmong } from '../delivery/suppressions.service.js';
import { appError } from '../http/errors.js';
import { randomToken } from '../http/tokens.js';
import type { Mailer } from '../mail/transport.js';
import { confirmFollowMessage } from '../mail/templates/newsroom.js';

/**
 * A company's public newsroom (issue 13): its sent releases, newest first; feeds per language; and
 * people following it by email, confirmed by a link, who receive its later releases free of charge.
 * Following is kept apart from the media database: nothing here reads or reveals a contact.
 */

/** Only releases that went out are public; drafts, schedules and releases in review never are. */
export const PUBLIC_STATUSES = ['sending', 'sent'];

type Deps = { db: Db; mailer: Mailer; publicUrl: string; now: () => Date };
type Logger = { error: (obj: object, msg: string) => void };

export type Newsroom = { companyId: string; companyName: string; slug: string };

/**
 * The company's newsroom address, given once (at its first Send or Schedule): the Latin words of
 * its name and a short random part, so two companies of one name never meet and the address is stable.
 */
export async function ensureNewsroomSlug(db: Db, companyId: string): Promise<string> {
  const [owner] = await db.select({ slug: workspaces.newsroomSlug, name: workspaces.name }).from(workspaces).where(eq(workspaces.id, companyId));
  if (owner.slug) return owner.slug;
  const slug = `${slugWords(owner.name, 5, 40) || 'newsroom'}-${randomBytes(3).toString('hex')}`;
  // Two first releases at once: the first to write wins, the other reads it.
  await db.update(workspaces).set({ newsroomSlug: slug }).where(and(eq(workspaces.id, companyId), isNull(workspaces.newsroomSlug)));
  const [after] = await db.select({ slug: workspaces.newsroomSlug }).from(workspaces).where(eq(workspaces.id, companyId));
  return after.slug!;
}

export const newsroomUrl = (publicUrl: string, slug: string) => `${publicUrl}/newsroom/${slug}`;

export const newsroomNotFound = () => appError('NEWSROOM_NOT_FOUND');

/** A newsroom that is online (its company did not turn it off), by its address. */
export async function findNewsroom(db: Db, slug: string): Promise<Newsroom | undefined> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return undefined;
  const [row] = await db
    .select({ companyId: workspaces.id, companyName: workspaces.name, slug: workspaces.newsroomSlug })
    .from(workspaces)
    .where(and(eq(workspaces.newsroomSlug, slug), eq(workspaces.newsroomEnabled, true)));
  return row ? { ...row, slug: row.slug! } : undefined;
}

export type PublishedVersion = { language: ReleaseLanguage; title: string; subtitle: string; content: string; location: string };
export type PublishedRelease = {
  slug: string;
  companyName: string;
  newsroomSlug: string;
  sentAt: Date;
  versions: PublishedVersion[];
};

function versionsOfRow(row: { language: string; title: string; subtitle: string; content: string; location: string; translation: ReleaseTranslation | null }): PublishedVersion[] {
  const [primary] = versionsOf(row);
  const first = { language: primary, title: row.title, subtitle: row.subtitle, content: row.content, location: row.location };
  const t = row.translation;
  return t && t.language !== primary ? [first, { language: t.language, title: t.title, subtitle: t.subtitle, content: t.content, location: t.location }] : [first];
}

/** Sent releases of one company (or of every online newsroom: the whole wire), newest first. */
export async function publishedReleases(
  db: Db,
  options: { companyId?: string; limit: number; offset?: number },
): Promise<{ items: PublishedRelease[]; total: number }> {
  const where = and(
    inArray(pressReleases.status, PUBLIC_STATUSES),
    isNotNull(pressReleases.slug),
    isNotNull(pressReleases.sentAt),
    eq(workspaces.newsroomEnabled, true),
    isNotNull(workspaces.newsroomSlug),
    options.companyId ? eq(pressReleases.workspaceId, options.companyId) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ release: pressReleases, companyName: workspaces.name, newsroomSlug: workspaces.newsroomSlug })
      .from(pressReleases)
      .innerJoin(workspaces, eq(workspaces.id, pressReleases.workspaceId))
      .where(where)
      .orderBy(desc(pressReleases.sentAt), desc(pressReleases.id))
      .limit(options.limit)
      .offset(options.offset ?? 0),
    db.select({ total: count() }).from(pressReleases).innerJoin(workspaces, eq(workspaces.id, pressReleases.workspaceId)).where(where),
  ]);
  return {
    total,
    items: rows.map(({ release, companyName, newsroomSlug }) => ({
      slug: release.slug!,
      companyName,
      newsroomSlug: newsroomSlug!,
      sentAt: new Date(release.sentAt!),
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
  if ((await confirmationsSince(deps.db, input.email, dayAgo)) >= CONFIRMATIONS_PER_ADDRESS_PER_DAY) return answer;
  const token = randomToken();
  const [row] = await deps.db
    .insert(newsroomFollowers)
    .values({ companyId: newsroom.companyId, email: input.email, language: input.language, token, confirmationSentAt: now })
    .onConflictDoUpdate({
      target: [newsroomFollowers.companyId, newsroomFollowers.email],
      set: { language: input.language, token, confirmedAt: null, unsubscribedAt: null, confirmationSentAt: now },
      // Claimed in the write itself, so requests racing for one address send one mail.
      setWhere: sql`(${newsroomFollowers.confirmedAt} IS NULL OR ${newsroomFollowers.unsubscribedAt} IS NOT NULL)
        AND (${newsroomFollowers.confirmationSentAt} IS NULL OR ${newsroomFollowers.confirmationSentAt} <= ${dayAgo.toISOString()})`,
    })
    .returning({ token: newsroomFollowers.token });
  if (row) {
    const link = `${deps.publicUrl}/newsroom/follow/${row.token}`;
    const mail = confirmFollowMessage({ companyName: newsroom.companyName, link, language: input.language });
    // After the answer: a mail being sent must not make the answer slower than one that is not.
    deps.mailer.send({ to: input.email, ...mail }).catch((error: unknown) => deps.log.error({ err: error }, 'follow confirmation could not be sent'));
  }
  return answer;
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
    .select({ companyName: workspaces.name, language: newsroomFollowers.language })
    .from(newsroomFollowers)
    .innerJoin(workspaces, eq(workspaces.id, newsroomFollowers.companyId))
    .where(and(eq(newsroomFollowers.token, token), isNull(newsroomFollowers.confirmedAt), isNull(newsroomFollowers.unsubscribedAt)));
  return row;
}

/** The confirmation link: following starts. Unknown and used links read the same. */
export async function confirmFollow(db: Db, token: string, now: Date): Promise<{ companyName: string; slug: string; language: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const [follower] = await db
    .update(newsroomFollowers)
    .set({ confirmedAt: now, token: randomToken() })
    .where(and(eq(newsroomFollowers.token, token), isNull(newsroomFollowers.confirmedAt), isNull(newsroomFollowers.unsubscribedAt)))
    .returning({ companyId: newsroomFollowers.companyId, language: newsroomFollowers.language });
  if (!follower) return undefined;
  const [company] = await db.select({ companyName: workspaces.name, slug: workspaces.newsroomSlug }).from(workspaces).where(eq(workspaces.id, follower.companyId));
  return { companyName: company.companyName, slug: company.slug ?? '', language: follower.language };
}

/**
 * The unsubscribe link of an email sent to a follower ends the following, and only that: the address is
 * not suppressed for the journalists' releases it may also receive. False when the delivery was not a
 * follower's.
 */
export async function unfollowByDelivery(db: Db, deliveryToken: string, now: Date): Promise<boolean> {
  const [delivery] = await db
    .select({ email: deliveries.email, companyId: pressReleases.workspaceId })
    .from(deliveries)
    .innerJoin(pressReleases, eq(pressReleases.id, deliveries.releaseId))
    .where(and(eq(deliveries.token, deliveryToken), eq(deliveries.audience, 'follower')));
  if (!delivery) return false;
  await db
    .update(newsroomFollowers)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsroomFollowers.companyId, delivery.companyId), eq(newsroomFollowers.email, delivery.email)));
  return true;
}

/** GET /api/newsroom/settings */
export async function newsroomSettings(deps: Pick<Deps, 'db' | 'publicUrl'>, actor: CurrentUser): Promise<NewsroomSettings> {
  // The workspace's newsroom: a client seat reads its brands' newsrooms through GET /api/brands.
  const workspaceId = requireAction(actor, 'browse');
  const [owner] = await deps.db.select({ slug: workspaces.newsroomSlug, enabled: workspaces.newsroomEnabled }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const [{ followers }] = await deps.db
    .select({ followers: count() })
    .from(newsroomFollowers)
    .where(and(eq(newsroomFollowers.companyId, workspaceId), isNotNull(newsroomFollowers.confirmedAt), isNull(newsroomFollowers.unsubscribedAt)));
  const url = owner.slug ? newsroomUrl(deps.publicUrl, owner.slug) : null;
  return {
    enabled: owner.enabled,
    url,
    feeds: url ? { english: `${url}/feed.xml?lang=en`, arabic: `${url}/feed.xml?lang=ar` } : null,
    followers,
  };
}

/** PATCH /api/newsroom/settings: a newsroom turned off disappears from every page and feed, and sends nothing to followers. */
export async function setNewsroomEnabled(deps: Pick<Deps, 'db' | 'publicUrl'>, actor: CurrentUser, enabled: boolean): Promise<NewsroomSettings> {
  const workspaceId = requireAction(actor, 'manage');
  await deps.db.update(workspaces).set({ newsroomEnabled: enabled }).where(eq(workspaces.id, workspaceId));
  return newsroomSettings(deps, actor);
}

