import { and, count, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  splitTopics,
  type Contact,
  type ContactFacets,
  type ContactFields,
  type ContactFilter,
  type ContactPage,
  type BulkDeleteResult,
  type MatchedAs,
} from '../../shared/contacts.js';
import { isWordTerm } from '../../shared/text-fold.js';
import { rowsOf, type Db } from '../db/client.js';
import { appSettings, contactChanges, globalContacts as gc } from '../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { isUniqueViolation, appError } from '../http/errors.js';
import { presentContact } from './contact-view.js';
import {
  addContactWords,
  changeContactWords,
  contactIdsWithExactWords,
  contactIdsWithWord,
  forEachSentId,
  removeContactWords,
  searchTextOf,
  wordsLike,
} from './contact-words.js';
import { editDistance, expandQuery, TYPO_MIN_LENGTH } from './query-expansion.js';
import {
  addId,
  contactsIndex,
  countIds,
  idsCountable,
  emptyIdSet,
  facetsOfMatches,
  idsOfMatches,
  intersect,
  pageOfMatches,
  unite,
  type IdSet,
} from './contacts-index.js';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

type FilterDimension = 'country' | 'contactTopic' | 'mediaType' | 'language';
const DIMENSIONS: FilterDimension[] = ['country', 'contactTopic', 'mediaType', 'language'];

/**
 * Whether the viewer may see addresses (canViewEmails), and so may also find contacts by them. For anyone
 * else nothing matches on an address: otherwise matches and counts would spell it out letter by letter.
 */
export type SearchVisibility = { revealsEmail: boolean };

function textCondition(term: string, { revealsEmail }: SearchVisibility): SQL {
  const pattern = `%${escapeLike(term)}%`;
  return revealsEmail
    ? sql`(${gc.searchText} LIKE ${pattern} OR ${gc.email} LIKE ${pattern})`
    : sql`${gc.searchText} LIKE ${pattern}`;
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

/**
 * The WHERE conditions of a filter's menus. Not of its query: a query can find contacts through variants
 * and forgiven slips, which only the search knows (contactIdsMatching).
 */
function menuConditions(filter: ContactFilter): SQL[] {
  const conditions: SQL[] = [];
  for (const dimension of DIMENSIONS) {
    const condition = dimensionCondition(filter, dimension);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/**
 * The filter as one condition, for features that act on "every match" (adding to a list, export): the
 * menus as SQL, and a query as the ids the search itself finds for it.
 */
export async function contactFilterWhere(db: Db, filter: ContactFilter, visibility: SearchVisibility): Promise<SQL | undefined> {
  if (!filter.search.trim()) return and(...menuConditions(filter));
  const ids = await contactIdsMatching(db, filter, visibility);
  return sql`${gc.id} = ANY(${sql.param(ids)}::int[])`;
}

// ---------------------------------------------------------------- reading

/**
 * The version of the media database: a counter in app_settings that every write bumps in its own
 * transaction, together with a contact_changes row saying which contacts it touched. Kept in the
 * database, so that every web process agrees; the in-memory contacts index follows it
 * (contacts-index.ts).
 */
const VERSION_KEY = 'contacts_version';
/** Changes listed longer than this are recorded as "everything changed": reloading is then cheaper. */
const LISTED_CHANGES_MAX = 10_000;
/** How many versions of changes are kept; a process further behind reloads everything. */
const VERSIONS_KEPT = 1_000;

async function contactsVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VERSION_KEY));
  return row?.value ?? '0';
}

/**
 * Call after every change to the media database, in the same transaction, with the ids it touched
 * (none: it touched too many to list). Bumping the counter locks its row until commit, so writers
 * commit their versions in order and a reader that sees version n sees every change up to n.
 */
export async function markContactsChanged(db: Db, changedIds?: number[]): Promise<void> {
  const [{ value }] = await db
    .insert(appSettings)
    .values({ key: VERSION_KEY, value: '1' })
    .onConflictDoUpdate({
      target: appSettings.key,
      // A version written before it was a counter (a random id) restarts the count.
      set: { value: sql`(CASE WHEN ${appSettings.value} ~ '^[0-9]+$' THEN ${appSettings.value}::bigint + 1 ELSE 1 END)::text` },
    })
    .returning({ value: appSettings.value });
  const version = Number(value);
  const listed = changedIds && changedIds.length <= LISTED_CHANGES_MAX ? [...new Set(changedIds)] : null;
  await db
    .insert(contactChanges)
    .values({ version, contactIds: listed })
    .onConflictDoUpdate({ target: contactChanges.version, set: { contactIds: listed } });
  await db.delete(contactChanges).where(lt(contactChanges.version, version - VERSIONS_KEPT));
}

