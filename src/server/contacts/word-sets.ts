import type { IdSet } from './contacts-index.js';

/**
 * Word lookups decoded into id sets, kept for the data version they were read at: a common word
 * ("editor", "business" and their synonyms) names a large share of a million contacts, and reading and
 * decoding its ids is most of a search; the next search with it only intersects. At most WORD_SETS_MAX
 * sets (125 KB each at a million contacts), least recently used first out. Never mutate a returned set.
 */
const WORD_SETS_MAX = 96;
export const wordSets = new Map<string, IdSet>();
export let wordSetsVersion = '';

export async function rememberedSet(version: string, key: string, read: () => Promise<IdSet>): Promise<IdSet> {
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
