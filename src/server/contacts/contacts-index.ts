import { and, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { ContactFacets, ContactFilter, FacetValue } from '../../shared/contacts.js';
import { rowsOf, type Db } from '../db/client.js';
import { contactChanges, globalContacts as gc } from '../db/schema.js';
import { Codes, type ContactsIndex } from './contacts-index-layout.js';
import { keepIndex, keptIndex } from './contacts-index-snapshot.js';

export type { ContactsIndex } from './contacts-index-layout.js';

/**
 * The filter columns of every contact, held in memory as small integer codes (about 20 bytes a
 * contact), so counting a filter or the four facets is one pass over arrays instead of a scan of the
 * table: at a million contacts that is milliseconds where an exact SQL count of a broad filter costs
 * hundreds. The index belongs to one version of the media database (markContactsChanged): a request
 * that finds a newer version brings it forward by the contacts changed since, or loads it again, so a
 * count is never stale. Rows come from the database, never from the write paths, so every web process
 * holds the same figures (docs/decisions/006).
 */

// Separators of the dump below: contact fields hold no control characters (the contacts service stores
// them as spaces; migration 0005 cleaned older rows).
const FIELD = '\u001f';
const ITEM = '\u001e';

/**
 * The filter columns of the chosen contacts as one line each, in no particular order: several times
 * faster to parse than rows or JSON. Not an async function: calling `then` at once sends the query
 * now, so the caller can parse one range while the database reads the next.
 */
function dump(db: Db, where: SQL, limit?: number): Promise<string | null> {
  const picked = limit === undefined ? sql`${gc} WHERE ${where}` : sql`(SELECT id, country, city, media_type, language, contact_topic_list FROM ${gc} WHERE ${where} LIMIT ${limit}) AS picked`;
  return db
    .execute(
      sql`SELECT string_agg(id || chr(31) || country || chr(31) || city || chr(31) || media_type || chr(31) || language || chr(31)
          || array_to_string(contact_topic_list, chr(30)), chr(10)) AS text
        FROM ${picked}`,
    )
    .then((result) => rowsOf<{ text: string | null }>(result)[0].text);
}

type IndexCodes = ContactsIndex['codes'];
type DumpedRow = { id: number; country: number; city: number; mediaType: number; language: number; topics: number[] };

/** Reads a dump line by line with indexOf (no intermediate arrays: a million lines are parsed per load). */
function parseDump(text: string, codes: IndexCodes, visit: (row: DumpedRow) => void): void {
  const row: DumpedRow = { id: 0, country: 0, city: 0, mediaType: 0, language: 0, topics: [] };
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const f1 = text.indexOf(FIELD, start);
    const f2 = text.indexOf(FIELD, f1 + 1);
    const f3 = text.indexOf(FIELD, f2 + 1);
    const f4 = text.indexOf(FIELD, f3 + 1);
    const f5 = text.indexOf(FIELD, f4 + 1);
    row.id = Number(text.slice(start, f1));
    row.country = codes.country.codeOf(text.slice(f1 + 1, f2));
    row.city = codes.city.codeOf(text.slice(f2 + 1, f3));
    row.mediaType = codes.mediaType.codeOf(text.slice(f3 + 1, f4));
    row.language = codes.language.codeOf(text.slice(f4 + 1, f5));
    row.topics.length = 0;
    for (let from = f5 + 1; from < end;) {
      let to = text.indexOf(ITEM, from);
      if (to < 0 || to > end) to = end;
      row.topics.push(codes.topic.codeOf(text.slice(from, to)));
      from = to + 1;
    }
    visit(row); // the same object every time: copy what is kept
    start = end + 1;
  }
}

const CHUNK = 50_000;

