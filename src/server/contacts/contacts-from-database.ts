import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ContactFacets, ContactFilter } from '../../shared/contacts.js';
import { rowsOf, type Db } from '../db/client.js';
import { appSettings, globalContacts as gc } from '../db/schema.js';
import { failingAtMost } from './contact-filter-sql.js';
import {
  addContactsWhere,
  addId,
  countIds,
  countMeeting,
  emptyIdSet,
  facetsOfMatches,
  idsByCity,
  idsCountable,
  idsIn,
  idsOutside,
  idsTagged,
  IndexBuilder,
  pageOfMatches,
  unite,
  without,
  type ContactsIndex,
  type IdSet,
} from './contacts-index.js';

/**
 * What a search reads of the contacts' filter columns (country, city, media type, language, topics): the
 * contacts index or, while it loads, the database (docs/decisions/031). Made for one answer: one filter,
 * and how many of its dimensions a contact may fail and still count (0 for a page, a total or a bulk
 * action; 1 for the menus, each counted under the others).
 */
export type FilterColumns = {
  /** How many contacts there are ("Filtered from X total"). */
  overallTotal: () => Promise<number>;
  /** As idsCountable, countMeeting, idsTagged, idsByCity and idsOutside (contacts-index.ts). */
  countable: (set: IdSet) => Promise<number[]>;
  meeting: (set: IdSet) => Promise<number>;
  tagged: (topics: readonly string[]) => Promise<IdSet>;
  byCity: (countries: readonly string[], cities: readonly string[]) => Promise<{ inCity: IdSet; withoutCity: IdSet }>;
  outside: (countries: readonly string[]) => Promise<IdSet>;
  /** One page of the matches (everyone without a query) in rank order, and how many match (pageOfMatches). */
  page: (
    matches: IdSet | undefined,
    paging: { page: number; pageSize: number },
    ranks?: Array<IdSet | undefined>,
  ) => Promise<{ ids: number[]; total: number }>;
  facets: (matches: IdSet | undefined) => Promise<ContactFacets>;
};

export type Failures = 0 | 1;

export function indexColumns(db: Db, index: ContactsIndex, filter: ContactFilter, failures: Failures): FilterColumns {
  return {
    overallTotal: async () => index.total,
    countable: async (set) => idsCountable(index, filter, set, failures),
    meeting: async (set) => countMeeting(index, filter, set),
    tagged: async (topics) => idsTagged(index, topics),
    byCity: async (countries, cities) => idsByCity(index, countries, cities),
    outside: async (countries) => idsOutside(index, countries),
    page: async (matches, paging, ranks) => pageOfMatches(index, filter, matches, paging, ranks),
    facets: async (matches) => (matches ? facetsOfMatches(index, filter, matches) : everybodyFacets(db, index, filter)),
  };
}

/** The menus without a query; everybody's (what the screen opens on) are kept for a start at this version. */
async function everybodyFacets(db: Db, index: ContactsIndex, filter: ContactFilter): Promise<ContactFacets> {
  const facets = facetsOfMatches(index, filter, undefined);
  // Not kept, the first screen after a start only waits for the index: no reason to fail this answer.
  if (!failingAtMost(filter, 0)) await keepEverybodyFigures(db, index, facets).catch(() => {});
  return facets;
}

/**
 * At most this many contacts' rows are read for one answer (one range of the full load: tens of
 * milliseconds); an answer that needs more waits for the index, which it would not then beat. A property,
 * so that a test can reach that wait with a small fixture.
 */
export const databaseReads = { rowsPerAnswer: 50_000 };

/**
 * The same answers read from the database, for a search made while the index loads. Every count of one
 * answer reaches only contacts failing at most `failures` of its filter's dimensions, so only their rows
 * are read, and only those the answer asks about: the text matches' (by id), a beat's, a city's, the
 * contacts outside a city's countries, or, without a query, every qualifying one (by condition). They make
 * a small index of their own, on which the index's own functions run: the same matches, order and counts
 * as the full index (first-search.test.ts compares them). Without a query or a filter, everyone counts:
 * the page is read in id order and the total and menus are those the index counted at this version
 * (kept in the database, keepEverybodyFigures).
 */
