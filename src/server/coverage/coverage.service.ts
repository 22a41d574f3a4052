import type { ReleaseId, UserId } from '../../shared/ids.js';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { brands, coverageArticles, coverageItems, outletFeeds, pressReleases, users } from '../db/schema.js';
import { releaseScope } from '../access/access.js';
import type { AddedCoverageItem, Coverage, CoverageItem, CoverageKind, RecentCoverage } from '../../shared/coverage.js';
import { COVERAGE_WINDOW_DAYS } from '../../shared/coverage.js';
import type { CurrentUser } from '../../shared/auth.js';
import { recordAudit } from '../audit/audit.service.js';
import { appError } from '../http/errors.js';
import type { Mailer } from '../mail/transport.js';
import { firstCoverageMessage } from '../mail/templates/coverage.js';
import { htmlToText } from './feed-items.js';
import { fetchPage } from './fetch-page.js';
import { createMatcher, type ArticleForMatching, type CoverageMatch, type ReleaseForMatching } from './matching.js';
import { readArticlePage } from './page-reader.js';
import type { PageReading } from './page-reading.js';

/** Coverage of releases: what the poller found, what owners added or removed, and the first-article email. */

const DAY_MS = 24 * 60 * 60 * 1000;

export type CoverageDeps = { db: Db; mailer: Mailer; publicUrl: string; now: () => Date; log: { error: (obj: object, msg: string) => void } };

/** An article as it is recorded against a release. */
type FoundArticle = { url: string; outlet: string; country: string; language: string; title: string; publishedAt: Date | null };

/** Tracking and sharing parameters and the fragment name the same article many ways. */
export function canonicalArticleUrl(address: string): string {
  const url = new URL(address);
  url.hash = '';
  for (const key of [...url.searchParams.keys()]) {
    if (/^(utm_|fbclid$|gclid$|mc_cid$|mc_eid$)/i.test(key)) url.searchParams.delete(key);
  }
  return url.toString();
}

/** A release with what matching reads of it: both versions and its brand's names (decision 022). */
function matchableReleases(db: Db) {
  return db
    .select({
      id: pressReleases.id,
      title: pressReleases.title,
      subtitle: pressReleases.subtitle,
      content: pressReleases.content,
      translation: pressReleases.translation,
      sentAt: pressReleases.sentAt,
      brandName: brands.name,
      brandNameAr: brands.nameAr,
    })
    .from(pressReleases)
    .innerJoin(brands, eq(brands.id, pressReleases.brandId));
}

function toMatchable(row: Awaited<ReturnType<typeof matchableReleases>>[number]): ReleaseForMatching {
  const versions = [{ title: row.title, subtitle: row.subtitle, text: htmlToText(row.content) }];
  if (row.translation) versions.push({ title: row.translation.title, subtitle: row.translation.subtitle, text: htmlToText(row.translation.content) });
  return { id: row.id, names: [row.brandName, row.brandNameAr].filter((name) => name.trim()), sentAt: row.sentAt ?? new Date(0), versions };
}

/** The releases an article published between `from` and `to` may carry: sent before it, at most 30 days before. */
export async function releasesForMatching(db: Db, from: Date, to: Date): Promise<ReleaseForMatching[]> {
  const rows = await matchableReleases(db).where(
    and(
      inArray(pressReleases.status, ['sending', 'sent']),
      gte(pressReleases.sentAt, new Date(from.getTime() - COVERAGE_WINDOW_DAYS * DAY_MS)),
      lte(pressReleases.sentAt, to),
    ),
  );
  return rows.map(toMatchable);
}

/**
 * Records an article read from a feed and its matches, once: the article's address is claimed in the
 * same transaction, so a second worker, or the same article updated later, finds it taken and records
 * nothing. Answers the releases that got coverage.
 */
export async function recordFeedArticle(db: Db, article: FoundArticle & { feedId: string }, matches: CoverageMatch[]): Promise<ReleaseId[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(coverageArticles)
      .values({ url: article.url, feedId: article.feedId, publishedAt: article.publishedAt })
      .onConflictDoNothing()
      .returning({ id: coverageArticles.id });
    if (claimed.length === 0 || matches.length === 0) return [];
    const inserted = await tx
      .insert(coverageItems)
      .values(
        matches.map((m) => ({
          ...withoutFeed(article),
          releaseId: m.releaseId,
          kind: m.kind,
          excerpt: m.excerpt,
          source: 'feed' as const,
          embargoBreak: embargoBreakOf(m.releaseId, article.publishedAt ?? new Date()),
        })),
      )
      .onConflictDoNothing()
      .returning({ releaseId: coverageItems.releaseId });
    return inserted.map((i) => i.releaseId);
  });
}

/**
 * An article out before the release's embargo lifted (its publication time, else the time it was found)
 * broke the embargo (issue 30): the outlet is named beside it, and the super admin may withdraw the
 * journalist's accreditation. Read from the release in the INSERT itself.
 */