/** A growing list of topic codes (a contact has a few, a million contacts several million). */
class CodeList {
  private codes: Uint32Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.codes = new Uint32Array(Math.max(capacity, 16));
  }
  private reserve(extra: number): void {
    if (this.length + extra <= this.codes.length) return;
    const grown = new Uint32Array(Math.max(this.codes.length * 2, this.length + extra));
    grown.set(this.codes.subarray(0, this.length));
    this.codes = grown;
  }
  push(code: number): void {
    this.reserve(1);
    this.codes[this.length++] = code;
  }
  append(codes: Uint32Array): void {
    this.reserve(codes.length);
    this.codes.set(codes, this.length);
    this.length += codes.length;
  }
  toArray(): Uint32Array {
    return this.codes.slice(0, this.length);
  }
}

function blankIndex(version: string, size: number, codes: IndexCodes): ContactsIndex {
  return {
    version,
    size,
    total: 0,
    alive: new Uint8Array(size),
    country: new Uint32Array(size),
    city: new Uint32Array(size),
    mediaType: new Uint32Array(size),
    language: new Uint32Array(size),
    topicStart: new Uint32Array(size + 1),
    topicCodes: new Uint32Array(0),
    codes,
    remembered: new Map(),
  };
}

function setRow(index: ContactsIndex, row: DumpedRow): void {
  index.alive[row.id] = 1;
  index.country[row.id] = row.country;
  index.city[row.id] = row.city;
  index.mediaType[row.id] = row.mediaType;
  index.language[row.id] = row.language;
}

const newCodes = (): IndexCodes => ({ country: new Codes(), city: new Codes(), mediaType: new Codes(), language: new Codes(), topic: new Codes() });

/**
 * Lays rows out as an index of `size` ids: the columns by id, the topics gathered per contact as they arrive
 * (in any order) and laid out in id order by `build`, which may be called again after more rows.
 */
export class IndexBuilder {
  readonly index: ContactsIndex;
  private readonly gathered = new CodeList();
  private readonly gatheredAt: Uint32Array;
  private readonly topicCount: Uint32Array;

  constructor(version: string, size: number) {
    this.index = blankIndex(version, size, newCodes());
    this.gatheredAt = new Uint32Array(size);
    this.topicCount = new Uint32Array(size);
  }

  /**
   * Adds the rows of a dump (parseDump), and their ids to `found`, and says how many rows it held; a row
   * already added, or beyond the size, is not added again.
   */
  addDump(text: string | null, found?: IdSet): number {
    if (!text) return 0;
    const { index, gathered, gatheredAt, topicCount } = this;
    let rows = 0;
    parseDump(text, index.codes, (row) => {
      rows++;
      if (row.id >= index.size) return;
      if (found) addId(found, row.id);
      if (index.alive[row.id]) return;
      setRow(index, row);
      gatheredAt[row.id] = gathered.length;
      topicCount[row.id] = row.topics.length;
      for (const topic of row.topics) gathered.push(topic);
      index.total++;
    });
    return rows;
  }

  build(): ContactsIndex {
    const { index, gatheredAt, topicCount } = this;
    const all = this.gathered.toArray();
    const topicCodes = new Uint32Array(all.length);
    for (let id = 0, at = 0; id < index.size; id++) {
      index.topicStart[id] = at;
      for (let k = 0; k < topicCount[id]; k++) topicCodes[at++] = all[gatheredAt[id] + k];
    }
    index.topicStart[index.size] = all.length;
    index.topicCodes = topicCodes;
    return index;
  }
}

/** One more than the largest id: the length of an index's per-id arrays. */
export async function indexSize(db: Db): Promise<number> {
  const [{ maxId }] = rowsOf<{ maxId: number | null }>(await db.execute(sql`SELECT max(id) AS "maxId" FROM ${gc}`));
  return Number(maxId ?? 0) + 1;
}

/**
 * Adds to `builder` the filter columns of the contacts meeting `where` (at most `limit` of them), and
 * their ids to `found`; says how many rows were read.
 */
export async function addContactsWhere(
  db: Db,
  builder: IndexBuilder,
  where: SQL,
  { found, limit }: { found?: IdSet; limit?: number } = {},
): Promise<number> {
  return builder.addDump(await dump(db, where, limit), found);
}

