import { sql, type SQL } from 'drizzle-orm';
import type { ContactFacets, ContactFilter, FacetValue } from '../../shared/contacts.js';
import { rowsOf, type Db } from '../db/client.js';
import { globalContacts as gc } from '../db/schema.js';

/**
 * The filter columns of every contact, held in memory as small integer codes (about 10 bytes a contact),
 * so counting a filter or the four facets is one pass over arrays instead of a scan of the table: at
 * a million contacts that is milliseconds where an exact SQL count of a broad filter costs hundreds.
 * The index belongs to one version of the media database (markContactsChanged): a request that finds
 * a newer version loads it again, so a count is never stale. Rows come from the database, never from
 * the write paths, so every web process holds the same figures (docs/decisions/006).
 */

/** One dimension's distinct values; a contact stores a value's code. */
class Codes {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  codeOf(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.push(value) - 1;
      this.codes.set(value, code);
    }
    return code;
  }
  /** A lookup table by code: 1 for the chosen values. */
  allowing(chosen: readonly string[]): Uint8Array {
    const allowed = new Uint8Array(this.values.length);
    for (const value of chosen) {
      const code = this.codes.get(value);
      if (code !== undefined) allowed[code] = 1;
    }
    return allowed;
  }
}

export type ContactsIndex = {
  version: string;
  /** One more than the largest id: the length of the per-id arrays. */
  size: number;
  total: number;
  alive: Uint8Array;
  country: Uint32Array;
  mediaType: Uint32Array;
  language: Uint32Array;
  /** The topics of contact `id` are topicCodes[topicStart[id] .. topicStart[id + 1]). */
  topicStart: Uint32Array;
  topicCodes: Uint32Array;
  codes: { country: Codes; mediaType: Codes; language: Codes; topic: Codes };
};

// Separators of the dump below (chr(31), chr(30)); values are escaped so that they can hold any character.
const FIELD = '\u001f';
const ITEM = '\u001e';
const escaped = (value: SQL) =>
  sql`replace(replace(replace(replace(${value}, '\\', '\\\\'), chr(10), '\\n'), chr(31), '\\f'), chr(30), '\\r')`;
const UNESCAPES: Record<string, string> = { n: '\n', f: FIELD, r: ITEM, '\\': '\\' };
const unescape = (value: string) =>
  value.includes('\\') ? value.replace(/\\(.)/g, (_, ch: string) => UNESCAPES[ch] ?? ch) : value;

const CHUNK = 100_000;

/** A growing list of topic codes (a contact has a few, a million contacts several million). */
class CodeList {
  private codes = new Uint32Array(1 << 16);
  length = 0;
  push(code: number): void {
    if (this.length === this.codes.length) {
      const grown = new Uint32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.length++] = code;
  }
  toArray(): Uint32Array {
    return this.codes.slice(0, this.length);
  }
}

async function loadIndex(db: Db, version: string): Promise<ContactsIndex> {
  const [{ maxId }] = rowsOf<{ maxId: number | null }>(
    await db.execute(sql`SELECT max(id) AS "maxId" FROM ${gc}`),
  );
  const size = Number(maxId ?? 0) + 1;
  const codes = { country: new Codes(), mediaType: new Codes(), language: new Codes(), topic: new Codes() };
  const alive = new Uint8Array(size);
  const country = new Uint32Array(size);
  const mediaType = new Uint32Array(size);
  const language = new Uint32Array(size);
  const topicStart = new Uint32Array(size + 1);
  const topicCodes = new CodeList();
  let total = 0;
  let nextId = 0; // rows arrive in id order: ids without a row get an empty topic range
  // A text dump per chunk parses several times faster than rows or JSON at a million contacts.
  for (let after = 0; after < size - 1; ) {
    const [{ dump, last }] = rowsOf<{ dump: string | null; last: number | null }>(
      await db.execute(sql`
        SELECT string_agg(id || chr(31) || ${escaped(sql`country`)} || chr(31) || ${escaped(sql`media_type`)}
          || chr(31) || ${escaped(sql`language`)} || chr(31)
          || array_to_string(ARRAY(SELECT ${escaped(sql`topic`)} FROM unnest(contact_topic_list) AS topic), chr(30)), chr(10) ORDER BY id) AS dump,
          max(id) AS last
        FROM (SELECT * FROM ${gc} WHERE id > ${after} AND id < ${size} ORDER BY id LIMIT ${CHUNK}) AS chunk`),
    );
    if (!dump) break;
    for (const line of dump.split('\n')) {
      const [idText, c, m, l, topics] = line.split(FIELD);
      const id = Number(idText);
      while (nextId <= id) topicStart[nextId++] = topicCodes.length;
      alive[id] = 1;
      country[id] = codes.country.codeOf(unescape(c));
      mediaType[id] = codes.mediaType.codeOf(unescape(m));
      language[id] = codes.language.codeOf(unescape(l));
      if (topics) for (const t of topics.split(ITEM)) topicCodes.push(codes.topic.codeOf(unescape(t)));
      total++;
    }
    after = Number(last);
  }
  while (nextId <= size) topicStart[nextId++] = topicCodes.length;
  return {
    version,
    size,
    total,
    alive,
    country,
    mediaType,
    language,
    topicStart,
    topicCodes: topicCodes.toArray(),
    codes,
  };
}