const embargoBreakOf = (releaseId: ReleaseId, at: Date) =>
  sql<boolean>`coalesce(${at.toISOString()}::timestamptz < (SELECT ${pressReleases.embargoUntil} FROM ${pressReleases} WHERE ${pressReleases.id} = ${releaseId}::uuid), false)`;

function withoutFeed(article: FoundArticle & { feedId?: string }): FoundArticle {
  const { url, outlet, country, language, title, publishedAt } = article;
  return { url, outlet, country, language, title, publishedAt };
}

/** The known addresses among `urls`: read already, not matched again. */
export async function knownArticles(db: Db, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.select({ url: coverageArticles.url }).from(coverageArticles).where(inArray(coverageArticles.url, urls));
  return new Set(rows.map((r) => r.url));
}

/**
 * The owner hears once, when the first article of a release is found: the UPDATE claims the email, so
 * two workers finding articles at once send one.
 */
async function tellOwnerOfFirstArticle(deps: CoverageDeps, releaseId: ReleaseId): Promise<void> {
  const [claimed] = await deps.db
    .update(pressReleases)
    .set({ coverageNotifiedAt: deps.now() })
    .where(and(eq(pressReleases.id, releaseId), isNull(pressReleases.coverageNotifiedAt)))
    .returning({ userId: sql<UserId | null>`coalesce(${pressReleases.sentBy}, ${pressReleases.authorId})`, title: pressReleases.title, language: pressReleases.language });
  if (!claimed?.userId) return;
  const [item] = await deps.db
    .select({ outlet: coverageItems.outlet, title: coverageItems.title, kind: coverageItems.kind })
    .from(coverageItems)
    .where(eq(coverageItems.releaseId, releaseId))
    .orderBy(asc(coverageItems.createdAt))
    .limit(1);
  const [owner] = await deps.db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, claimed.userId));
  if (!owner || !item) return;
  const message = firstCoverageMessage({
    language: claimed.language === 'arabic' ? 'arabic' : 'english',
    firstName: owner.firstName,
    releaseTitle: claimed.title,
    outlet: item.outlet,
    articleTitle: item.title,
    kind: item.kind as CoverageKind,
    link: new URL(`/analytics/${releaseId}#coverage`, deps.publicUrl).href,
  });
  await deps.mailer.send({ to: owner.email, ...message });
}

export function tellOwnersInBackground(deps: CoverageDeps, releaseIds: ReleaseId[]): void {
  for (const id of new Set(releaseIds)) {
    void tellOwnerOfFirstArticle(deps, id).catch((error: unknown) => deps.log.error({ err: error, releaseId: id }, 'first-coverage email could not be sent'));
  }
}

const toItem = (row: typeof coverageItems.$inferSelect): CoverageItem => ({
  id: row.id,
  outlet: row.outlet,
  country: row.country,
  language: row.language,
  title: row.title,
  url: row.url,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  kind: row.kind as CoverageKind,
  excerpt: row.excerpt,
  source: row.source as CoverageItem['source'],
  embargoBreak: row.embargoBreak,
});

/** GET /api/press-releases/{id}/coverage: every article of the release, newest first, and its figures. */
export async function coverageOf(db: Db, release: { id: ReleaseId; sentAt: Date | null }): Promise<Coverage> {
  const rows = await db
    .select()
    .from(coverageItems)
    .where(eq(coverageItems.releaseId, release.id))
    .orderBy(sql`${coverageItems.publishedAt} DESC NULLS LAST`, desc(coverageItems.id));
  const items = rows.map(toItem);
  const byCountry = new Map<string, number>();
  for (const item of items) if (item.country) byCountry.set(item.country, (byCountry.get(item.country) ?? 0) + 1);
  const published = rows.flatMap((r) => (r.kind !== 'unverified' && r.publishedAt ? [r.publishedAt.getTime()] : []));
  const first = published.length ? Math.min(...published) : null;
  return {
    items,
    total: items.length,
    verbatim: items.filter((i) => i.kind === 'verbatim').length,
    earned: items.filter((i) => i.kind === 'earned').length,
    minutesToFirst: first !== null && release.sentAt ? Math.max(0, Math.round((first - release.sentAt.getTime()) / 60_000)) : null,
    byCountry: [...byCountry].map(([country, n]) => ({ country, count: n })).sort((a, b) => b.count - a.count || a.country.localeCompare(b.country)),
  };
}

/** Records an article its owner names; a second time for the same address is a 409. */
async function addManualItem(
  db: Db,
  actor: CurrentUser,
  releaseId: ReleaseId,
  article: FoundArticle & { kind: CoverageKind; excerpt: string; foundAt: Date },
): Promise<CoverageItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coverageItems)
      .values({
        ...withoutFeed(article),
        releaseId,
        kind: article.kind,
        excerpt: article.excerpt,
        source: 'manual',
        embargoBreak: embargoBreakOf(releaseId, article.publishedAt ?? article.foundAt),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw appError('ARTICLE_ALREADY_ADDED');
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'coverage.added', releaseId, { url: article.url, kind: article.kind });
    return toItem(row);
  });
}

