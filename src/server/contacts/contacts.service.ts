import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  splitTopics,
  type Contact,
  type ContactFacets,
  type ContactFields,
  type ContactFilter,
  type ContactPage,
  type BulkDeleteResult,
  type FacetValue,
} from '../../shared/contacts.js';
import { foldText, searchTerms } from '../../shared/text-fold.js';
import type { Db } from '../db/client.js';
import { appSettings, globalContacts as gc } from '../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { conflict, notFound } from '../http/errors.js';
import { presentContact } from './contact-view.js';

/** Everything a person can search a contact by, folded once at write time (PRODUCT.md §3). */
export function searchTextOf(
  c: Pick<
    ContactFields,
    'firstName' | 'lastName' | 'email' | 'organization' | 'position' | 'contactTopics' | 'outletTopics'
  >,
): string {
  return foldText(
    [c.firstName, c.lastName, c.email, c.organization, c.position, c.contactTopics, c.outletTopics].join(' '),
  );
}

/** Both drivers answer raw queries with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type FilterDimension = 'country' | 'contactTopic' | 'mediaType' | 'language';
const DIMENSIONS: FilterDimension[] = ['country', 'contactTopic', 'mediaType', 'language'];

function textConditions(filter: ContactFilter): SQL[] {
  return searchTerms(filter.search).map((term) => sql`${gc.searchText} LIKE ${`%${escapeLike(term)}%`}`);
}

/** The condition of one filter dimension, or undefined when that filter is not set. */
function dimensionCondition(filter: ContactFilter, dimension: FilterDimension): SQL | undefined {
  switch (dimension) {
    case 'country':
      return filter.country.length ? inArray(gc.country, filter.country) : undefined;
    case 'mediaType':
      return filter.mediaType.length ? inArray(gc.mediaType, filter.mediaType) : undefined;
    case 'language':
      return filter.language ? eq(gc.language, filter.language) : undefined;
    case 'contactTopic':
      return filter.contactTopic.length
        ? sql`${gc.contactTopicList} && ${sql.param(filter.contactTopic)}::text[]`
        : undefined;
  }
}

/** The WHERE conditions of a filter; `except` leaves one dimension out (disjunctive facet counts). */
function filterConditions(filter: ContactFilter, except?: FilterDimension): SQL[] {
  const conditions = textConditions(filter);
  for (const dimension of DIMENSIONS) {
    const condition = dimension === except ? undefined : dimensionCondition(filter, dimension);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/** The filter as one condition, for features that act on "every match" (adding to a list, export). */
export function contactFilterWhere(filter: ContactFilter): SQL | undefined {
  return and(...filterConditions(filter));
}

const filterKey = (filter: ContactFilter, except?: FilterDimension) =>
  JSON.stringify([
    searchTerms(filter.search),
    except === 'country' ? [] : [...filter.country].sort(),
    except === 'contactTopic' ? [] : [...filter.contactTopic].sort(),
    except === 'mediaType' ? [] : [...filter.mediaType].sort(),
    except === 'language' ? null : (filter.language ?? null),
  ]);

// ---------------------------------------------------------------- counts cache

/**
 * Exact counts of broad filters cost a scan at a million rows, so counts and facets are cached under
 * a version of the media database that every write bumps (kept in the database, so all web processes
 * agree). A cached figure is therefore never stale: a new version simply misses the cache.
 */
const VERSION_KEY = 'contacts_version';
const CACHE_ENTRIES = 500;
const caches = new WeakMap<Db, Map<string, unknown>>();

async function contactsVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VERSION_KEY));
  return row?.value ?? 'initial';
}

/** Call after every change to the media database (in the same transaction when there is one). */
export async function markContactsChanged(db: Db): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: VERSION_KEY, value: randomUUID() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
}

function cacheOf(db: Db): Map<string, unknown> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function remember(cache: Map<string, unknown>, key: string, value: unknown): void {
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
}

async function cached<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  if (cache.has(key)) return cache.get(key) as T;
  const value = await compute();
  remember(cache, key, value);
  return value;
}

async function countMatching(db: Db, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(gc)
    .where(and(...conditions));
  return Number(row.n);
}

// ---------------------------------------------------------------- reading