async function loadIndex(db: Db, version: string): Promise<ContactsIndex> {
  const size = await indexSize(db);
  const builder = new IndexBuilder(version, size);
  // Ranges of ids, the next one read by the database while this one is parsed here.
  const range = (start: number) => dump(db, sql`id >= ${start} AND id < ${Math.min(start + CHUNK, size)}`);
  let next = range(0);
  for (let start = 0; start < size; start += CHUNK) {
    const text = await next;
    if (start + CHUNK < size) next = range(start + CHUNK);
    builder.addDump(text);
  }
  return builder.build();
}

/** Beyond this many changed contacts, loading everything again is as quick as applying them. */
const REFRESH_MAX = 50_000;

/**
 * The contacts changed after version `from` up to `to` (contact_changes), or undefined when they are not all
 * listed (an import, or versions already pruned) or too many to apply: then everything is loaded again.
 */
async function changedSince(db: Db, from: string, to: string): Promise<Set<number> | undefined> {
  const changes = await db
    .select({ contactIds: contactChanges.contactIds })
    .from(contactChanges)
    .where(and(gt(contactChanges.version, Number(from)), lte(contactChanges.version, Number(to))));
  if (changes.length !== Number(to) - Number(from) || changes.some((c) => !c.contactIds)) return undefined;
  const ids = new Set(changes.flatMap((c) => c.contactIds!));
  return ids.size > REFRESH_MAX ? undefined : ids;
}

/**
 * The index of a later version, from an earlier one and the contacts changed in between: a write of a few
 * contacts costs a few milliseconds instead of a reload.
 */
async function broughtForward(db: Db, from: ContactsIndex, version: string, ids: Set<number>): Promise<ContactsIndex> {
  const touched = [...ids].sort((a, b) => a - b);
  const changed = new Map<number, DumpedRow>();
  const text = await dump(db, sql`id = ANY(${sql.param(touched)}::int[])`);
  if (text) parseDump(text, from.codes, (row) => changed.set(row.id, { ...row, topics: [...row.topics] }));

  const size = Math.max(from.size, (touched.at(-1) ?? 0) + 1);
  const index = blankIndex(version, size, from.codes);
  index.alive.set(from.alive);
  index.country.set(from.country);
  index.city.set(from.city);
  index.mediaType.set(from.mediaType);
  index.language.set(from.language);
  index.total = from.total;
  for (const id of touched) {
    if (index.alive[id]) index.total--;
    index.alive[id] = 0;
    const row = changed.get(id);
    if (row) {
      setRow(index, row);
      index.total++;
    }
  }
  // Topic ranges: untouched runs of ids are copied in one piece, touched ids take their new topics.
  const topicCodes = new CodeList(from.topicCodes.length + 64);
  let id = 0;
  for (const next of [...touched, size]) {
    const copiedEnd = Math.min(next, from.size);
    if (id < copiedEnd) {
      const shift = topicCodes.length - from.topicStart[id];
      for (let i = id; i < copiedEnd; i++) index.topicStart[i] = from.topicStart[i] + shift;
      topicCodes.append(from.topicCodes.subarray(from.topicStart[id], from.topicStart[copiedEnd]));
    }
    for (let i = Math.max(id, copiedEnd); i < next; i++) index.topicStart[i] = topicCodes.length;
    if (next === size) break;
    index.topicStart[next] = topicCodes.length;
    for (const topic of changed.get(next)?.topics ?? []) topicCodes.push(topic);
    id = next + 1;
  }
  index.topicStart[size] = topicCodes.length;
  index.topicCodes = topicCodes.toArray();
  return index;
}

const isCount = (version: string) => /^[0-9]+$/.test(version);
/** An index this process holds or is making; `inFull` while it is loaded from every row (seconds at a million). */
type Held = {
  version: string;
  index: Promise<ContactsIndex>;
  inFull: boolean;
  /** Settled once it is known whether the index is loaded in full (`inFull`) or read from what is kept. */
  decided: Promise<void>;
};
const loaded = new WeakMap<Db, Held>();

/**
 * The index of the given version of the media database (or a later one): brought forward from the one
 * this process holds, or from the one kept in the database, or loaded.
 */
