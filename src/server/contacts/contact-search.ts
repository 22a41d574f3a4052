import { and, or, sql } from 'drizzle-orm';
import type { MatchedAs } from '../../shared/contacts.js';
import { foldText, isWordTerm } from '../../shared/text-fold.js';
import type { Db } from '../db/client.js';
import { globalContacts as gc } from '../db/schema.js';
import { textCondition, type SearchVisibility } from './contact-filter-sql.js';
import { contactIdsWithExactWords, contactIdsWithWord, forEachSentId, wordsLike } from './contact-words.js';
import { editDistance, TYPO_MIN_LENGTH } from './query-expansion.js';
import type { CityWord, QueryReading } from './query-reading.js';
import { addId, countIds, emptyIdSet, intersect, unite, type IdSet } from './contacts-index.js';
import { isRemembered, rememberedSet } from './word-sets.js';

/**
 * The search algorithm: a query read as units (query-expansion.ts), each found as typed in the words index,
 * through its variants or through a forgiven slip, as id sets (docs/decisions/006 and 011).
 */

/** Below three characters a term has no trigram: it matches most words and most contacts. */
const isSelectiveWord = (term: string) => isWordTerm(term) && [...term].length >= 3;
/**
 * Up to this many candidates, a short or punctuated term is checked on their search texts by id; beyond,
 * a scan of the text (or, for a short word, its words) costs less.
 */
const CANDIDATES_CHECKED_MAX = 40_000;
/** The words of a punctuated term ("editor-in-chief"): a contact's text containing it contains each. */
const selectiveParts = (term: string) => (term.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).filter(isSelectiveWord);

/** What looking words up needs: the database, the id sets' size, the data version and who searches. */
export type WordLookup = {
  db: Db;
  size: number;
  version: string;
  visibility: SearchVisibility;
};

/**
 * The words, and the contacts' filter columns under the filter the query makes: from the contacts index,
 * or from the database while it loads (contacts-from-database.ts).
 */
export type Lookup = WordLookup & {
  /** The ids of a set that some answer to this filter can use (idsCountable): a text check needs no others. */
  countable: (set: IdSet) => Promise<number[]>;
  /** The contacts tagged with any of these topics (idsTagged). */
  tagged: (topics: readonly string[]) => Promise<IdSet>;
  /** How many of a set meet every filter (countMeeting). */
  meeting: (set: IdSet) => Promise<number>;
  /** The city column of these countries' contacts (idsByCity), and the contacts of other countries (idsOutside). */
  byCity: (countries: readonly string[], cities: readonly string[]) => Promise<{ inCity: IdSet; withoutCity: IdSet }>;
  outside: (countries: readonly string[]) => Promise<IdSet>;
  /** The filter asks for a beat's related contacts too (ContactFilter.related). */
  related: boolean;
};

function contactsWithWord({ db, size, version, visibility }: WordLookup, term: string): Promise<IdSet> {
  return rememberedSet(db, version, `${visibility.revealsEmail ? 'all' : 'public'} ${term}`, async () => {
    const found = emptyIdSet(size);
    for (const ids of await contactIdsWithWord(db, term, visibility.revealsEmail)) forEachSentId(ids, (id) => addId(found, id));
    return found;
  });
}