const loaded = new WeakMap<Db, { version: string; index: Promise<ContactsIndex> }>();

/** The index of the given version of the media database, loading it when this process has another one. */
export function contactsIndex(db: Db, version: string): Promise<ContactsIndex> {
  const current = loaded.get(db);
  if (current?.version === version) return current.index;
  const index = loadIndex(db, version);
  loaded.set(db, { version, index });
  // A failed load is forgotten, so the next request tries again.
  index.catch(() => loaded.get(db)?.index === index && loaded.delete(db));
  return index;
}

// ---------------------------------------------------------------- filtering and counting

/** A set of contact ids, one bit each (the text matches of a search). */
export type IdSet = Uint32Array;

export const emptyIdSet = (size: number): IdSet => new Uint32Array((size >>> 5) + 1);

export function addId(set: IdSet, id: number): void {
  if (id >>> 5 < set.length) set[id >>> 5] |= 1 << (id & 31);
}

export function intersect(a: IdSet, b: IdSet): IdSet {
  for (let i = 0; i < a.length; i++) a[i] &= b[i];
  return a;
}

const COUNTRY = 1;
const MEDIA_TYPE = 2;
const LANGUAGE = 4;
const TOPIC = 8;

type Allowed = {
  country?: Uint8Array;
  mediaType?: Uint8Array;
  language?: Uint8Array;
  topic?: Uint8Array;
};

function allowedBy(index: ContactsIndex, filter: ContactFilter): Allowed {
  const { codes } = index;
  return {
    country: filter.country.length ? codes.country.allowing(filter.country) : undefined,
    mediaType: filter.mediaType.length ? codes.mediaType.allowing(filter.mediaType) : undefined,
    language: filter.language ? codes.language.allowing([filter.language]) : undefined,
    topic: filter.contactTopic.length ? codes.topic.allowing(filter.contactTopic) : undefined,
  };
}

/** The filters a contact fails, one bit per dimension (0: it matches). */
function failures(index: ContactsIndex, allowed: Allowed, id: number): number {
  let failed = 0;
  if (allowed.country && !allowed.country[index.country[id]]) failed |= COUNTRY;
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
function forEachCandidate(index: ContactsIndex, matches: IdSet | undefined, visit: (id: number) => boolean | void): void {
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

/** The ids of one page of the matches (highest id first) and how many match in all. */
export function pageOfMatches(
  index: ContactsIndex,
  filter: ContactFilter,
  matches: IdSet | undefined,
  paging: { page: number; pageSize: number },
): { ids: number[]; total: number } {
  const allowed = allowedBy(index, filter);
  const first = (paging.page - 1) * paging.pageSize;
  const ids: number[] = [];
  let total = 0;
  forEachCandidate(index, matches, (id) => {
    if (failures(index, allowed, id) !== 0) return;
    if (total >= first && ids.length < paging.pageSize) ids.push(id);
    total++;
  });
  return { ids, total };
}

const FACET_LIMIT = 100;

function facetValues(counts: Uint32Array, codes: Codes): FacetValue[] {
  const values: FacetValue[] = [];
  counts.forEach((count, code) => {
    const value = codes.values[code];
    if (count > 0 && value !== '') values.push({ value, count });
  });
  values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return values.slice(0, FACET_LIMIT);
}

/**
 * Counts per filter value. Each dimension is counted under every *other* filter (a contact failing
 * only the country filter still counts in the country menu), so a multi-select keeps showing what each
 * further choice would add.
 */
export function facetsOfMatches(index: ContactsIndex, filter: ContactFilter, matches: IdSet | undefined): ContactFacets {
  const allowed = allowedBy(index, filter);
  const { codes } = index;
  const country = new Uint32Array(codes.country.values.length);
  const mediaType = new Uint32Array(codes.mediaType.values.length);
  const language = new Uint32Array(codes.language.values.length);
  const topic = new Uint32Array(codes.topic.values.length);
  forEachCandidate(index, matches, (id) => {
    const failed = failures(index, allowed, id);
    if (failed === 0 || failed === COUNTRY) country[index.country[id]]++;
    if (failed === 0 || failed === MEDIA_TYPE) mediaType[index.mediaType[id]]++;
    if (failed === 0 || failed === LANGUAGE) language[index.language[id]]++;
    if (failed === 0 || failed === TOPIC) {
      for (let i = index.topicStart[id]; i < index.topicStart[id + 1]; i++) topic[index.topicCodes[i]]++;
    }
  });
  return {
    countries: facetValues(country, codes.country),
    contactTopics: facetValues(topic, codes.topic),
    mediaTypes: facetValues(mediaType, codes.mediaType),
    languages: facetValues(language, codes.language),
  };
}
