import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CityBreadth, Contact, ContactFacets, ContactFilter, ContactPage, RelatedBreadth } from '../../shared/contacts.js';
import type { Db } from '../db/client.js';
import { globalContacts as gc } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { presentContact } from './contact-view.js';
import { menuConditions, type SearchVisibility } from './contact-filter-sql.js';
import { findsNothing, textMatches, withNamedFirst, type Lookup, type TextMatches } from './contact-search.js';
import { readQuery } from './query-reading.js';
import { contactsVersion } from './contacts-version.js';
import { contactsIndex, contactsIndexUnlessLoading, idsOfMatches, indexSize, type ContactsIndex } from './contacts-index.js';
import { databaseColumns, indexColumns, type Failures, type FilterColumns } from './contacts-from-database.js';

/**
 * The media database's reads: a page of a search, its facets and every match. The other jobs live beside
 * it: the filter as SQL (contact-filter-sql.ts), the data version (contacts-version.ts), the search
 * algorithm (contact-search.ts) with its word-set cache (word-sets.ts), and the writes (contacts-writes.ts),
 * re-exported here for the features that use them.
 */
export type { SearchVisibility } from './contact-filter-sql.js';
export { markContactsChanged } from './contacts-version.js';
export {
  bulkDeleteContacts,
  contactIdsByEmail,
  createContact,
  deleteContact,
  deleteImportedContacts,
  insertContactBatch,
  updateContact,
} from './contacts-writes.js';

/**
 * The filter as one condition, for features that act on "every match" (adding to a list, export): the
 * menus as SQL, and a query as the ids the search itself finds for it.
 */
export async function contactFilterWhere(db: Db, filter: ContactFilter, visibility: SearchVisibility): Promise<SQL | undefined> {
  if (!filter.search.trim()) return and(...menuConditions(filter));
  const ids = await contactIdsMatching(db, filter, visibility);
  return sql`${gc.id} = ANY(${sql.param(ids)}::int[])`;
}

/**
 * Loads the contacts index ahead of the first search. When an index kept by an earlier load can be read and
 * brought forward (a fraction of a second at a million contacts, docs/decisions/032), `ready` waits for it, so
 * a process can read it before it takes requests; a load from every row (seconds) only begins by then, and
 * `loaded` says when it ends.
 */
export function warmContactsIndex(db: Db): { ready: Promise<void>; loaded: Promise<{ contacts: number; ms: number }> } {
  const started = Date.now();
  const asked = contactsVersion(db).then(async (version) => ({ version, quick: await contactsIndexUnlessLoading(db, version) }));
  const loaded = asked
    .then(({ version, quick }) => quick?.index ?? contactsIndex(db, version))
    .then((index) => ({ contacts: index.total, ms: Date.now() - started }));
  // Never fails: a start that could not read the index still serves, and `loaded` tells why.
  const ready = asked.then(({ quick }) => (quick ? loaded.then(() => {}) : undefined)).catch(() => {});
  return { ready, loaded };
}

/**
 * Where an answer reads the contacts' filter columns: the contacts index, or the database while the index
 * is loaded in full (after a start, or an import: seconds at a million contacts), so that no search waits
 * for it (docs/decisions/031). A bulk action ('all') reads every match, and waits for the index.
 */
type ColumnsSource = {
  size: number;
  index?: ContactsIndex;
  under: (filter: ContactFilter, failures: Failures) => FilterColumns;
};

async function columnsSource(db: Db, version: string, use: 'page' | 'all' | 'facets'): Promise<ColumnsSource> {
  const held = use === 'all' ? { index: contactsIndex(db, version) } : await contactsIndexUnlessLoading(db, version);
  if (held) {
    const index = await held.index;
    return { size: index.size, index, under: (filter, failures) => indexColumns(db, index, filter, failures) };
  }
  const size = await indexSize(db);
  const whenLoaded = () => contactsIndex(db, version);
  return { size, under: (filter, failures) => databaseColumns(db, size, filter, failures, { version, whenLoaded }) };
}

/**
 * The query as read (places, beats, slips), the filter it makes (a place word's countries, within those
 * already picked: a place word never widens), the filter columns under it and the query's matches. For
 * `facets` the matches must hold every contact that fails one filter too (each menu is counted under the
 * others); otherwise only contacts meeting every filter count. Only a `page` is ranked with the named first.
 */
async function indexAndMatches(db: Db, asked: ContactFilter, visibility: SearchVisibility, use: 'page' | 'all' | 'facets') {
  const version = await contactsVersion(db);
  const source = await columnsSource(db, version, use);
  const words = { db, size: source.size, version, visibility };
  const reading = await readQuery(asked.search, (term) => findsNothing(words, term));
  const filter = withPlaces(asked, reading.countries);
  const columns = source.under(filter, use === 'facets' ? 1 : 0);
  const lookup: Lookup = {
    ...words,
    countable: columns.countable,
    tagged: columns.tagged,
    // Whatever the use, under every filter: a page, its count, its facets and a bulk action read a beat alike.
    meeting: columns.meeting,
    byCity: columns.byCity,
    outside: columns.outside,
    related: asked.related,
  };
  const text = await textMatches(lookup, reading);
  return { source, columns, filter, reading, text: text && use === 'page' ? await withNamedFirst(lookup, reading, text) : text };
}