/** Whether a word finds no contact as typed, for this viewer (only such a word is read as a slip). */
export async function findsNothing(lookup: WordLookup, term: string): Promise<boolean> {
  return isWordTerm(term) && countIds(await contactsWithWord(lookup, term)) === 0;
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

export type TextMatches = {
  /** Every contact matching each unit of the query, as typed, through a variant or a slip (undefined: everyone). */
  all: IdSet | undefined;
  /**
   * The matches in rank order (undefined: everyone), each a superset of the one before: every unit found
   * at its best (as typed; a city word: the contacts its city column places there), then beats through the
   * contacts tagged with their topics (and city words through the contacts with no city that name it),
   * then through variants, then through slips. For a page, withNamedFirst puts before them the best ones
   * whose name has a word of the query.
   */
  ranks: Array<IdSet | undefined>;
  matchedAs: MatchedAs[];
  suggestions: string[];
  /** With a city word: the matches whose city is recorded as one it names, and those with none recorded. */
  byCity?: { cities: string[]; countries: string[]; inCity: IdSet; withoutCity: IdSet };
  /** With a beat word: the matches having the word itself, every match its topics reach, and which is shown. */
  related?: { terms: string[]; topics: string[]; direct: IdSet; broad: IdSet; included: boolean };
};

/** How many rank levels a unit is found at: best, beat tagged (or city unrecorded), variant, slip. */
const LEVELS = 4;
type Levels = [IdSet, IdSet, IdSet, IdSet];
const narrowed = (level: IdSet | undefined, set: IdSet) => (level ? intersect(level, set) : set.slice());

/** What one unit finds at each level; a beat's levels as read narrowly (only the word itself) and broadly. */
type UnitMatches = { levels: Levels; direct?: IdSet };

/**
 * The contacts matching every text unit of a read query (undefined without one). A unit is found as
 * typed — a term of letters and digits looked up in the words index, the selective ones first; a short or
 * punctuated term checked on the few candidates left, or matched through the search text — or through
 * its variants (query-expansion.ts), whole words looked up exactly. A beat word is found as typed and
 * through the contacts tagged with its topics, not through its synonyms; when some contacts meeting the
 * filters have the word itself, only those match unless the filter asks for the related ones too
 * (docs/decisions/019). A word of five letters or more that finds nothing at all is read as its
 * one-letter slips found in the index; closer misses are suggested. City words keep, in their countries,
 * the contacts recorded in the city and, after them, those with no city recorded.
 */
export async function textMatches(lookup: Lookup, reading: QueryReading): Promise<TextMatches | undefined> {
  const { units } = reading;
  const city = await cityLevels(lookup, reading.cities);
  if (!units.length && !city) return undefined;
  // Selective units first: their sets are small, so the short terms after them check few candidates.
  const ordered = [...units].sort((a, b) => Number(!a.typed.every(isSelectiveWord)) - Number(!b.typed.every(isSelectiveWord)));
  const matchedAs: MatchedAs[] = [];
  const suggestions: string[] = [];
  const found: UnitMatches[] = [];
  let running: IdSet | undefined = city?.levels[LEVELS - 1];
  for (const unit of ordered) {
    const matches = await unitMatches(lookup, unit, running, matchedAs, suggestions);
    found.push(matches);
    running = narrowed(running, matches.levels[LEVELS - 1]);
  }
  const beats = ordered.filter((unit) => unit.topics);
  const combine = (narrow: boolean) => {
    const levels: Array<IdSet | undefined> = Array.from({ length: LEVELS }, (_, level) => city?.levels[level].slice());
    for (const { levels: own, direct } of found) {
      own.forEach((set, level) => (levels[level] = narrowed(levels[level], narrow && direct ? direct : set)));
    }
    return levels;
  };
  let ranks = combine(false);
  let related: TextMatches['related'];
  if (beats.length) {
    const direct = combine(true)[LEVELS - 1]!;
    const hasDirect = (await lookup.meeting(direct)) > 0;
    const included = lookup.related || !hasDirect;
    related = {
      terms: beats.map((unit) => unit.text),
      topics: [...new Set(beats.flatMap((unit) => unit.topics!))],
      direct: hasDirect ? direct : emptyIdSet(lookup.size),
      broad: ranks[LEVELS - 1]!,
      included,
    };
    if (!included) ranks = combine(true);
  }
  const all = ranks[LEVELS - 1];
  return {
    all,
    ranks,
    matchedAs,
    suggestions: [...new Set(suggestions)].slice(0, SUGGESTIONS_MAX),
    ...(city && all
      ? { byCity: { ...city.word, inCity: intersect(all.slice(), city.inCity), withoutCity: intersect(all.slice(), city.withoutCity) } }
      : {}),
    ...(related ? { related } : {}),
  };
}

/** One unit's matches at each level, with what it also read (matchedAs) and what it may have meant. */
async function unitMatches(
  lookup: Lookup,
  unit: QueryReading['units'][number],
  running: IdSet | undefined,
  matchedAs: MatchedAs[],
  suggestions: string[],
): Promise<UnitMatches> {
  const asTyped = await typedMatches(lookup, unit.typed, running);
  // A beat's synonyms are its topics: a contact tagged with one is found through it, not through the words.
  const tagged = unit.topics ? unite((await lookup.tagged(unit.topics)).slice(), asTyped) : asTyped.slice();
  const found = tagged.slice();
  const used: string[] = [];
  if (!unit.topics) {
    for (const [i, viaVariant] of (await wholeWordMatches(lookup, unit.variants)).entries()) {
      if (countIds(viaVariant) === 0) continue;
      unite(found, viaVariant);
      used.push(unit.variants[i].join(' '));
    }
  }
  const viaVariants = found.slice();
  if (countIds(found) === 0 && unit.typed.length === 1) {
    const slips = await typoReadings(lookup.db, unit.typed[0]);
    const forgiven = await wholeWordMatches(lookup, slips.forgiven.map((word) => [word]));
    for (const [i, viaSlip] of forgiven.entries()) {
      unite(found, viaSlip);
      used.push(slips.forgiven[i]);
    }
    suggestions.push(...(slips.forgiven.length ? slips.forgiven : slips.suggested));
  }
  if (used.length) matchedAs.push({ term: unit.text, as: used });
  return { levels: [asTyped, tagged, viaVariants, found], ...(unit.topics ? { direct: asTyped } : {}) };
}

/**
 * The levels the city words of a query allow (several city words: any of them): in their countries, the
 * contacts recorded in one of the cities first, then those with no city recorded that name one in their
 * outlet or position, then the rest with no city recorded; contacts of other countries are not concerned
 * (the country filter of the place words decides about them).
 */
async function cityLevels(lookup: Lookup, words: CityWord[]) {
  if (!words.length) return undefined;
  const word = {
    cities: [...new Set(words.flatMap((w) => w.cities))],
    countries: [...new Set(words.flatMap((w) => w.countries))],
  };
  const { inCity, withoutCity } = await lookup.byCity(word.countries, word.cities);
  const first = unite((await lookup.outside(word.countries)).slice(), inCity);
  const naming = (await wholeWordMatches(lookup, words.flatMap((w) => w.names))).reduce((all, set) => unite(all, set), emptyIdSet(lookup.size));
  const allowed = unite(first.slice(), withoutCity);
  return {
    word,
    inCity,
    withoutCity,
    levels: [first, unite(first.slice(), intersect(naming, withoutCity)), allowed, allowed.slice()] as Levels,
  };
}

const SUGGESTIONS_MAX = 3;

/**
 * Up to this many contacts found at their best (and meeting the filters), their names are checked to rank
 * the named ones first; beyond, the check would cost more than that order is worth, and the ranks stay
 * as they are. The words index does not say which field a word came from.
 */
const NAMES_CHECKED_MAX = 10_000;

/**
 * The ranks of a page with one more level first: the contacts found at their best whose name (first or
 * last, folded as the search text is) contains a word of the query as typed (three letters or more, not a beat), so
 * "Khaleej" shows Omar Khaleej of Gulf News before Sara Nasser of Khaleej Times. Only the contacts
 * already at the best level are checked, by id, when they are few enough (NAMES_CHECKED_MAX).
 */
export async function withNamedFirst(lookup: Lookup, reading: QueryReading, matches: TextMatches): Promise<TextMatches> {
  // A beat's best contacts are those tagged with it: its word in a name says nothing more.
  const words = [...new Set(reading.units.flatMap((unit) => (unit.topics ? [] : unit.typed)).filter(isSelectiveWord))];
  const best = matches.ranks[0];
  if (!words.length || !best) return matches;
  const candidates = await lookup.countable(best);
  if (!candidates.length || candidates.length > NAMES_CHECKED_MAX) return matches;
  // The search text begins with the folded name (folding a character never makes it more than three):
  // only a contact with a word near its start can be named. Its name, folded here as the text was, says
  // whether it is. Reading every candidate's name instead costs ten times as much at 10,000.
  const nearStart = words.map(
    (word) => sql`position(${word} in ${gc.searchText}) BETWEEN 1 AND 3 * (char_length(${gc.firstName}) + char_length(${gc.lastName}) + 1)`,
  );
  const rows = await lookup.db
    .select({ id: gc.id, firstName: gc.firstName, lastName: gc.lastName })
    .from(gc)
    .where(and(sql`${gc.id} = ANY(${sql.param(candidates)}::int[])`, or(...nearStart)));
  const named = emptyIdSet(lookup.size);
  for (const { id, firstName, lastName } of rows) {
    const name = foldText(`${firstName} ${lastName}`);
    if (words.some((word) => name.includes(word))) addId(named, id);
  }
  return { ...matches, ranks: [named, ...matches.ranks] };
}

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
      const candidates = running && (await lookup.countable(running));
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
  const missing = [...new Set(phrases.flat())].filter((word) => !isRemembered(db, version, key(word)));
  const idsOf = await contactIdsWithExactWords(db, missing);
  const withWord = new Map<string, IdSet>();
  for (const word of new Set(phrases.flat())) {
    withWord.set(
      word,
      await rememberedSet(db, version, key(word), async () => {
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