export async function searchContacts(
  db: Db,
  filter: ContactFilter,
  paging: { page: number; pageSize: number },
  reveal: boolean,
): Promise<ContactPage> {
  const conditions = filterConditions(filter);
  const version = await contactsVersion(db);
  const cache = cacheOf(db);
  const countKey = `${version}|count|${filterKey(filter)}`;
  // The planner underestimates trigram matches and would walk the primary key backwards through a
  // million rows looking for 20 of them; `id + 0` makes it find the matches first, then sort them.
  const hasText = searchTerms(filter.search).length > 0;
  const page = (withTotal: boolean) =>
    db
      .select({ row: gc, ...(withTotal ? { total: sql<number>`count(*) OVER ()` } : {}) })
      .from(gc)
      .where(and(...conditions))
      .orderBy(hasText ? sql`${gc.id} + 0 DESC` : desc(gc.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
  // A text search matches few rows: one scan yields both the page and the total. Broad filters keep a
  // separate count, which the cache then spares.
  const countInline = !cache.has(countKey) && hasText;
  const usePairIndex = hasText && filter.country.length > 0 && filter.mediaType.length > 0;
  const [rows, overallTotal] = await Promise.all([
    usePairIndex ? pageFromPairIndex(db, conditions, paging) : page(countInline),
    cached(db, `${version}|count|all`, () => countMatching(db, [])),
  ]);
  let total: number;
  if (countInline && rows.length) {
    total = Number((rows[0] as { total?: number }).total);
    remember(cache, countKey, total);
  } else {
    total = await cached(db, countKey, () =>
      usePairIndex ? countFromPairIndex(db, conditions) : countMatching(db, conditions),
    );
  }
  return {
    items: rows.map((r) => presentContact(r.row, reveal)),
    total,
    overallTotal,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** Mirrors the predicates of the partial indexes global_contacts_pair_text_idx and _long_text_idx. */
const FITS_PAIR_INDEX = sql`octet_length(search_text) + octet_length(country) + octet_length(media_type) < 2400`;
const OUTSIDE_PAIR_INDEX = sql`octet_length(search_text) + octet_length(country) + octet_length(media_type) >= 2400`;

/**
 * Text plus a media type and a country: the matches and their total are read from the pair index alone
 * (media type, country, id, search text), so a common word costs index pages instead of one heap page
 * per candidate row; the few rows too long for that index come from their own small index. Only the
 * page's rows are then read from the table.
 */
const pairIndexMatches = (where: SQL | undefined) => sql`
  SELECT id FROM ${gc} WHERE ${where} AND ${FITS_PAIR_INDEX}
  UNION ALL
  SELECT id FROM ${gc} WHERE ${where} AND ${OUTSIDE_PAIR_INDEX}`;

/** The total of a text + pair search when the page itself is empty (no match, or a page past the end). */
async function countFromPairIndex(db: Db, conditions: SQL[]): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (${pairIndexMatches(and(...conditions))}) AS m`),
  );
  return Number(row.n);
}

async function pageFromPairIndex(db: Db, conditions: SQL[], paging: { page: number; pageSize: number }) {
  const where = and(...conditions);
  const matches = rowsOf<{ id: number; total: number }>(
    await db.execute(sql`
      SELECT id, count(*) OVER () AS total FROM (${pairIndexMatches(where)}) AS m
      ORDER BY id DESC LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}`),
  );
  if (!matches.length) return [];
  const rows = await db
    .select({ row: gc })
    .from(gc)
    .where(
      inArray(
        gc.id,
        matches.map((m) => Number(m.id)),
      ),
    )
    .orderBy(desc(gc.id));
  return rows.map((r) => ({ ...r, total: Number(matches[0].total) }));
}

const FACET_LIMIT = 100;

async function facetOf(
  db: Db,
  column: typeof gc.country | typeof gc.mediaType | typeof gc.language,
  conditions: SQL[],
): Promise<FacetValue[]> {
  const rows = await db
    .select({ value: column, count: count() })
    .from(gc)
    .where(and(ne(column, ''), ...conditions))
    .groupBy(column)
    .orderBy(desc(count()), column)
    .limit(FACET_LIMIT);
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

async function topicFacet(db: Db, conditions: SQL[]): Promise<FacetValue[]> {
  const where = conditions.length ? sql`WHERE ${and(...conditions)}` : sql``;
  const result = await db.execute(
    sql`SELECT topic AS value, count(*)::int AS count
        FROM ${gc} CROSS JOIN LATERAL unnest(${gc.contactTopicList}) AS topic
        ${where}
        GROUP BY topic ORDER BY count(*) DESC, topic LIMIT ${FACET_LIMIT}`,
  );
  return rowsOf<{ value: string; count: number }>(result).map((r) => ({
    value: r.value,
    count: Number(r.count),
  }));
}

/**
 * Counts per filter value. Each dimension is counted under every *other* filter, so a multi-select
 * menu keeps showing how many contacts each further choice would add.
 */
export async function contactFacets(db: Db, filter: ContactFilter): Promise<ContactFacets> {
  const version = await contactsVersion(db);
  if (searchTerms(filter.search).length) {
    return cached(db, `${version}|facets|${filterKey(filter)}`, () => facetsOfTextSearch(db, filter));
  }
  const facet = (dimension: FilterDimension, compute: (conditions: SQL[]) => Promise<FacetValue[]>) =>
    cached(db, `${version}|facet:${dimension}|${filterKey(filter, dimension)}`, () =>
      compute(filterConditions(filter, dimension)),
    );
  const [countries, contactTopics, mediaTypes, languages] = await Promise.all([
    facet('country', (c) => facetOf(db, gc.country, c)),
    facet('contactTopic', (c) => topicFacet(db, c)),
    facet('mediaType', (c) => facetOf(db, gc.mediaType, c)),
    facet('language', (c) => facetOf(db, gc.language, c)),
  ]);
  return { countries, contactTopics, mediaTypes, languages };
}

/**
 * With a text query the matching rows are few but costly to find (trigram recheck), so they are found
 * once, each marked with which filters it passes, and all four facets are counted from that set.
 */
async function facetsOfTextSearch(db: Db, filter: ContactFilter): Promise<ContactFacets> {
  const passes = (dimension: FilterDimension) => dimensionCondition(filter, dimension) ?? sql`true`;
  // A row counts in some facet only if it fails at most one filter: with two or more filters set,
  // rows failing two are left out before their heap pages are read.
  const active = DIMENSIONS.filter((d) => dimensionCondition(filter, d));
  const relevant =
    active.length >= 2
      ? or(
          ...active.map((skipped) =>
            and(...active.filter((d) => d !== skipped).map((d) => dimensionCondition(filter, d)!)),
          ),
        )
      : undefined;
  const result = await db.execute(sql`
    WITH matched AS MATERIALIZED (
      SELECT country, media_type, language, contact_topic_list,
        ${passes('country')} AS c, ${passes('mediaType')} AS m, ${passes('language')} AS l, ${passes('contactTopic')} AS t
      FROM ${gc} WHERE ${and(...textConditions(filter), relevant)})
    SELECT 'countries' AS facet, country AS value, count(*)::int AS count FROM matched WHERE m AND l AND t AND country <> '' GROUP BY country
    UNION ALL
    SELECT 'mediaTypes', media_type, count(*)::int FROM matched WHERE c AND l AND t AND media_type <> '' GROUP BY media_type
    UNION ALL
    SELECT 'languages', language, count(*)::int FROM matched WHERE c AND m AND t AND language <> '' GROUP BY language
    UNION ALL
    SELECT 'contactTopics', topic, count(*)::int FROM matched CROSS JOIN LATERAL unnest(contact_topic_list) AS topic
      WHERE c AND m AND l GROUP BY topic`);
  const facets: ContactFacets = { countries: [], contactTopics: [], mediaTypes: [], languages: [] };
  for (const r of rowsOf<{ facet: keyof ContactFacets; value: string; count: number }>(result)) {
    facets[r.facet].push({ value: r.value, count: Number(r.count) });
  }
  for (const values of Object.values(facets) as FacetValue[][]) {
    values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    values.splice(FACET_LIMIT);
  }
  return facets;
}

export async function getContact(db: Db, id: number, reveal: boolean): Promise<Contact> {
  const [row] = await db.select().from(gc).where(eq(gc.id, id));
  if (!row) throw notFound('Contact not found');
  return presentContact(row, reveal);
}

export async function countAllContacts(db: Db): Promise<number> {
  return countMatching(db, []);
}

/** Every contact matching a filter, in id order, a page at a time (exports stream this). */
export async function* contactsInBatches(db: Db, filter: ContactFilter, batchSize = 2000) {
  const conditions = filterConditions(filter);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(gc)
      .where(and(sql`${gc.id} > ${afterId}`, ...conditions))
      .orderBy(gc.id)
      .limit(batchSize);
    if (!rows.length) return;
    yield rows;
    afterId = rows[rows.length - 1].id;
  }
}

// ---------------------------------------------------------------- writing

function columnsOf(fields: ContactFields) {
  return {
    ...fields,
    contactTopicList: splitTopics(fields.contactTopics),
    searchText: searchTextOf(fields),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const duplicateEmail = () => conflict('A contact with this email already exists');

export async function createContact(db: Db, fields: ContactFields): Promise<Contact> {
  const [row] = await db
    .insert(gc)
    .values(columnsOf(fields))
    .onConflictDoNothing({ target: gc.email })
    .returning();
  if (!row) throw duplicateEmail();
  await markContactsChanged(db);
  return presentContact(row, true);
}

export async function updateContact(db: Db, id: number, fields: ContactFields): Promise<Contact> {
  try {
    const [row] = await db
      .update(gc)
      .set({ ...columnsOf(fields), updatedAt: sql`now()` })
      .where(eq(gc.id, id))
      .returning();
    if (!row) throw notFound('Contact not found');
    await markContactsChanged(db);
    return presentContact(row, true);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function deleteContact(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(gc).where(eq(gc.id, id)).returning({ id: gc.id, email: gc.email });
    if (!row) throw notFound('Contact not found');
    await recordAudit(tx as unknown as Db, actor, 'contact.delete', String(id), {
      email: row.email,
      deleted: 1,
    });
    await markContactsChanged(tx as unknown as Db);
  });
}

const AUDITED_IDS_MAX = 1000;

/** One call for many: the reply says which ids were deleted and why the others were not. */
export async function bulkDeleteContacts(
  db: Db,
  actor: AuditActor,
  ids: number[],
): Promise<BulkDeleteResult> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(gc).where(inArray(gc.id, unique)).returning({ id: gc.id });
    const deletedIds = new Set(deleted.map((r) => r.id));
    const failed = unique
      .filter((id) => !deletedIds.has(id))
      .map((id) => ({ id, reason: 'Contact not found' }));
    await recordAudit(tx as unknown as Db, actor, 'contact.bulk_delete', null, {
      requested: unique.length,
      deleted: deletedIds.size,
      failed: failed.length,
      ids: [...deletedIds].slice(0, AUDITED_IDS_MAX),
    });
    if (deletedIds.size) await markContactsChanged(tx as unknown as Db);
    return { deleted: deletedIds.size, failed };
  });
}

const UNIT_SEPARATOR = '\u001f';

/**
 * Inserts many contacts in one statement (one array parameter per column, so the batch size is not
 * bound by the parameter limit). Existing emails are skipped; the emails actually inserted are returned.
 * The caller marks the database changed once it is done.
 */
export async function insertContactBatch(db: Db, contacts: ContactFields[]): Promise<string[]> {
  if (!contacts.length) return [];
  const column = <K extends keyof ContactFields>(key: K) =>
    sql.param(contacts.map((c) => String(c[key] ?? '')));
  const result = await db.execute(sql`
    INSERT INTO ${gc} (email, first_name, last_name, phone, organization, position, category, country, specialization,
      focus, contact_topics, outlet_topics, contact_topic_list, media_type, language, search_text)
    SELECT email, first_name, last_name, phone, organization, position, category, country, specialization,
      focus, contact_topics, outlet_topics, string_to_array(topic_list, ${UNIT_SEPARATOR}), media_type, language, search_text
    FROM unnest(${column('email')}::text[], ${column('firstName')}::text[], ${column('lastName')}::text[],
      ${column('phone')}::text[], ${column('organization')}::text[], ${column('position')}::text[],
      ${column('category')}::text[], ${column('country')}::text[], ${column('specialization')}::text[],
      ${column('focus')}::text[], ${column('contactTopics')}::text[], ${column('outletTopics')}::text[],
      ${sql.param(contacts.map((c) => splitTopics(c.contactTopics).join(UNIT_SEPARATOR)))}::text[],
      ${column('mediaType')}::text[], ${column('language')}::text[],
      ${sql.param(contacts.map((c) => searchTextOf(c)))}::text[])
      AS u(email, first_name, last_name, phone, organization, position, category, country, specialization,
        focus, contact_topics, outlet_topics, topic_list, media_type, language, search_text)
    ON CONFLICT (email) DO NOTHING
    RETURNING email`);
  return rowsOf<{ email: string }>(result).map((r) => r.email);
}

/** Which of these emails were stored by an earlier transaction (as opposed to earlier in this one). */
export async function emailsStoredBefore(db: Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const result = await db.execute(
    sql`SELECT email FROM ${gc} WHERE email = ANY(${sql.param(emails)}::text[]) AND created_at <> now()`,
  );
  return new Set(rowsOf<{ email: string }>(result).map((r) => r.email));
}