export function contactsIndex(db: Db, version: string): Promise<ContactsIndex> {
  return heldIndex(db, version).index;
}

/**
 * The index of this version when it is held, kept or only needs bringing forward by listed changes
 * (milliseconds); undefined while it is loaded in full, which this call starts or joins. A search then
 * reads the database instead of waiting (docs/decisions/031).
 */
export async function contactsIndexUnlessLoading(db: Db, version: string): Promise<{ index: Promise<ContactsIndex> } | undefined> {
  const held = heldIndex(db, version);
  await held.decided;
  return held.inFull ? undefined : { index: held.index };
}

/**
 * Every row read, then the index kept for the next start (in the background: a failure to keep it costs
 * that start the wait, not this answer).
 */
async function loadedInFull(db: Db, version: string): Promise<ContactsIndex> {
  const index = await loadIndex(db, version);
  void keepIndex(db, index).catch(() => {});
  return index;
}

/** A kept index too far behind is replaced by the one it was brought forward to, so starts stay quick. */
const KEPT_LAG_MAX = 100;

/** At a start: the kept index brought forward, if it is of this version or listed changes lead to it. */
async function fromKept(db: Db, version: string): Promise<(() => Promise<ContactsIndex>) | undefined> {
  const kept = isCount(version) ? await keptIndex(db) : undefined;
  if (!kept || Number(kept.version) > Number(version)) return undefined;
  if (kept.version === version) return async () => kept;
  const ids = await changedSince(db, kept.version, version);
  if (!ids) return undefined;
  return async () => {
    const index = await broughtForward(db, kept, version, ids);
    if (Number(version) - Number(kept.version) >= KEPT_LAG_MAX) void keepIndex(db, index).catch(() => {});
    return index;
  };
}

function heldIndex(db: Db, version: string): Held {
  const current = loaded.get(db);
  if (current?.version === version) return current;
  const counted = current && isCount(current.version) && isCount(version);
  // A request that read the version just before a write may be answered from the newer index.
  if (counted && Number(current.version) > Number(version)) return current;
  let decide!: () => void;
  const held: Held = { version, inFull: false, decided: new Promise<void>((resolve) => (decide = resolve)) } as Held;
  const loadAll = () => {
    held.inFull = true;
    decide();
    return loadedInFull(db, version);
  };
  const decided = (make: () => Promise<ContactsIndex>) => {
    held.inFull = false;
    decide();
    return make();
  };
  held.index = counted
    ? current.index.then(async (from) => {
        const ids = await changedSince(db, from.version, version);
        return ids ? decided(() => broughtForward(db, from, version, ids)) : loadAll();
      }, loadAll)
    : fromKept(db, version).then((read) => (read ? decided(read) : loadAll()), loadAll);
  // Bringing forward an index still loaded in full waits for that load.
  if (counted && current.inFull) {
    held.inFull = true;
    decide();
  }
  loaded.set(db, held);
  held.index.then(
    () => (held.inFull = false),
    // A failed load is forgotten, so the next request tries again.
    () => {
      decide();
      if (loaded.get(db) === held) loaded.delete(db);
    },
  );
  return held;
}

// ---------------------------------------------------------------- filtering and counting

/** A set of contact ids, one bit each (the text matches of a search). */
export type IdSet = Uint32Array;

export const emptyIdSet = (size: number): IdSet => new Uint32Array((size >>> 5) + 1);

export function addId(set: IdSet, id: number): void {
  if (id >>> 5 < set.length) set[id >>> 5] |= 1 << (id & 31);
}

export function countIds(set: IdSet): number {
  let count = 0;
  for (let bits of set) {
    while (bits !== 0) {
      bits &= bits - 1;
      count++;
    }
  }
  return count;
}

export function idsIn(set: IdSet): number[] {
  const ids: number[] = [];
  set.forEach((bits, word) => {
    for (let bit = 0; bit < 32; bit++) if (bits & (1 << bit)) ids.push((word << 5) | bit);
  });
  return ids;
}

export function intersect(a: IdSet, b: IdSet): IdSet {
  for (let i = 0; i < a.length; i++) a[i] &= b[i];
  return a;
}

