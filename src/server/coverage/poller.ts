import type { ReleaseId } from '../../shared/ids.js';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.js';
import { outletFeeds, pressReleases } from '../db/schema.js';
import { feedFetches } from '../operations/metrics.js';
import {
  canonicalArticleUrl,
  knownArticles,
  recordFeedArticle,
  releasesForMatching,
  tellOwnersInBackground,
  type CoverageDeps,
} from './coverage.service.js';
import { MalformedFeedError, readFeed, SUMMARY_MAX_CHARS, type FeedArticle } from './feed-items.js';
import { createHostQueue, FetchError, fetchPage, type FetchOptions } from './fetch-page.js';
import { createMatcher, type Matcher } from './matching.js';
import { readArticlePage } from './page-reader.js';
import { COVERAGE_WINDOW_DAYS } from '../../shared/coverage.js';
import { ADVISORY_LOCKS } from '../db/advisory-locks.js';

/**
 * The coverage poller (issue 15), in every worker. Due feeds are claimed like deliveries: an UPDATE of
 * rows picked FOR UPDATE SKIP LOCKED sets a lease, so two workers never fetch one feed at once and a
 * dead worker's feed comes back when the lease ends; a feed whose host another worker is reading is
 * left for the next round, and a poller reads the feeds of one host one after the other (its own host
 * queue, fetch-page.ts), so an outlet sees one request at a time. A feed that fails waits twice as long
 * after each failure, up to a day.
 */

export type FeedRow = typeof outletFeeds.$inferSelect;

export type PollerOptions = CoverageDeps & {
  allowPrivate: boolean;
  /** Seconds between fetches of a feed (FEED_POLL_INTERVAL). */
  intervalSeconds: number;
  fetchTimeoutMs?: number;
  maxBytes?: number;
  /** How often the poller looks for due feeds. */
  tickMs?: number;
  workerId?: string;
};

export type Poller = { readonly workerId: string; tick(): Promise<number>; start(): void; stop(): Promise<void> };

const FEEDS_PER_TICK = 4;
const WINDOW_MS = COVERAGE_WINDOW_DAYS * 24 * 60 * 60_000;
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 24 * 60 * 60_000;
/** Article pages fetched per feed fetch; the rest are read at the next one (the ETag is not kept meanwhile). */
const PAGES_PER_FETCH = 30;

/** The error a feed shows in the console: what a person can act on. */
function problemText(error: unknown): { status: 'error' | 'refused'; message: string } {
  if (error instanceof FetchError) {
    if (error.problem === 'private_address') return { status: 'refused', message: `Refused: ${error.message}` };
    return { status: 'error', message: error.message };
  }
  if (error instanceof MalformedFeedError) return { status: 'error', message: `Not a feed: ${error.message}`.slice(0, 500) };
  return { status: 'error', message: error instanceof Error ? error.message.slice(0, 500) : 'failed' };
}

