import { sql } from 'drizzle-orm';
import type { ContactFields } from '../../shared/contacts.js';
import { foldText, searchWordsOf } from '../../shared/text-fold.js';
import { rowsOf, type Db } from '../db/client.js';
import { contactWords, globalContacts as gc } from '../db/schema.js';
import { ADVISORY_LOCKS } from '../db/advisory-locks.js';

/**
 * The words index (table contact_words): every word of a contact's search text with the ids of the
 * contacts that have it. A query term of letters and digits is found by looking its word up here
 * (`LIKE '%term%'` over the distinct words, trigram-indexed) instead of testing every contact's text,
 * which is what keeps exact counts of a common word fast at a million contacts (docs/decisions/006).
 * Every write to global_contacts goes through the contacts service, which keeps this table exact in the
 * same transaction.
 *
 * The words of a contact's email are kept apart, as `@word`: a query term (letters and digits only) can
 * never match across the marker, so a viewer who may not see addresses searches the words without it
 * and nothing about an address can be learnt from what matches or how many (PRODUCT.md §3).
 */

/**
 * Everything a person can search a contact by, folded once at write time (PRODUCT.md §3). Not the email:
 * its words are indexed apart (below), for the viewers who may see it.
 */
export function searchTextOf(
  c: Pick<ContactFields, 'firstName' | 'lastName' | 'organization' | 'position' | 'contactTopics' | 'outletTopics'> & { city?: string },
): string {
  // The city last: the name stays at the start (withNamedFirst), and a contact without one keeps the text
  // it had before cities, so no stored text needs rewriting.
  return foldText([c.firstName, c.lastName, c.organization, c.position, c.contactTopics, c.outletTopics, c.city ?? ''].join(' '));
}

/** Ids are grouped in blocks of 2^14, so adding a contact rewrites one small array per word. */
const BLOCK_SHIFT = 14;
const blockShift = sql.raw(String(BLOCK_SHIFT));

export type IndexedContact = { id: number; searchText: string; email: string };
type ContactWords = { id: number; words: string[] };

const EMAIL_WORD_MARK = '@';
/** Written as a constant, not a parameter, so the planner can use the partial index of public words. */
const PUBLIC_WORD = sql.raw(`word NOT LIKE '${EMAIL_WORD_MARK}%'`);

function indexedWordsOf(contact: Omit<IndexedContact, 'id'>): string[] {
  const emailWords = searchWordsOf(foldText(contact.email)).map((word) => EMAIL_WORD_MARK + word);
  return [...searchWordsOf(contact.searchText), ...emailWords];
}

const wordsOf = (contacts: IndexedContact[]): ContactWords[] =>
  contacts.map((c) => ({ id: c.id, words: indexedWordsOf(c) }));

/** A table of (word, contact id) pairs, one per word of each contact, as SQL. */
function pairsTable(contacts: ContactWords[]) {
  const words = contacts.flatMap((c) => c.words);
  const ids = contacts.flatMap((c) => c.words.map(() => c.id));
  return sql`unnest(${sql.param(words)}::text[], ${sql.param(ids)}::int[]) AS pair(word, id)`;
}

export async function addContactWords(db: Db, contacts: IndexedContact[]): Promise<void> {
  await addWords(db, wordsOf(contacts));
}

export async function removeContactWords(db: Db, contacts: IndexedContact[]): Promise<void> {
  await removeWords(db, wordsOf(contacts));
}

/** After an edit: only the words the contact lost or gained are touched. */
export async function changeContactWords(
  db: Db,
  id: number,
  before: Omit<IndexedContact, 'id'>,
  after: Omit<IndexedContact, 'id'>,
): Promise<void> {
  const [old, current] = [new Set(indexedWordsOf(before)), new Set(indexedWordsOf(after))];
  await removeWords(db, [{ id, words: [...old].filter((w) => !current.has(w)) }]);
  await addWords(db, [{ id, words: [...current].filter((w) => !old.has(w)) }]);
}

async function addWords(db: Db, contacts: ContactWords[]): Promise<void> {
  if (!contacts.some((c) => c.words.length)) return;
  // Rows are written in (word, block) order, so concurrent writers lock shared words in the same order.
  await db.execute(sql`
    INSERT INTO ${contactWords} (word, block, contact_ids)
    SELECT word, id >> ${blockShift}, array_agg(id ORDER BY id) FROM ${pairsTable(contacts)}
    GROUP BY word, id >> ${blockShift} ORDER BY word, id >> ${blockShift}
    ON CONFLICT (word, block) DO UPDATE SET contact_ids = ${contactWords}.contact_ids || excluded.contact_ids`);
}

/** Takes contacts out of these words; a word left without contacts goes. */
async function removeWords(db: Db, contacts: ContactWords[]): Promise<void> {
  if (!contacts.some((c) => c.words.length)) return;
  const emptied = rowsOf<{ word: string; block: number; left: number }>(
    await db.execute(sql`
      WITH gone AS (
        SELECT word, id >> ${blockShift} AS block, array_agg(id) AS ids FROM ${pairsTable(contacts)}
        GROUP BY word, id >> ${blockShift} ORDER BY word, id >> ${blockShift})
      UPDATE ${contactWords} AS w
      SET contact_ids = ARRAY(SELECT unnest(w.contact_ids) EXCEPT SELECT unnest(gone.ids))
      FROM gone WHERE w.word = gone.word AND w.block = gone.block
      RETURNING w.word, w.block, cardinality(w.contact_ids) AS left`),
  ).filter((r) => Number(r.left) === 0);
  if (!emptied.length) return;
  await db.execute(sql`
    DELETE FROM ${contactWords} WHERE cardinality(contact_ids) = 0 AND (word, block) IN (
      SELECT * FROM unnest(${sql.param(emptied.map((r) => r.word))}::text[], ${sql.param(emptied.map((r) => Number(r.block)))}::int[]))`);
}

