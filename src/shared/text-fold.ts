/**
 * Arabic-aware text folding for search (PRODUCT.md §3): the same function builds a contact's stored
 * search text and folds the query, so أحمد, احمد and إحمد meet in one form.
 */

// Harakat and Quranic marks (U+0610–U+061A, U+064B–U+065F), superscript alef (U+0670), tatweel (U+0640).
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const ALEF_VARIANTS = /[\u0623\u0625\u0622\u0671]/g; // أ إ آ ٱ
const TEH_MARBUTA = /\u0629/g; // ة
const ALEF_MAKSURA = /\u0649/g; // ى

export function foldText(value: string): string {
  return value
    .normalize('NFC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ALEF_VARIANTS, '\u0627')
    .replace(TEH_MARBUTA, '\u0647')
    .replace(ALEF_MAKSURA, '\u064A')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a folded query: each must appear somewhere in the contact's search text. */
export function searchTerms(query: string, maxTerms = 8): string[] {
  const folded = foldText(query);
  if (!folded) return [];
  return [...new Set(folded.split(' '))].slice(0, maxTerms);
}

// Letters (with their combining marks) and digits, in any script: what a contact's words are made of.
const WORD_RUN = /[\p{L}\p{M}\p{N}]+/gu;
const WHOLE_RUN = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * The distinct words of a folded search text: the maximal runs of letters and digits. A query term made
 * of letters and digits only occurs in the text exactly when it occurs inside one of these words (it
 * cannot span a space or punctuation), which is what lets the search index answer it from words alone.
 */
export function searchWordsOf(foldedText: string): string[] {
  return [...new Set(foldedText.match(WORD_RUN) ?? [])];
}

/** Whether a folded query term can be answered from the words index (see searchWordsOf). */
export const isWordTerm = (term: string): boolean => WHOLE_RUN.test(term);

/** The Latin words of a text for an address ("Gulf Robotics!" → "gulf-robotics"), at most `maxWords` and `maxLength`. */
export function slugWords(text: string, maxWords: number, maxLength: number): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .slice(0, maxWords)
    .join('-')
    .slice(0, maxLength);
}