export function unite(a: IdSet, b: IdSet): IdSet {
  for (let i = 0; i < a.length; i++) a[i] |= b[i];
  return a;
}

/** The ids of `a` that are not in `b`, as a new set. */
export function without(a: IdSet, b: IdSet): IdSet {
  const rest = a.slice();
  for (let i = 0; i < rest.length; i++) rest[i] &= ~b[i];
  return rest;
}

const COUNTRY = 1;
const MEDIA_TYPE = 2;
const LANGUAGE = 4;
const TOPIC = 8;
const CITY = 16;

type Allowed = {
  country?: Uint8Array;
  city?: Uint8Array;
  mediaType?: Uint8Array;
  language?: Uint8Array;
  topic?: Uint8Array;
};

function allowedBy(index: ContactsIndex, filter: ContactFilter): Allowed {
  const { codes } = index;
  return {
    country: filter.country.length ? codes.country.allowing(filter.country) : undefined,
    city: filter.city.length ? codes.city.allowing(filter.city) : undefined,
    mediaType: filter.mediaType.length ? codes.mediaType.allowing(filter.mediaType) : undefined,
    language: filter.language ? codes.language.allowing([filter.language]) : undefined,
    topic: filter.contactTopic.length ? codes.topic.allowing(filter.contactTopic) : undefined,
  };
}

/** The filters a contact fails, one bit per dimension (0: it matches). */
function failures(index: ContactsIndex, allowed: Allowed, id: number): number {
  let failed = 0;
  if (allowed.country && !allowed.country[index.country[id]]) failed |= COUNTRY;
  if (allowed.city && !allowed.city[index.city[id]]) failed |= CITY;
  if (allowed.mediaType && !allowed.mediaType[index.mediaType[id]]) failed |= MEDIA_TYPE;
  if (allowed.language && !allowed.language[index.language[id]]) failed |= LANGUAGE;
  if (allowed.topic) {
    let any = false;
    for (let i = index.topicStart[id]; i < index.topicStart[id + 1] && !any; i++) {
      any = allowed.topic[index.topicCodes[i]] === 1;
    }
    if (!any) failed |= TOPIC;
  }
  return failed;
}

/** Calls `visit` for every live contact among the text matches (all of them without text), highest id first. */
function forEachCandidate(
  index: ContactsIndex,
  matches: IdSet | undefined,
  visit: (id: number) => boolean | void,
): void {
  if (!matches) {
    for (let id = index.size - 1; id > 0; id--) if (index.alive[id] && visit(id) === false) return;
    return;
  }
  for (let word = Math.min(matches.length, (index.size >>> 5) + 1) - 1; word >= 0; word--) {
    let bits = matches[word];
    while (bits !== 0) {
      const bit = 31 - Math.clz32(bits);
      bits &= ~(1 << bit);
      const id = (word << 5) | bit;
      if (id < index.size && index.alive[id] && visit(id) === false) return;
    }
  }
}

const REMEMBERED_MAX = 500;

/** Filters without a query are few and asked often (the screen opens on one): their figures are kept. */
function rememberedFor<T extends number | ContactFacets>(
  index: ContactsIndex,
  key: string,
  compute: () => T,
): T {
  const known = index.remembered.get(key);
  if (known !== undefined) return known as T;
  const value = compute();
  if (index.remembered.size >= REMEMBERED_MAX) index.remembered.delete(index.remembered.keys().next().value!);
  index.remembered.set(key, value);
  return value;
}

const filterKey = (filter: ContactFilter) =>
  JSON.stringify([
    [...filter.country].sort(),
    [...filter.city].sort(),
    [...filter.mediaType].sort(),
    [...filter.contactTopic].sort(),
    filter.language ?? null,
  ]);