/** Below three characters a term has no trigram: it matches most words and most contacts. */
const isSelectiveWord = (term: string) => isWordTerm(term) && [...term].length >= 3;
/**
 * Up to this many candidates, a short or punctuated term is checked on their search texts by id; beyond,
 * a scan of the text (or, for a short word, its words) costs less.
 */
const CANDIDATES_CHECKED_MAX = 40_000;
/** The words of a punctuated term ("editor-in-chief"): a contact's text containing it contains each. */
const selectiveParts = (term: string) => (term.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter(isSelectiveWord);

/**
 * Word lookups decoded into id sets, kept for the data version they were read at: a common word
 * ("editor", "business" and their synonyms) names a large share of a million contacts, and reading and
 * decoding its ids is most of a search; the next search with it only intersects. At most WORD_SETS_MAX
 * sets (125 KB each at a million contacts), least recently used first out. Never mutate a returned set.
 */
const WORD_SETS_MAX = 96;
const wordSets = new Map<string, IdSet>();
let wordSetsVersion = '';

async function rememberedSet(version: string, key: string, read: () => Promise<IdSet>): Promise<IdSet> {
  if (version !== wordSetsVersion) {
    wordSets.clear();
    wordSetsVersion = version;
  }
  const known = wordSets.get(key);
  if (known) {
    wordSets.delete(key);
    wordSets.set(key, known);
    return known;
  }
  const set = await read();
  if (version !== wordSetsVersion) return set; // the data changed meanwhile: do not keep it
  if (wordSets.size >= WORD_SETS_MAX) wordSets.delete(wordSets.keys().next().value!);
  wordSets.set(key, set);
  return set;
}

type Lookup = {
  db: Db;
  size: number;
  version: string;
  visibility: SearchVisibility;
  /** The ids of a set that some answer to this filter can use (idsCountable): a text check needs no others. */
  countable: (set: IdSet) => number[];
};

function contactsWithWord({ db, size, version, visibility }: Lookup, term: string): Promise<IdSet> {
  return rememberedSet(version, `${visibility.revealsEmail ? 'all' : 'public'} ${term}`, async () => {
    const found = emptyIdSet(size);
    for (const ids of await contactIdsWithWord(db, term, visibility.revealsEmail)) forEachSentId(ids, (id) => addId(found, id));
    return found;
  });
}

/** The contacts whose search text contains `term`, among `candidates` (all contacts when undefined). */
async function contactsWithText(
  db: Db,
  term: string,
  size: number,
  visibility: SearchVisibility,
  candidates?: number[],
): Promise<IdSet> {
  const found = emptyIdSet(size);
  const rows = await db
    .select({ id: gc.id })
    .from(gc)
    .where(
      and(
        candidates ? sql`${gc.id} = ANY(${sql.param(candidates)}::int[])` : undefined,
        textCondition(term, visibility),
      ),
    );
  for (const { id } of rows) addId(found, id);
  return found;
}

type TextMatches = {
  /** Every contact matching each unit of the query, as typed or through a variant. */
  all: IdSet;
  /** Those matching every unit as typed: they rank first. */
  typed: IdSet;
  matchedAs: MatchedAs[];
  suggestions: string[];
};

/**
 * The contacts matching every unit of the query (undefined without a query). A unit is found as typed —
 * a term of letters and digits looked up in the words index, the selective ones first; a short or
 * punctuated term checked on the few candidates left, or matched through the search text — or through
 * its variants (query-expansion.ts), whole words looked up exactly. A word of five letters or more that
 * finds nothing at all is read as its one-letter slips found in the index; closer misses are suggested.
 */
async function textMatches(lookup: Lookup, filter: ContactFilter): Promise<TextMatches | undefined> {
  const { db } = lookup;
  const units = expandQuery(filter.search);
  if (!units.length) return undefined;
  // Selective units first: their sets are small, so the short terms after them check few candidates.
  const ordered = [...units].sort((a, b) => Number(!a.typed.every(isSelectiveWord)) - Number(!b.typed.every(isSelectiveWord)));
  let all: IdSet | undefined;
  let typed: IdSet | undefined;
  const matchedAs: MatchedAs[] = [];
  const suggestions: string[] = [];
  for (const unit of ordered) {
    const asTyped = await typedMatches(lookup, unit.typed, all);
    const found = asTyped.slice();
    const used: string[] = [];
    const withVariants = await wholeWordMatches(lookup, unit.variants);
    for (const [i, viaVariant] of withVariants.entries()) {
      if (countIds(viaVariant) === 0) continue;
      unite(found, viaVariant);
      used.push(unit.variants[i].join(' '));
    }
    if (countIds(found) === 0 && unit.typed.length === 1) {
      const slips = await typoReadings(db, unit.typed[0]);
      const forgiven = await wholeWordMatches(lookup, slips.forgiven.map((word) => [word]));
      for (const [i, viaSlip] of forgiven.entries()) {
        unite(found, viaSlip);
        used.push(slips.forgiven[i]);
      }
      if (!slips.forgiven.length) suggestions.push(...slips.suggested);
    }
    if (used.length) matchedAs.push({ term: unit.text, as: used });
    all = all ? intersect(all, found) : found;
    typed = typed ? intersect(typed, asTyped) : asTyped.slice();
  }
  return { all: all!, typed: typed!, matchedAs, suggestions: [...new Set(suggestions)].slice(0, SUGGESTIONS_MAX) };
}

const SUGGESTIONS_MAX = 3;

/**
 * The contacts with every typed word of a unit, as search has always found them (a set of its own):
 * selective words from the words index first; then each short or punctuated term checked on the texts of
 * the contacts still in the running (those of the earlier units, of the words before it and, for a
 * punctuated term, of its own words), when they are few enough.
 */
async function typedMatches(lookup: Lookup, terms: string[], earlier?: IdSet): Promise<IdSet> {
  const { db, size, visibility } = lookup;
  const ordered = [...terms].sort((a, b) => Number(!isSelectiveWord(a)) - Number(!isSelectiveWord(b)));
  let matches: IdSet | undefined;
  for (const term of ordered) {
    let found: IdSet;
    if (isSelectiveWord(term)) found = await contactsWithWord(lookup, term);
    else {
      const running = await narrowedFor(lookup, term, matches ?? earlier);
      const candidates = running && lookup.countable(running);
      if (candidates && candidates.length <= CANDIDATES_CHECKED_MAX) found = await contactsWithText(db, term, size, visibility, candidates);
      else if (isWordTerm(term)) found = await contactsWithWord(lookup, term);
      else found = await contactsWithText(db, term, size, visibility);
    }
    matches = matches ? intersect(matches, found) : found.slice();
  }
  return matches ?? emptyIdSet(size);
}

/** The contacts a short or punctuated term can still be found among: `running` and its own words' contacts. */
async function narrowedFor(lookup: Lookup, term: string, running?: IdSet): Promise<IdSet | undefined> {
  let narrowed: IdSet | undefined = running?.slice();
  for (const part of isWordTerm(term) ? [] : selectiveParts(term)) {
    const withPart = await contactsWithWord(lookup, part);
    narrowed = narrowed ? intersect(narrowed, withPart) : withPart.slice();
  }
  return narrowed;
}

/**
 * For each phrase (its whole words), the contacts having every one of its words: the words not yet
 * remembered are read in one lookup.
 */
async function wholeWordMatches({ db, size, version }: Lookup, phrases: string[][]): Promise<IdSet[]> {
  const key = (word: string) => `exact ${word}`;
  const missing = [...new Set(phrases.flat())].filter((word) => !wordSets.has(key(word)) || version !== wordSetsVersion);
  const idsOf = await contactIdsWithExactWords(db, missing);
  const withWord = new Map<string, IdSet>();
  for (const word of new Set(phrases.flat())) {
    withWord.set(
      word,
      await rememberedSet(version, key(word), async () => {
        const found = emptyIdSet(size);
        // Read with the others, or alone if it left the memory since they were chosen.
        const sent = idsOf.get(word) ?? (await contactIdsWithExactWords(db, [word])).get(word)!;
        for (const ids of sent) forEachSentId(ids, (id) => addId(found, id));
        return found;
      }),
    );
  }
  return phrases.map(([first, ...rest]) => rest.reduce<IdSet>((all, word) => intersect(all, withWord.get(word)!), withWord.get(first)!.slice()));
}

/** Indexed words one slip away (read as the word meant) and up to two away (offered as suggestions). */
async function typoReadings(db: Db, term: string): Promise<{ forgiven: string[]; suggested: string[] }> {
  if (!isWordTerm(term) || [...term].length < 3) return { forgiven: [], suggested: [] };
  const alike = (await wordsLike(db, term)).map((word) => ({ word, distance: editDistance(term, word) }));
  const forgiven = [...term].length >= TYPO_MIN_LENGTH ? alike.filter((a) => a.distance === 1).map((a) => a.word) : [];
  const suggested = alike.filter((a) => a.distance <= 2).map((a) => a.word);
  return { forgiven, suggested };
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

// ---------------------------------------------------------------- writing

// Contact fields are single-line text; control characters in one (a line break pasted from elsewhere)
// become one space.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

function withoutControlCharacters(fields: ContactFields): ContactFields {
  const clean = { ...fields };
  for (const key of Object.keys(clean) as Array<keyof ContactFields>) {
    const value = clean[key];
    if (typeof value === 'string') (clean as Record<string, unknown>)[key] = value.replace(CONTROL_CHARACTERS, ' ');
  }
  return clean;
}

function columnsOf(input: ContactFields) {
  const fields = withoutControlCharacters(input);
  return {
    ...fields,
    contactTopicList: splitTopics(fields.contactTopics),
    searchText: searchTextOf(fields),
  };
}

const duplicateEmail = () => appError('CONTACT_EMAIL_TAKEN');

export async function createContact(db: Db, fields: ContactFields): Promise<Contact> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(gc)
      .values(columnsOf(fields))
      .onConflictDoNothing({ target: gc.email })
      .returning();
    if (!row) throw duplicateEmail();
    await addContactWords(tx, [row]);
    await markContactsChanged(tx, [row.id]);
    return presentContact(row, true);
  });
}