/** DELETE …/coverage/{itemId}: a false match goes; the article is not matched to the release again. */
export async function removeItem(db: Db, actor: CurrentUser, releaseId: ReleaseId, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(coverageItems)
      .where(and(eq(coverageItems.id, itemId), eq(coverageItems.releaseId, releaseId)))
      .returning({ url: coverageItems.url, kind: coverageItems.kind });
    if (!row) throw appError('ARTICLE_NOT_IN_COVERAGE');
    await recordAudit(tx, { id: actor.id, email: actor.email }, 'coverage.removed', releaseId, { url: row.url, kind: row.kind });
  });
}

/** The dashboard's figure: articles found for the releases the actor reads (all of them for a super admin) in 30 days. */
export async function recentCoverage(db: Db, actor: CurrentUser, now: Date): Promise<RecentCoverage> {
  const [row] = await db
    .select({ articles: count(), releases: sql<number>`count(DISTINCT ${coverageItems.releaseId})::int` })
    .from(coverageItems)
    .innerJoin(pressReleases, eq(pressReleases.id, coverageItems.releaseId))
    .where(
      and(
        gte(coverageItems.createdAt, new Date(now.getTime() - COVERAGE_WINDOW_DAYS * DAY_MS)),
        releaseScope(actor),
      ),
    );
  return { articles: Number(row?.articles ?? 0), releases: Number(row?.releases ?? 0) };
}

/**
 * How an article carries one release, judged as the poller judges it: among every release of its window,
 * so that a phrase many releases share is nobody's here too.
 */
async function matchOf(db: Db, releaseId: ReleaseId, article: ArticleForMatching): Promise<CoverageMatch | undefined> {
  const matcher = createMatcher(await releasesForMatching(db, article.publishedAt, article.publishedAt));
  return matcher.match(article).find((m) => m.releaseId === releaseId);
}

/**
 * Who published an address: the page's own name for its site, else the listed feed of its host, else the
 * host; the country and language of the host's feed when one is listed.
 */
async function outletOf(db: Db, url: string, siteName: string | null): Promise<Pick<FoundArticle, 'outlet' | 'country' | 'language'>> {
  const host = new URL(url).host.toLowerCase();
  const [feed] = await db
    .select({ outlet: outletFeeds.outlet, country: outletFeeds.country, language: outletFeeds.language })
    .from(outletFeeds)
    .where(eq(outletFeeds.host, host))
    .limit(1);
  return { outlet: siteName || feed?.outlet || host.replace(/^www\./, ''), country: feed?.country ?? '', language: feed?.language ?? '' };
}

/**
 * POST /api/press-releases/{id}/coverage: the owner names an article. It is fetched like a feed's
 * (public addresses only) and compared with the release; when it cannot be fetched or does not carry
 * the release, it is kept as given and marked unverified (with the reason when its page was too big to
 * read); so is an address on a private network, which is never fetched.
 */
export async function addCoverageFromUrl(
  deps: CoverageDeps & { allowPrivate: boolean },
  actor: CurrentUser,
  releaseId: ReleaseId,
  address: string,
): Promise<AddedCoverageItem> {
  const url = canonicalArticleUrl(address);
  let reading: PageReading | undefined;
  try {
    const fetched = await fetchPage(url, { allowPrivate: deps.allowPrivate });
    if (fetched.status === 'ok') reading = await readArticlePage(fetched.text);
  } catch {
    // Every failure reads the same, a private address (never fetched) included: a distinct answer would
    // tell a customer which names resolve inside our network.
  }
  const page = reading?.status === 'read' ? reading.article : null;
  const publishedAt = page?.publishedAt ?? null;
  const match = page ? await matchOf(deps.db, releaseId, { title: page.title, text: page.text, publishedAt: publishedAt ?? deps.now() }) : undefined;
  const item = await addManualItem(deps.db, actor, releaseId, {
    url,
    ...(await outletOf(deps.db, url, page?.siteName ?? null)),
    title: (page?.title || url).slice(0, 500),
    publishedAt,
    kind: match?.kind ?? 'unverified',
    excerpt: match?.excerpt ?? '',
    foundAt: deps.now(),
  });
  if (item.kind !== 'unverified') tellOwnersInBackground(deps, [releaseId]);
  return reading?.status === 'unreadable' ? { ...item, unreadable: reading.reason } : item;
}

/** Verbatim and earned articles of many releases in one query (a brand's report), counted as `coverageOf` does. */
export async function articleCountsOf(db: Db, releaseIds: ReleaseId[]): Promise<Map<string, { verbatim: number; earned: number }>> {
  if (!releaseIds.length) return new Map();
  const rows = await db
    .select({
      releaseId: coverageItems.releaseId,
      verbatim: sql<number>`count(*) FILTER (WHERE ${coverageItems.kind} = 'verbatim')::int`,
      earned: sql<number>`count(*) FILTER (WHERE ${coverageItems.kind} = 'earned')::int`,
    })
    .from(coverageItems)
    .where(inArray(coverageItems.releaseId, releaseIds))
    .groupBy(coverageItems.releaseId);
  return new Map(rows.map(({ releaseId, ...counts }) => [releaseId, counts]));
}