export function databaseColumns(
  db: Db,
  size: number,
  filter: ContactFilter,
  failures: Failures,
  { version, whenLoaded }: { version: string; whenLoaded: () => Promise<ContactsIndex> },
): FilterColumns {
  const qualifying = failingAtMost(filter, failures);
  const rows = new RowsRead(db, size, qualifying, whenLoaded);
  let kept: Promise<EverybodyFigures | undefined> | undefined;
  const figures = () => (kept ??= everybodyFigures(db, version));
  const everybody = !failingAtMost(filter, 0);
  return {
    overallTotal: async () => (await figures())?.total ?? Number((await db.select({ n: count() }).from(gc))[0].n),
    countable: async (set) => idsCountable(await rows.of(set), filter, set, failures),
    meeting: async (set) => countMeeting(await rows.of(set), filter, set),
    tagged: (topics) => rows.tagged(topics),
    byCity: async (countries, cities) => {
      const condition = sql`(${gc.city} = ANY(${sql.param([...cities])}::text[]) OR (${gc.city} = '' AND ${gc.country} = ANY(${sql.param([...countries])}::text[])))`;
      return idsByCity(await rows.where(condition), countries, cities);
    },
    outside: async (countries) =>
      idsOutside(await rows.where(sql`NOT (${gc.country} = ANY(${sql.param([...countries])}::text[]))`), countries),
    page: async (matches, paging, ranks) => {
      if (matches) return pageOfMatches(await rows.of(matches), filter, matches, paging, ranks);
      if (everybody) return everybodyPage(db, paging, figures);
      return pageOfMatches(await rows.everyQualifying(), filter, undefined, paging);
    },
    facets: async (matches) => {
      if (matches) return facetsOfMatches(await rows.of(matches), filter, matches);
      if (everybody) return (await figures())?.facets ?? everybodyFacets(db, await whenLoaded(), filter);
      return facetsOfMatches(await rows.everyQualifying(), filter, undefined);
    },
  };
}

/**
 * The rows one answer has read, as an index holding only them (every other contact is absent from it),
 * or, once the answer needs more rows than databaseReads allows, the full index (awaited). Both give the same
 * counts: they hold the same qualifying contacts, and no count reaches any other.
 */
class RowsRead {
  private readonly builder: IndexBuilder;
  /** Every id whose row was asked for or read. */
  private readonly asked: IdSet;
  private rowsRead = 0;
  private built = true;
  /** Every qualifying row is held: no later question of this answer needs the database. */
  private complete = false;
  private full?: Promise<ContactsIndex>;

  constructor(
    private readonly db: Db,
    private readonly size: number,
    private readonly qualifying: SQL | undefined,
    private readonly whenLoaded: () => Promise<ContactsIndex>,
  ) {
    this.builder = new IndexBuilder('database', size);
    this.asked = emptyIdSet(size);
  }

  /**
   * An index holding the qualifying rows of every contact of `set`: read by id, or, when they are too many
   * to send, every qualifying row (a word in a quarter of a million contacts under a small country).
   */
  async of(set: IdSet): Promise<ContactsIndex> {
    if (this.full) return this.full;
    if (this.complete) return this.index();
    const missing = idsIn(without(set, this.asked));
    if (!missing.length) return this.index();
    if (this.rowsRead + missing.length > databaseReads.rowsPerAnswer) return this.everyQualifying();
    unite(this.asked, set);
    await this.read(sql`${gc.id} = ANY(${sql.param(missing)}::int[])`, { counted: true });
    return this.full ?? this.index();
  }

  /** An index holding every qualifying row (at a million contacts without a filter: the full index). */
  async everyQualifying(): Promise<ContactsIndex> {
    if (this.full) return this.full;
    if (this.complete) return this.index();
    await this.read(sql`true`);
    if (!this.full) this.complete = true;
    return this.full ?? this.index();
  }

  /** An index holding every qualifying row meeting `condition` (their ids also added to `found`). */
  async where(condition: SQL, found?: IdSet): Promise<ContactsIndex> {
    if (this.full) return this.full;
    if (this.complete) return this.index();
    await this.read(condition, { found });
    return this.full ?? this.index();
  }