export async function updateContact(db: Db, id: number, fields: ContactFields): Promise<Contact> {
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [before] = await tx
        .select({ searchText: gc.searchText, email: gc.email })
        .from(gc)
        .where(eq(gc.id, id))
        .for('update');
      if (!before) throw appError('CONTACT_NOT_FOUND');
      const [row] = await tx
        .update(gc)
        .set({ ...columnsOf(fields), updatedAt: sql`now()` })
        .where(eq(gc.id, id))
        .returning();
      await changeContactWords(tx, id, before, row);
      await markContactsChanged(tx, [id]);
      return presentContact(row, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function deleteContact(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(gc)
      .where(eq(gc.id, id))
      .returning({ id: gc.id, email: gc.email, searchText: gc.searchText });
    if (!row) throw appError('CONTACT_NOT_FOUND');
    await removeContactWords(tx as unknown as Db, [row]);
    await recordAudit(tx as unknown as Db, actor, 'contact.delete', String(id), {
      email: row.email,
      deleted: 1,
    });
    await markContactsChanged(tx as unknown as Db, [id]);
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
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const deletedIds = await removeContacts(tx, unique);
    const failed = unique
      .filter((id) => !deletedIds.has(id))
      .map((id) => ({ id, reason: 'Contact not found' }));
    await recordAudit(tx, actor, 'contact.bulk_delete', null, {
      requested: unique.length,
      deleted: deletedIds.size,
      failed: failed.length,
      ids: [...deletedIds].slice(0, AUDITED_IDS_MAX),
    });
    return { deleted: deletedIds.size, failed };
  });
}

