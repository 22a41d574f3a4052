import { parse } from 'csv-parse/sync';
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outletFeeds } from '../db/schema.js';
import type { CurrentUser } from '../../shared/auth.js';
import type { Paged } from '../../shared/admin.js';
import { feedInputSchema, type FeedImportResult, type FeedLanguage, type FeedStatus, type OutletFeed } from '../../shared/coverage.js';
import { canonicalCountry } from '../../shared/contacts.js';
import { recordAudit } from '../audit/audit.service.js';
import { isUniqueViolation, appError } from '../http/errors.js';
import type { z } from 'zod';

/** The super admin's list of outlet feeds (GET/POST/PUT/DELETE /api/admin/feeds, CSV import). */

type FeedValues = z.output<typeof feedInputSchema>;
type FeedRow = typeof outletFeeds.$inferSelect;

const IMPORT_ROWS_MAX = 5000;
const REQUIRED_COLUMNS = ['url', 'outlet', 'country', 'language'];

const toFeed = (row: FeedRow): OutletFeed => ({
  id: row.id,
  url: row.url,
  outlet: row.outlet,
  country: row.country,
  language: row.language as FeedLanguage,
  enabled: row.enabled,
  lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
  lastStatus: row.lastStatus as FeedStatus | null,
  lastError: row.lastError,
  itemCount: row.itemCount,
  nextFetchAt: row.nextFetchAt.toISOString(),
});

const hostOf = (url: string) => new URL(url).host.toLowerCase();
const actorOf = (actor: CurrentUser) => ({ id: actor.id, email: actor.email });

export async function listFeeds(db: Db, query: { page: number; pageSize: number; search: string }): Promise<Paged<OutletFeed>> {
  const pattern = `%${query.search.replace(/[\\%_]/g, '\\$&')}%`;
  const where = query.search ? or(ilike(outletFeeds.outlet, pattern), ilike(outletFeeds.url, pattern)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(outletFeeds)
      .where(where)
      .orderBy(asc(outletFeeds.outlet), asc(outletFeeds.url))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(outletFeeds).where(where),
  ]);
  return { items: rows.map(toFeed), total: Number(total), page: query.page, pageSize: query.pageSize };
}

const duplicate = () => appError('FEED_TAKEN');

export async function createFeed(db: Db, actor: CurrentUser, input: FeedValues): Promise<OutletFeed> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outletFeeds)
      .values({ ...input, host: hostOf(input.url) })
      .onConflictDoNothing()
      .returning();
    if (!row) throw duplicate();
    await recordAudit(tx, actorOf(actor), 'feed.created', row.id, { url: row.url, outlet: row.outlet });
    return toFeed(row);
  });
}

export async function updateFeed(db: Db, actor: CurrentUser, id: string, input: FeedValues): Promise<OutletFeed> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(outletFeeds).where(eq(outletFeeds.id, id)).for('update');
    if (!before) throw appError('FEED_NOT_FOUND');
    const addressChanged = before.url !== input.url;
    const [row] = await tx
      .update(outletFeeds)
      .set({
        ...input,
        host: hostOf(input.url),
        updatedAt: new Date(),
        // A new address is a new feed: its validators and failures are not the old one's.
        ...(addressChanged ? { etag: null, lastModified: null, failures: 0, nextFetchAt: new Date(), lastStatus: null, lastError: null } : {}),
      })
      .where(eq(outletFeeds.id, id))
      .returning()
      // The unique index decides whether another feed holds the address (a read first would race).
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate() : error;
      });
    await recordAudit(tx, actorOf(actor), 'feed.updated', id, { url: row.url, outlet: row.outlet, enabled: row.enabled });
    return toFeed(row);
  });
}

export async function deleteFeed(db: Db, actor: CurrentUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(outletFeeds).where(eq(outletFeeds.id, id)).returning({ url: outletFeeds.url, outlet: outletFeeds.outlet });
    if (!row) throw appError('FEED_NOT_FOUND');
    await recordAudit(tx, actorOf(actor), 'feed.deleted', id, row);
  });
}

const yes = (value: string) => !/^(no|false|0|off|disabled)$/i.test(value.trim());

/**
 * CSV with a header row: url, outlet, country, language and optionally enabled. A row whose address is
 * already listed updates that feed; bad rows are listed with their line and written nowhere, the
 * others are written together.
 */
export async function importFeeds(db: Db, actor: CurrentUser, csv: string): Promise<FeedImportResult> {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  let header: string[] = [];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), {
      columns: (names: string[]) => (header = names.map((name) => name.trim().toLowerCase())),
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      // Each record with the file line it ends on, for the messages (empty lines are skipped).
      info: true,
    });
  } catch {
    throw appError('FEED_CSV_UNREADABLE');
  }
  if (header.length && !REQUIRED_COLUMNS.every((column) => header.includes(column))) {
    throw appError('FEED_CSV_HEADER');
  }
  if (records.length === 0) throw appError('FEED_CSV_EMPTY');
  if (records.length > IMPORT_ROWS_MAX) throw appError('FEED_CSV_TOO_MANY', { max: IMPORT_ROWS_MAX });

  const errors: FeedImportResult['errors'] = [];
  const valid: FeedValues[] = [];
  const seen = new Set<string>();
  for (const { record, info } of records) {
    const line = info.lines;
    const parsed = feedInputSchema.safeParse({
      url: record.url ?? '',
      outlet: record.outlet ?? '',
      country: canonicalCountry(record.country ?? ''),
      language: (record.language ?? '').toLowerCase(),
      enabled: record.enabled === undefined || record.enabled === '' ? true : yes(record.enabled),
    });
    if (!parsed.success) errors.push({ line, message: parsed.error.issues[0].message });
    else if (seen.has(parsed.data.url)) errors.push({ line, message: 'This address is already in the file' });
    else {
      seen.add(parsed.data.url);
      valid.push(parsed.data);
    }
  }

  return db.transaction(async (tx) => {
    let created = 0;
    let updated = 0;
    for (const feed of valid) {
      const [row] = await tx
        .insert(outletFeeds)
        .values({ ...feed, host: hostOf(feed.url) })
        .onConflictDoUpdate({
          target: outletFeeds.url,
          set: { outlet: feed.outlet, country: feed.country, language: feed.language, enabled: feed.enabled, updatedAt: new Date() },
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (row.inserted) created += 1;
      else updated += 1;
    }
    await recordAudit(tx, actorOf(actor), 'feed.imported', null, { created, updated, rejected: errors.length });
    return { created, updated, errors };
  });
}