/** The picked countries narrowed to those the query names (none in common: no contact). */
function withPlaces(filter: ContactFilter, countries: string[]): ContactFilter {
  if (!countries.length) return filter;
  if (!filter.country.length) return { ...filter, country: countries };
  const within = filter.country.filter((country) => countries.includes(country));
  return { ...filter, country: within.length ? within : [NO_COUNTRY] };
}
/** A country value no contact has: the filter of a place word outside the picked countries. */
const NO_COUNTRY = '\u0000';

export async function searchContacts(
  db: Db,
  asked: ContactFilter,
  paging: { page: number; pageSize: number },
  reveal: boolean,
): Promise<ContactPage> {
  const { columns, reading, text } = await indexAndMatches(db, asked, { revealsEmail: reveal }, 'page');
  const { ids, total } = await columns.page(text?.all, paging, text?.ranks);
  const rows = ids.length ? await db.select().from(gc).where(inArray(gc.id, ids)) : [];
  // In the page's order: named, then best found first (docs/decisions/014 and 019), newest first within each rank.
  const byId = new Map(rows.map((row) => [row.id, row]));
  const suggestions = [...new Set([...reading.corrected.map((c) => c.as), ...(text?.suggestions ?? [])])];
  return {
    items: ids.flatMap((id) => (byId.has(id) ? [presentContact(byId.get(id)!, reveal)] : [])),
    total,
    overallTotal: await columns.overallTotal(),
    page: paging.page,
    pageSize: paging.pageSize,
    ...(text?.matchedAs.length ? { matchedAs: text.matchedAs } : {}),
    ...(suggestions.length ? { suggestions } : {}),
    ...(reading.interpreted.length ? { interpreted: reading.interpreted } : {}),
    ...(await breadthOf(columns, text)),
  };
}

/** How far a city word and a beat word reached, counted under the filters as the total is. */
async function breadthOf(
  columns: FilterColumns,
  text: TextMatches | undefined,
): Promise<{ cityBreadth?: CityBreadth; relatedBreadth?: RelatedBreadth }> {
  const breadth: { cityBreadth?: CityBreadth; relatedBreadth?: RelatedBreadth } = {};
  if (text?.byCity) {
    const { cities, countries, inCity, withoutCity } = text.byCity;
    breadth.cityBreadth = {
      cities,
      countries,
      inCity: await columns.meeting(inCity),
      withoutCity: await columns.meeting(withoutCity),
    };
  }
  if (text?.related) {
    const { terms, topics, direct, broad, included } = text.related;
    const directCount = await columns.meeting(direct);
    breadth.relatedBreadth = { terms, topics, direct: directCount, more: (await columns.meeting(broad)) - directCount, included };
  }
  return breadth;
}

/**
 * Every contact a search shows, variants and forgiven slips included: what "add every match to a list"
 * adds, so it adds exactly the contacts counted on the screen.
 */
export async function contactIdsMatching(db: Db, filter: ContactFilter, visibility: SearchVisibility): Promise<number[]> {
  const { source, filter: read, text } = await indexAndMatches(db, filter, visibility, 'all');
  return idsOfMatches(source.index!, read, text?.all);
}

/**
 * Counts per filter value, each dimension counted under every *other* filter, so a multi-select menu
 * keeps showing how many contacts each further choice would add.
 */
export async function contactFacets(
  db: Db,
  filter: ContactFilter,
  visibility: SearchVisibility,
): Promise<ContactFacets> {
  const { columns, text } = await indexAndMatches(db, filter, visibility, 'facets');
  return columns.facets(text?.all);
}

export async function getContact(db: Db, id: number, reveal: boolean): Promise<Contact> {
  const [row] = await db.select().from(gc).where(eq(gc.id, id));
  if (!row) throw appError('CONTACT_NOT_FOUND');
  return presentContact(row, reveal);
}

export async function countAllContacts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(gc);
  return Number(row.n);
}

/** Every contact matching a filter, in id order, a page at a time (super admins' exports stream this). */
export async function* contactsInBatches(db: Db, filter: ContactFilter, batchSize = 2000) {
  const where = await contactFilterWhere(db, filter, { revealsEmail: true });
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(gc)
      .where(and(sql`${gc.id} > ${afterId}`, where))
      .orderBy(gc.id)
      .limit(batchSize);
    if (!rows.length) return;
    yield rows;
    afterId = rows[rows.length - 1].id;
  }
}