/** Deletes the contacts with their words and records the change; call inside a transaction. */
async function removeContacts(tx: Db, ids: number[]): Promise<Set<number>> {
  const deleted = await tx
    .delete(gc)
    .where(inArray(gc.id, ids))
    .returning({ id: gc.id, email: gc.email, searchText: gc.searchText });
  await removeContactWords(tx, deleted);
  const deletedIds = new Set(deleted.map((r) => r.id));
  if (deletedIds.size) await markContactsChanged(tx, [...deletedIds]);
  return deletedIds;
}

/** Takes back what a failed import had written, a chunk per transaction like the import itself. */
export async function deleteImportedContacts(db: Db, ids: number[], chunkSize: number): Promise<void> {
  for (let i = 0; i < ids.length; i += chunkSize) {
    const chunk = ids.slice(i, i + chunkSize);
    await db.transaction((tx) => removeContacts(tx as unknown as Db, chunk));
  }
}

const UNIT_SEPARATOR = '\u001f';

/**
 * Inserts many contacts in one statement (one array parameter per column, so the batch size is not
 * bound by the parameter limit). Existing emails are skipped; the contacts actually inserted are returned.
 * The caller marks the database changed (with their ids) once it is done.
 */
export async function insertContactBatch(
  db: Db,
  input: ContactFields[],
): Promise<Array<{ id: number; email: string }>> {
  if (!input.length) return [];
  const contacts = input.map(withoutControlCharacters);
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
    RETURNING id, email, search_text AS "searchText"`);
  const inserted = rowsOf<{ id: number; email: string; searchText: string }>(result);
  await addContactWords(db, inserted);
  return inserted.map(({ id, email }) => ({ id, email }));
}

/** The stored contact id of each of these emails that has one. */
export async function contactIdsByEmail(db: Db, emails: string[]): Promise<Map<string, number>> {
  if (!emails.length) return new Map();
  const rows = await db.select({ id: gc.id, email: gc.email }).from(gc).where(inArray(gc.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}
