import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Contact, ContactFacets, ContactFilter, ContactPage } from '../../shared/contacts.js';
import type { Db } from '../db/client.js';
import { globalContacts as gc } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { presentContact } from './contact-view.js';
import { menuConditions, type SearchVisibility } from './contact-filter-sql.js';
import { textMatches } from './contact-search.js';
import { contactsVersion } from './contacts-version.js';
import { contactsIndex, facetsOfMatches, idsCountable, idsOfMatches, pageOfMatches, type IdSet } from './contacts-index.js';

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

/** Loads the contacts index ahead of the first search (at start), so that no visitor waits for it. */
export async function warmContactsIndex(db: Db): Promise<{ contacts: number; ms: number }> {
  const started = Date.now();
  const index = await contactsIndex(db, await contactsVersion(db));
  return { contacts: index.total, ms: Date.now() - started };
}

/**
 * The contacts index and the query's matches. `facets`: the matches must hold every contact that fails one
 * filter too (each menu is counted under the others); otherwise only contacts meeting every filter count.
 */
async function indexAndMatches(db: Db, filter: ContactFilter, visibility: SearchVisibility, forFacets = false) {
  const version = await contactsVersion(db);
  const index = await contactsIndex(db, version);
  const countable = (set: IdSet) => idsCountable(index, filter, set, forFacets ? 1 : 0);
  return { index, text: await textMatches({ db, size: index.size, version, visibility, countable }, filter) };
}

export async function searchContacts(
  db: Db,
  filter: ContactFilter,
  paging: { page: number; pageSize: number },
  reveal: boolean,
): Promise<ContactPage> {
  const { index, text } = await indexAndMatches(db, filter, { revealsEmail: reveal });
  const { ids, total } = pageOfMatches(index, filter, text?.all, paging, text?.typed);
  const rows = ids.length ? await db.select().from(gc).where(inArray(gc.id, ids)) : [];
  // In the page's order: found as typed first, then through variants, newest first within each.
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: ids.flatMap((id) => (byId.has(id) ? [presentContact(byId.get(id)!, reveal)] : [])),
    total,
    overallTotal: index.total,
    page: paging.page,
    pageSize: paging.pageSize,
    ...(text?.matchedAs.length ? { matchedAs: text.matchedAs } : {}),
    ...(text?.suggestions.length ? { suggestions: text.suggestions } : {}),
  };
}

/**
 * Every contact a search shows, variants and forgiven slips included: what "add every match to a list"
 * adds, so it adds exactly the contacts counted on the screen.
 */
export async function contactIdsMatching(db: Db, filter: ContactFilter, visibility: SearchVisibility): Promise<number[]> {
  const { index, text } = await indexAndMatches(db, filter, visibility);
  return idsOfMatches(index, filter, text?.all);
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
  const { index, text } = await indexAndMatches(db, filter, visibility, true);
  return facetsOfMatches(index, filter, text?.all);
}

export async function getContact(db: Db, id: number, reveal: boolean): Promise<Contact> {
  const [row] = await db.select().from(gc).where(eq(gc.id, id));
  if (!row) throw notFound('Contact not found');
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
