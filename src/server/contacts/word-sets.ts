import type { Db } from '../db/client.js';
import type { IdSet } from './contacts-index.js';

/**
 * Word lookups decoded into id sets, kept for the data version they were read at: a common word
 * ("editor", "business" and their synonyms) names a large share of a million contacts, and reading and
 * decoding its ids is most of a search; the next search with it only intersects. Kept per database, like
 * the contacts index: two databases in one process (tests, the bench) may stand at the same version with
 * other contacts. At most WORD_SETS_MAX sets a database (125 KB each at a million contacts), least
 * recently used first out. Never mutate a returned set.
 */
const WORD_SETS_MAX = 96;
type Remembered = { version: string; sets: Map<string, IdSet> };
const rememberedBy = new WeakMap<Db, Remembered>();

/** The sets of this database at this version: those of an older version are dropped. */
function setsAt(db: Db, version: string): Map<string, IdSet> {
  let remembered = rememberedBy.get(db);
  if (remembered?.version !== version) {
    remembered = { version, sets: new Map() };
    rememberedBy.set(db, remembered);
  }
  return remembered.sets;
}

export const isRemembered = (db: Db, version: string, key: string): boolean =>
  rememberedBy.get(db)?.version === version && rememberedBy.get(db)!.sets.has(key);

export async function rememberedSet(db: Db, version: string, key: string, read: () => Promise<IdSet>): Promise<IdSet> {
  const sets = setsAt(db, version);
  const known = sets.get(key);
  if (known) {
    sets.delete(key);
    sets.set(key, known);
    return known;
  }
  const set = await read();
  if (rememberedBy.get(db)?.sets !== sets) return set; // the data changed meanwhile: do not keep it
  if (sets.size >= WORD_SETS_MAX) sets.delete(sets.keys().next().value!);
  sets.set(key, set);
  return set;
}