export function createFeedPoller(options: PollerOptions): Poller {
  const { db } = options;
  const workerId = options.workerId ?? `poller-${randomBytes(6).toString('hex')}`;
  const fetchOptions: FetchOptions = {
    allowPrivate: options.allowPrivate,
    timeoutMs: options.fetchTimeoutMs,
    maxBytes: options.maxBytes,
    queue: createHostQueue(),
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  let cached: { key: string; matcher: Matcher } | undefined;

  /**
   * The releases an article of the last 30 days may carry (sent in the last 60), indexed once and kept
   * until a release is sent or leaves the window: indexing a thousand releases takes most of a second.
   */
  async function currentMatcher(now: Date): Promise<Matcher> {
    const since = new Date(now.getTime() - 2 * WINDOW_MS);
    const [state] = rowsOf<{ n: number; latest: string | null; earliest: string | null }>(
      await db.execute(sql`
        SELECT count(*)::int AS n, max(sent_at)::text AS latest, min(sent_at)::text AS earliest FROM ${pressReleases}
        WHERE status IN ('sending', 'sent') AND sent_at >= ${since.toISOString()}::timestamptz AND sent_at <= ${now.toISOString()}::timestamptz`),
    );
    const key = `${state.n}|${state.latest}|${state.earliest}`;
    if (cached?.key !== key) cached = { key, matcher: createMatcher(await releasesForMatching(db, new Date(now.getTime() - WINDOW_MS), now)) };
    return cached.matcher;
  }

  async function claim(now: Date): Promise<FeedRow[]> {
    // Claims are taken one at a time across workers (a transaction lock), so two workers cannot both
    // see a host free and take two of its feeds at the same moment.
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.feedClaims})`);
      return rowsOf<{ id: string }>(
        await tx.execute(sql`
        UPDATE ${outletFeeds} SET locked_by = ${workerId}, locked_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        WHERE id IN (
          SELECT f.id FROM ${outletFeeds} f
          WHERE f.enabled AND f.next_fetch_at <= ${now.toISOString()}::timestamptz
            AND (f.locked_until IS NULL OR f.locked_until < ${now.toISOString()}::timestamptz)
            AND NOT EXISTS (SELECT 1 FROM ${outletFeeds} o WHERE o.host = f.host AND o.locked_until >= ${now.toISOString()}::timestamptz)
          ORDER BY f.next_fetch_at LIMIT ${FEEDS_PER_TICK}
          FOR UPDATE SKIP LOCKED)
        RETURNING id`),
      );
    });
    if (rows.length === 0) return [];
    return db
      .select()
      .from(outletFeeds)
      .where(sql`${outletFeeds.id} IN (${sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `)})`);
  }

  async function finish(feed: FeedRow, values: Partial<typeof outletFeeds.$inferInsert>): Promise<void> {
    await db
      .update(outletFeeds)
      .set({ ...values, lastFetchedAt: options.now(), lockedBy: null, lockedUntil: null, updatedAt: options.now() })
      .where(and(eq(outletFeeds.id, feed.id), eq(outletFeeds.lockedBy, workerId)));
  }

  /** The article's own text when the feed gives only a summary; what the feed gave when the page fails. */
  async function withPageText(article: FeedArticle): Promise<FeedArticle> {
    if (article.text.length >= SUMMARY_MAX_CHARS) return article;
    try {
      const page = await fetchPage(article.url, fetchOptions);
      if (page.status !== 'ok') return article;
      const reading = await readArticlePage(page.text);
      if (reading.status !== 'read') return article;
      const found = reading.article;
      return { ...article, title: article.title || found.title, text: found.text, publishedAt: article.publishedAt ?? found.publishedAt };
    } catch {
      return article;
    }
  }

  /** Reads the new articles of a fetched feed and records their matches; answers whether all were read. */
  async function readArticles(feed: FeedRow, articles: FeedArticle[]): Promise<boolean> {
    const now = options.now();
    const byUrl = new Map(articles.map((a) => [canonicalArticleUrl(a.url), a]));
    const known = await knownArticles(db, [...byUrl.keys()]);
    const fresh = [...byUrl].filter(([url]) => !known.has(url));
    if (fresh.length === 0) return true;
    const matcher = await currentMatcher(now);
    const found: ReleaseId[] = [];
    let pages = 0;
    let allRead = true;
    for (const [url, listed] of fresh) {
      if (listed.text.length < SUMMARY_MAX_CHARS && ++pages > PAGES_PER_FETCH) {
        allRead = false;
        break;
      }
      const article = await withPageText(listed);
      // A date in the future is a wrong clock on the outlet's side: the article is out now.
      const publishedAt = article.publishedAt && article.publishedAt < now ? article.publishedAt : now;
      // An article older than the window is recorded as read; the releases it could carry are no longer watched.
      const matches = now.getTime() - publishedAt.getTime() <= WINDOW_MS ? matcher.match({ title: article.title, text: article.text, publishedAt }) : [];
      const title = article.title || url;
      found.push(
        ...(await recordFeedArticle(
          db,
          { url, feedId: feed.id, outlet: feed.outlet, country: feed.country, language: feed.language, title: title.slice(0, 500), publishedAt },
          matches,
        )),
      );
    }
    tellOwnersInBackground(options, found);
    return allRead;
  }

  async function poll(feed: FeedRow): Promise<void> {
    const now = options.now();
    try {
      const fetched = await fetchPage(feed.url, { ...fetchOptions, etag: feed.etag, lastModified: feed.lastModified });
      const next = new Date(now.getTime() + options.intervalSeconds * 1000);
      if (fetched.status === 'not_modified') {
        feedFetches.inc({ result: 'not_modified' });
        await finish(feed, { lastStatus: 'not_modified', lastError: null, failures: 0, nextFetchAt: next });
        return;
      }
      const { articles, itemCount } = readFeed(fetched.text, fetched.url);
      const allRead = await readArticles(feed, articles);
      feedFetches.inc({ result: 'ok' });
      await finish(feed, {
        lastStatus: 'ok',
        lastError: null,
        failures: 0,
        itemCount,
        etag: allRead ? fetched.etag : null,
        lastModified: allRead ? fetched.lastModified : null,
        nextFetchAt: next,
      });
    } catch (error) {
      const problem = problemText(error);
      feedFetches.inc({ result: problem.status });
      const backoff = Math.min(options.intervalSeconds * 1000 * 2 ** (feed.failures + 1), MAX_BACKOFF_MS);
      await finish(feed, { lastStatus: problem.status, lastError: problem.message, failures: feed.failures + 1, nextFetchAt: new Date(now.getTime() + backoff) });
    }
  }

  async function tick(): Promise<number> {
    const feeds = await claim(options.now());
    await Promise.all(feeds.map((feed) => poll(feed).catch((error: unknown) => options.log.error({ err: error, feed: feed.url }, 'feed poll failed'))));
    return feeds.length;
  }

  return {
    workerId,
    tick,
    start() {
      const schedule = () => {
        timer = setTimeout(() => {
          running = tick()
            .catch((error: unknown) => options.log.error({ err: error }, 'coverage poller tick failed'))
            .finally(() => timer && schedule());
        }, options.tickMs ?? 5000);
      };
      schedule();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