  /**
   * The qualifying contacts tagged with any of the topics. When none qualifies but some contact is tagged,
   * the set also holds one of those, absent from the index (so never counted): whether a beat finds anyone
   * at all decides whether its word is read as a slip, as it does with the full index.
   */
  async tagged(topics: readonly string[]): Promise<IdSet> {
    const withTopic = sql`${gc.contactTopicList} && ${sql.param([...topics])}::text[]`;
    const read = emptyIdSet(this.size);
    const index = await this.where(withTopic, read);
    if (this.full) return idsTagged(index, topics);
    const found = this.complete ? idsTagged(index, topics).slice() : read;
    if (countIds(found) === 0 && this.qualifying) {
      const [anyone] = await this.db.select({ id: gc.id }).from(gc).where(withTopic).limit(1);
      if (anyone) addId(found, anyone.id);
    }
    return found;
  }

  /**
   * Reads the qualifying rows meeting `condition`, unless they are more than the answer may still read
   * (counted first, without reading them: a dump thrown away would cost what it saved); then the answer
   * waits for the full index.
   */
  private async read(condition: SQL, { found, counted = false }: { found?: IdSet; counted?: boolean } = {}): Promise<void> {
    const room = databaseReads.rowsPerAnswer - this.rowsRead;
    const where = and(condition, this.qualifying)!;
    if (!counted && (await this.moreThan(where, room))) {
      void this.fullIndex();
      return;
    }
    this.rowsRead += await addContactsWhere(this.db, this.builder, where, { found: found ?? this.asked });
    if (found) unite(this.asked, found);
    this.built = false;
  }

  private async moreThan(where: SQL, room: number): Promise<boolean> {
    const [{ n }] = rowsOf<{ n: number }>(
      await this.db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${gc} WHERE ${where} LIMIT ${room + 1}) AS bounded`),
    );
    return Number(n) > room;
  }

  private fullIndex(): Promise<ContactsIndex> {
    return (this.full ??= this.whenLoaded());
  }

  private index(): ContactsIndex {
    if (!this.built) this.builder.build();
    this.built = true;
    return this.builder.index;
  }
}

/** A page of everyone, newest first, as the index walks it. */
async function everybodyPage(
  db: Db,
  paging: { page: number; pageSize: number },
  figures: () => Promise<EverybodyFigures | undefined>,
): Promise<{ ids: number[]; total: number }> {
  const [page, kept] = await Promise.all([
    db
      .select({ id: gc.id })
      .from(gc)
      .orderBy(desc(gc.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    figures(),
  ]);
  const total = kept?.total ?? Number((await db.select({ n: count() }).from(gc))[0].n);
  return { ids: page.map((row) => row.id), total };
}

// ---------------------------------------------------------------- everybody's figures, kept per version

/**
 * The total and the menus of everyone (no query, no filter: what the contacts screen opens on), as the
 * index counted them at one version of the media database. The data of a version never changes, so they
 * answer the first screen after a start exactly while the index loads; counting them in SQL reads every
 * row (seconds at a million contacts).
 */
type EverybodyFigures = { version: string; total: number; facets: ContactFacets };
const FIGURES_KEY = 'contacts_everybody_figures';
const keptVersion = new WeakMap<Db, string>();

async function everybodyFigures(db: Db, version: string): Promise<EverybodyFigures | undefined> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, FIGURES_KEY));
  const figures = row && (JSON.parse(row.value) as EverybodyFigures);
  return figures?.version === version ? figures : undefined;
}

/**
 * Keeps the index's figures of everyone for its version, once per version and process; an older version
 * never replaces a newer one (web processes may stand at different versions for a moment).
 */
async function keepEverybodyFigures(db: Db, index: ContactsIndex, facets: ContactFacets): Promise<void> {
  if (keptVersion.get(db) === index.version || !/^[0-9]+$/.test(index.version)) return;
  const value = JSON.stringify({ version: index.version, total: index.total, facets } satisfies EverybodyFigures);
  await db
    .insert(appSettings)
    .values({ key: FIGURES_KEY, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      setWhere: sql`(${appSettings.value}::jsonb ->> 'version')::numeric < ${index.version}::numeric`,
    });
  keptVersion.set(db, index.version);
}