/**
 * The ids of every contact whose search text (and, with `includeEmail`, email) contains `term` (a word
 * term, see isWordTerm).
 */
export async function contactIdsWithWord(db: Db, term: string, includeEmail: boolean): Promise<Uint8Array[]> {
  const emailWords = includeEmail ? sql`` : sql` AND ${PUBLIC_WORD}`;
  const rows = rowsOf<{ ids: Uint8Array }>(
    await db.execute(
      sql`SELECT array_send(contact_ids) AS ids FROM ${contactWords} WHERE word LIKE ${`%${term}%`}${emailWords}`,
    ),
  );
  return rows.map((r) => r.ids);
}

/**
 * The ids of every contact with exactly each of these words (variants of what was typed: never address
 * words), in one round trip however many variants a name has.
 */
export async function contactIdsWithExactWords(db: Db, words: string[]): Promise<Map<string, Uint8Array[]>> {
  const found = new Map<string, Uint8Array[]>(words.map((word) => [word, []]));
  if (!words.length) return found;
  const rows = rowsOf<{ word: string; ids: Uint8Array }>(
    await db.execute(
      sql`SELECT word, array_send(contact_ids) AS ids FROM ${contactWords} WHERE word = ANY(${sql.param([...new Set(words)])}::text[])`,
    ),
  );
  for (const row of rows) found.get(row.word)!.push(row.ids);
  return found;
}

/**
 * Indexed words that look like `term` (trigram similarity, the word index's own GIN index), most alike
 * first; never the words of addresses.
 */
export async function wordsLike(db: Db, term: string, limit = 20): Promise<string[]> {
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
      SELECT word FROM (SELECT DISTINCT word FROM ${contactWords} WHERE word % ${term} AND ${PUBLIC_WORD}) AS alike
      ORDER BY similarity(word, ${term}) DESC, word LIMIT ${limit}`),
  );
  return rows.map((r) => r.word);
}

/**
 * Calls `visit` with every id of an int4[] in PostgreSQL's binary array format (array_send): a header of
 * dimensions, then a 4-byte length and a 4-byte big-endian value per element. Binary keeps a common
 * word's 100,000+ ids to one buffer instead of as many parsed values.
 */
export function forEachSentId(bytes: Uint8Array, visit: (id: number) => void): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimensions = view.getInt32(0);
  let offset = 12 + dimensions * 8;
  while (offset < bytes.byteLength) {
    visit(view.getInt32(offset + 4));
    offset += 8;
  }
}

/**
 * Fills the words index from global_contacts when it is empty but contacts exist: the first start after
 * the index was introduced, or after a migration emptied it because what is indexed changed. One
 * transaction, under a lock, so concurrent starts build it once.
 */
export async function buildContactWordsIfMissing(
  db: Db,
  log: { info: (message: string) => void },
): Promise<void> {
  const missing = async (tx: Db) =>
    rowsOf<{ missing: boolean }>(
      await tx.execute(
        sql`SELECT EXISTS (SELECT 1 FROM ${gc}) AND NOT EXISTS (SELECT 1 FROM ${contactWords}) AS missing`,
      ),
    )[0].missing;
  if (!(await missing(db))) return;
  const started = Date.now();
  let indexed = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.contactWords})`);
    if (!(await missing(tx))) return;
    // One block of ids at a time: each (word, block) row is then written once.
    for (let from = 0; ;) {
      const rows = await tx
        .select()
        .from(gc)
        .where(sql`${gc.id} >= ${from}`)
        .orderBy(gc.id)
        .limit(1 << BLOCK_SHIFT);
      if (!rows.length) break;
      const block = rows[0].id >> BLOCK_SHIFT;
      const inBlock = await refreshSearchTexts(
        tx,
        rows.filter((r) => r.id >> BLOCK_SHIFT === block),
      );
      await addContactWords(tx, inBlock);
      indexed += inBlock.length;
      from = (block + 1) << BLOCK_SHIFT;
    }
  });
  if (indexed) log.info(`Search index: ${indexed} contacts indexed in ${Date.now() - started} ms`);
}

/** Rewrites the search texts that an older rule computed differently (they once held the email). */
async function refreshSearchTexts(db: Db, rows: Array<typeof gc.$inferSelect>): Promise<IndexedContact[]> {
  const contacts = rows.map((row) => ({ id: row.id, email: row.email, searchText: searchTextOf(row), stored: row.searchText }));
  const stale = contacts.filter((c) => c.searchText !== c.stored);
  if (stale.length) {
    await db.execute(sql`
      UPDATE ${gc} SET search_text = u.search_text
      FROM unnest(${sql.param(stale.map((c) => c.id))}::int[], ${sql.param(stale.map((c) => c.searchText))}::text[])
        AS u(id, search_text)
      WHERE ${gc.id} = u.id`);
  }
  return contacts;
}
