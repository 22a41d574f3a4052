import type { Interpretation } from '../../shared/contacts.js';
import { BEAT_TOPICS } from '../../shared/search-beats.js';
import { PLACES } from '../../shared/search-places.js';
import { foldText, searchTerms } from '../../shared/text-fold.js';
import { arabicForms } from './arabic-forms.js';
import { editDistance, expandQuery, TYPO_MIN_LENGTH, type QueryUnit } from './query-expansion.js';

/**
 * A query read the way a PR person types it (issue 26, docs/decisions/014): place words become a
 * country filter (a city also ranks the contacts naming it first), beat words stay text units that also
 * find and rank first the contacts tagged with their topics, stop words and punctuation are dropped,
 * and a long word that finds nothing but is one slip from a place or a beat is read as it. What is left
 * is matched as before (query-expansion.ts, contact-search.ts).
 */

/** A text unit; a beat's carries the topics it names. */
export type ReadUnit = QueryUnit & { topics?: readonly string[] };

export type QueryReading = {
  units: ReadUnit[];
  /** The countries the place words name (several place words: any of them); empty without one. */
  countries: string[];
  /**
   * Per city word, the cities it names with their countries (the city column decides: docs/decisions/019),
   * and their names as whole-word phrases, which rank first the contacts without a city that name one.
   */
  cities: CityWord[];
  interpreted: Interpretation[];
  /** Vocabulary words a slip was read as ("Did you mean"). */
  corrected: Array<{ term: string; as: string }>;
};

export type CityWord = { cities: string[]; countries: string[]; names: string[][] };

type PlaceReading = { country: string; city?: string; cityNames?: string[][] };
type Entry = { places?: PlaceReading[]; topics?: readonly string[] };

/** Folded place name → what it names. */
const PLACE_FORMS = new Map<string, PlaceReading[]>();
for (const { country, names, cities } of PLACES) {
  const add = (name: string, reading: PlaceReading) => {
    const form = foldText(name);
    PLACE_FORMS.set(form, [...(PLACE_FORMS.get(form) ?? []), reading]);
  };
  for (const name of names) add(name, { country });
  for (const { city, names: cityNames } of cities) {
    const phrases = cityNames.map((n) => foldText(n).split(' '));
    for (const name of cityNames) add(name, { country, city, cityNames: phrases });
  }
}
const VOCABULARY_FORMS = [...new Set([...PLACE_FORMS.keys(), ...BEAT_TOPICS.keys()])];
const LONGEST_FORM = Math.max(...VOCABULARY_FORMS.map((form) => form.split(' ').length));

const entryOf = (form: string): Entry | undefined => {
  const places = PLACE_FORMS.get(form);
  const topics = BEAT_TOPICS.get(form);
  return places || topics ? { places, topics } : undefined;
};

/** The place or beat a run of folded words names, and the data form it was found as (clitics taken off the first). */
function vocabularyOf(words: string[]): { entry: Entry; form: string } | undefined {
  const [first, ...rest] = words;
  for (const head of arabicForms(first)) {
    const form = [head, ...rest].join(' ');
    const entry = entryOf(form);
    if (entry) return { entry, form };
  }
  return undefined;
}

/** Words that carry no meaning for a search; a query of only these finds everyone. */
const STOP_WORDS = new Set(
  ['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'at', 'for', 'to', 'from', 'with', 'by', 'about', 'في', 'من', 'على', 'إلى', 'عن', 'مع', 'و'].map(foldText),
);
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Invisible formatting (direction marks, joiners) and control characters say nothing about a word. */
const INVISIBLE = /[\p{Cf}]/gu;
const CONTROL = /[\p{Cc}]/gu;

/** The vocabulary form one slip away from a long word, if exactly what it stands for is clear. */
function slipTarget(term: string): string | undefined {
  if ([...term].length < TYPO_MIN_LENGTH) return undefined;
  return VOCABULARY_FORMS.find((form) => !form.includes(' ') && editDistance(term, form) === 1);
}

/**
 * Reads a query. `findsNothing` says whether a word finds no contact as typed (the words index, under
 * the viewer's visibility): only such a word is read as a slip of a place or a beat.
 */
export async function readQuery(search: string, findsNothing: (term: string) => Promise<boolean>): Promise<QueryReading> {
  const terms = searchTerms(search.replace(INVISIBLE, '').replace(CONTROL, ' ')).filter((term) => HAS_LETTER_OR_DIGIT.test(term));
  const reading: QueryReading = { units: [], countries: [], cities: [], interpreted: [], corrected: [] };
  let plain: string[] = [];
  const flushPlain = () => {
    if (plain.length) reading.units.push(...expandQuery(plain.join(' ')));
    plain = [];
  };
  for (let i = 0; i < terms.length; ) {
    let length = Math.min(LONGEST_FORM, terms.length - i);
    let found = length ? vocabularyOf(terms.slice(i, i + length)) : undefined;
    while (!found && length > 1) found = vocabularyOf(terms.slice(i, i + --length));
    const term = terms.slice(i, i + length).join(' ');
    i += length;
    if (!found && length === 1) {
      const target = slipTarget(term);
      if (target && !expandQuery(term)[0].variants.length && (await findsNothing(term))) {
        found = { entry: entryOf(target)!, form: target };
        reading.corrected.push({ term, as: target });
      }
    }
    if (!found) {
      // A stop word counts only inside a place's or beat's name ("kingdom of saudi arabia").
      if (!STOP_WORDS.has(term)) plain.push(term);
      continue;
    }
    flushPlain();
    addVocabulary(reading, term, found);
  }
  flushPlain();
  reading.countries = [...new Set(reading.countries)];
  return reading;
}

function addVocabulary(reading: QueryReading, term: string, { entry, form }: { entry: Entry; form: string }): void {
  if (entry.places) {
    const word: CityWord = { cities: [], countries: [], names: [] };
    for (const place of entry.places) {
      reading.countries.push(place.country);
      if (place.city) {
        reading.interpreted.push({ term, as: { city: place.city, country: place.country } });
        word.cities.push(place.city);
        word.countries.push(place.country);
        word.names.push(...place.cityNames!);
      } else reading.interpreted.push({ term, as: { country: place.country } });
    }
    if (word.cities.length) reading.cities.push(word);
    return;
  }
  const topics = entry.topics!;
  // Found as the data's form: الاقتصاد, للاقتصاد and اقتصاد are one beat, a corrected slip its right word.
  const units = expandQuery(form);
  const unit = units.length === 1 ? units[0] : { text: form, typed: form.split(' '), variants: [] };
  reading.units.push({ ...unit, text: term, topics });
  for (const topic of topics) reading.interpreted.push({ term, as: { topic } });
}
