import { NAME_GROUPS, PLACE_GROUPS, TOPIC_SYNONYMS } from '../../shared/search-vocabulary.js';
import { foldText, searchTerms } from '../../shared/text-fold.js';

/**
 * A search query as the units a contact must each match (issue 12). A unit is what the person typed —
 * one word, or several that together name one thing ("abu dhabi") — found as typed (each word inside a
 * word of the contact, as always), or as any of its variants: other spellings of the same name or
 * place, its form in the other script, the word without its article (almansouri → mansouri), or a
 * synonym of the role or topic. Variants are whole words, so "aly" finds Aly, not Italy.
 */
export type QueryUnit = {
  /** The folded words as typed, shown back in matchedAs. */
  text: string;
  typed: string[];
  /** Other ways of writing it, each a list of whole words that must all be present. */
  variants: string[][];
};

const GROUPS = [...NAME_GROUPS, ...PLACE_GROUPS, ...TOPIC_SYNONYMS].map((group) => group.map(foldText));
/** Folded member → the folded members of every group it belongs to. */
const MEMBERS = new Map<string, Set<string>>();
for (const group of GROUPS) {
  for (const member of group) {
    const others = MEMBERS.get(member) ?? new Set<string>();
    for (const other of group) if (other !== member) others.add(other);
    MEMBERS.set(member, others);
  }
}
const LONGEST_MEMBER = Math.max(...[...MEMBERS.keys()].map((m) => m.split(' ').length));

/** The Latin article joined to a name (Al-, El-) or the Arabic one (ال), when what follows is a word. */
const LATIN_ARTICLE = /^(?:al|el)([a-z]{3,})$/;
const ARABIC_ARTICLE = /^\u0627\u0644([\u0621-\u064a]{3,})$/;

function withoutArticle(word: string): string | undefined {
  return LATIN_ARTICLE.exec(word)?.[1] ?? ARABIC_ARTICLE.exec(word)?.[1];
}

const WORD_PARTS = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The other spellings of a folded word or phrase, each as its words. A hyphenated word (al-mansouri)
 * is also read as its parts and as one word, so all three ways of writing the article meet.
 */
function variantsOf(text: string): string[][] {
  const found = new Set<string>();
  const parts = text.match(WORD_PARTS) ?? [];
  const forms = new Set([text, ...(parts.length > 1 && !text.includes(' ') ? [parts.join(' '), parts.join('')] : [])]);
  for (const form of forms) {
    found.add(form);
    for (const other of MEMBERS.get(form) ?? []) found.add(other);
    const bare = withoutArticle(form);
    if (bare) {
      found.add(bare);
      for (const other of MEMBERS.get(bare) ?? []) found.add(other);
    }
  }
  found.delete(text);
  return [...found].map((variant) => variant.split(' '));
}

export function expandQuery(search: string): QueryUnit[] {
  const terms = searchTerms(search);
  const units: QueryUnit[] = [];
  for (let i = 0; i < terms.length; ) {
    // The longest run of words that names one thing in the vocabulary ("ras al khaimah") is one unit.
    let length = Math.min(LONGEST_MEMBER, terms.length - i);
    while (length > 1 && !MEMBERS.has(terms.slice(i, i + length).join(' '))) length--;
    const typed = terms.slice(i, i + length);
    const text = typed.join(' ');
    units.push({ text, typed, variants: variantsOf(text) });
    i += length;
  }
  return units;
}

/** How far apart two words are: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[x.length][y.length];
}

/** A single-letter slip is forgiven in words of this length or more: shorter ones mean other words. */
export const TYPO_MIN_LENGTH = 5;