/** The ids of one page of the matches (highest id first) and how many match in all. */
export function pageOfMatches(
  index: ContactsIndex,
  filter: ContactFilter,
  matches: IdSet | undefined,
  paging: { page: number; pageSize: number },
  ranks?: Array<IdSet | undefined>,
): { ids: number[]; total: number } {
  if (ranks && ranks.length > 1) return pageOfRanked(index, filter, ranks, paging);
  const allowed = allowedBy(index, filter);
  const first = (paging.page - 1) * paging.pageSize;
  const knownTotal = matches ? undefined : index.remembered.get(`total ${filterKey(filter)}`);
  const ids: number[] = [];
  let total = 0;
  forEachCandidate(index, matches, (id) => {
    if (failures(index, allowed, id) !== 0) return;
    if (total >= first && ids.length < paging.pageSize) ids.push(id);
    total++;
    // With the total known, the walk ends with the page.
    return knownTotal === undefined || ids.length < paging.pageSize;
  });
  if (knownTotal !== undefined) return { ids, total: knownTotal as number };
  if (!matches) rememberedFor(index, `total ${filterKey(filter)}`, () => total);
  return { ids, total };
}

/** Every contact passing the filter among the text matches (all contacts without a query). */
/**
 * The ids of `set` that fail at most `failuresAllowed` filter dimensions: the only ones an answer can use
 * (a page or a bulk action needs every filter met, so 0; facets count each dimension under the others,
 * so 1). A text condition is checked on these alone.
 */
export function idsCountable(index: ContactsIndex, filter: ContactFilter, set: IdSet, failuresAllowed: 0 | 1): number[] {
  const allowed = allowedBy(index, filter);
  const ids: number[] = [];
  forEachCandidate(index, set, (id) => {
    const failed = failures(index, allowed, id);
    if (failed === 0 || (failuresAllowed === 1 && (failed & (failed - 1)) === 0)) ids.push(id);
  });
  return ids;
}

export function idsOfMatches(index: ContactsIndex, filter: ContactFilter, matches: IdSet | undefined): number[] {
  const allowed = allowedBy(index, filter);
  const ids: number[] = [];
  forEachCandidate(index, matches, (id) => {
    if (failures(index, allowed, id) === 0) ids.push(id);
  });
  return ids;
}

/**
 * A page of matches in rank order: every contact of the first set, then those of the next not already
 * counted (undefined: every contact), newest first within each. The total counts each contact once.
 */
function pageOfRanked(
  index: ContactsIndex,
  filter: ContactFilter,
  ranks: Array<IdSet | undefined>,
  paging: { page: number; pageSize: number },
): { ids: number[]; total: number } {
  const allowed = allowedBy(index, filter);
  const first = (paging.page - 1) * paging.pageSize;
  const ids: number[] = [];
  const counted = emptyIdSet(index.size);
  let total = 0;
  let previous: IdSet | undefined | null = null;
  for (const rank of ranks) {
    if (rank === previous) continue;
    previous = rank;
    // Only the contacts this rank adds are walked (a common word's ranks each hold most of its matches).
    forEachCandidate(index, rank && without(rank, counted), (id) => {
      if (counted[id >>> 5] & (1 << (id & 31))) return;
      addId(counted, id);
      if (failures(index, allowed, id) !== 0) return;
      if (total >= first && ids.length < paging.pageSize) ids.push(id);
      total++;
    });
  }
  return { ids, total };
}

/** How many of `set` meet every filter (what a page's total would count of them). */
export function countMeeting(index: ContactsIndex, filter: ContactFilter, set: IdSet): number {
  const allowed = allowedBy(index, filter);
  let count = 0;
  forEachCandidate(index, set, (id) => {
    if (failures(index, allowed, id) === 0) count++;
  });
  return count;
}

/**
 * What the city column says of the contacts of these countries, for a city word of the query: those
 * recorded in one of `cities`, and those with no city recorded. Every other contact is in neither set.
 */
export function idsByCity(index: ContactsIndex, countries: readonly string[], cities: readonly string[]): { inCity: IdSet; withoutCity: IdSet } {
  const inCountry = index.codes.country.allowing(countries);
  const named = index.codes.city.allowing(cities);
  const blank = index.codes.city.allowing(['']);
  const inCity = emptyIdSet(index.size);
  const withoutCity = emptyIdSet(index.size);
  for (let id = 1; id < index.size; id++) {
    if (!index.alive[id]) continue;
    if (named[index.city[id]]) addId(inCity, id);
    else if (blank[index.city[id]] && inCountry[index.country[id]]) addId(withoutCity, id);
  }
  return { inCity, withoutCity };
}

/** Every live contact whose country is none of these: a city word says nothing about them. */
export function idsOutside(index: ContactsIndex, countries: readonly string[]): IdSet {
  const inCountry = index.codes.country.allowing(countries);
  const set = emptyIdSet(index.size);
  for (let id = 1; id < index.size; id++) if (index.alive[id] && !inCountry[index.country[id]]) addId(set, id);
  return set;
}

const taggedSets = new WeakMap<ContactsIndex, Map<string, IdSet>>();

/** The contacts tagged with any of these topics, kept with this version of the index. Never mutate it. */
export function idsTagged(index: ContactsIndex, topics: readonly string[]): IdSet {
  const key = [...topics].sort().join('\u001f');
  const known = taggedSets.get(index) ?? new Map<string, IdSet>();
  taggedSets.set(index, known);
  const remembered = known.get(key);
  if (remembered) return remembered;
  const allowed = index.codes.topic.allowing(topics);
  const set = emptyIdSet(index.size);
  for (let id = 1; id < index.size; id++) {
    if (!index.alive[id]) continue;
    for (let i = index.topicStart[id]; i < index.topicStart[id + 1]; i++) {
      if (allowed[index.topicCodes[i]]) {
        addId(set, id);
        break;
      }
    }
  }
  known.set(key, set);
  return set;
}

const FACET_LIMIT = 100;

function facetValues(counts: Uint32Array, codes: Codes): FacetValue[] {
  return facetMenu(Array.from(counts, (count, code) => ({ value: codes.values[code], count })));
}

/** A menu's values as shown: counted, named (no blank value), most contacts first, at most FACET_LIMIT. */
export function facetMenu(counted: FacetValue[]): FacetValue[] {
  const values = counted.filter(({ value, count }) => count > 0 && value !== '');
  values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return values.slice(0, FACET_LIMIT);
}

/**
 * Counts per filter value. Each dimension is counted under every *other* filter (a contact failing
 * only the country filter still counts in the country menu), so a multi-select keeps showing what each
 * further choice would add.
 */
export function facetsOfMatches(
  index: ContactsIndex,
  filter: ContactFilter,
  matches: IdSet | undefined,
): ContactFacets {
  if (!matches) return rememberedFor(index, `facets ${filterKey(filter)}`, () => countFacets(index, filter));
  return countFacets(index, filter, matches);
}

function countFacets(index: ContactsIndex, filter: ContactFilter, matches?: IdSet): ContactFacets {
  const allowed = allowedBy(index, filter);
  const { codes } = index;
  const country = new Uint32Array(codes.country.values.length);
  const city = new Uint32Array(codes.city.values.length);
  const mediaType = new Uint32Array(codes.mediaType.values.length);
  const language = new Uint32Array(codes.language.values.length);
  const topic = new Uint32Array(codes.topic.values.length);
  forEachCandidate(index, matches, (id) => {
    const failed = failures(index, allowed, id);
    if (failed === 0 || failed === COUNTRY) country[index.country[id]]++;
    if (failed === 0 || failed === CITY) city[index.city[id]]++;
    if (failed === 0 || failed === MEDIA_TYPE) mediaType[index.mediaType[id]]++;
    if (failed === 0 || failed === LANGUAGE) language[index.language[id]]++;
    if (failed === 0 || failed === TOPIC) {
      for (let i = index.topicStart[id]; i < index.topicStart[id + 1]; i++) topic[index.topicCodes[i]]++;
    }
  });
  return {
    countries: facetValues(country, codes.country),
    cities: facetValues(city, codes.city),
    contactTopics: facetValues(topic, codes.topic),
    mediaTypes: facetValues(mediaType, codes.mediaType),
    languages: facetValues(language, codes.language),
  };
}
