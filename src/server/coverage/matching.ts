import type { ReleaseId } from '../../shared/ids.js';
import { foldText } from '../../shared/text-fold.js';
import { COVERAGE_WINDOW_DAYS } from '../../shared/coverage.js';

/**
 * Does an article carry a release? Both are read as folded words (the contacts search's Arabic folding,
 * plus the Arabic article and conjunction prefixes, so والشركة meets الشركة and شركة) and as their
 * three-word phrases:
 * - verbatim: at least half of the sentences of one version of the release (sentences of six words or
 *   more) appear in the article, a sentence appearing when 80 % of its phrases do and one of them is
 *   distinctive;
 * - earned: otherwise, the article names the release's brand (its English or Arabic name), or shares at least three of the release's
 *   distinctive phrases: phrases with two words that are not stop words, found in at most three of the
 *   releases compared (a phrase every release says is nobody's), and holding a word that few releases
 *   use (three common words side by side turn up in any long article by chance).
 * An article is compared only with releases sent before it was published and at most 30 days earlier.
 * The releases' phrases are indexed once, so an article costs one lookup per phrase, not one per release.
 */

export type ReleaseVersionText = { title: string; subtitle: string; text: string };
/** `names`: the names of the brand it speaks for (English and Arabic), any of which an earned article may use. */
export type ReleaseForMatching = { id: ReleaseId; names: string[]; sentAt: Date; versions: ReleaseVersionText[] };
export type ArticleForMatching = { title: string; text: string; publishedAt: Date };
export type CoverageMatch = { releaseId: ReleaseId; kind: 'verbatim' | 'earned'; excerpt: string };

const SENTENCE_MIN_WORDS = 6;
const SENTENCE_SHARE = 0.8;
const VERBATIM_SHARE = 0.5;
const EARNED_PHRASES = 3;
const DISTINCTIVE_MAX_RELEASES = 3;
/** A word in more than this share of the releases (Dubai, company, million) is common wording. */
const COMMON_WORD_SHARE = 0.05;
const EXCERPT_MAX = 240;
const WINDOW_MS = COVERAGE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

const STOP_WORDS = new Set(
  [
    'a an and are as at be by for from has have in is it its of on or that the this to was were will with we our their'.split(' '),
    // Arabic, folded (foldText turns ى into ي and ة into ه).
    'في من علي الي عن مع ان او ثم قد لا ما هذا هذه ذلك تلك التي الذي الذين كان كانت هو هي هم به بها له لها عند بين كل'.split(' '),
    'ال و'.split(' '),
  ].flat(),
);

const WORD = /[\p{L}\p{N}]+/gu;
// و or ف, then ب, ل or ك, then ال: the prefixes that join an Arabic word without changing it.
const ARABIC_PREFIX = /^(?:[\u0648\u0641])?(?:[\u0628\u0644\u0643])?\u0627\u0644(?=[\u0621-\u064A]{3})|^[\u0648\u0641](?=[\u0621-\u064A]{3})/;

/** The words of a text as matching compares them. */
export function matchingWords(text: string): string[] {
  return (foldText(text).match(WORD) ?? []).map((word) => (word.charCodeAt(0) >= 0x621 ? word.replace(ARABIC_PREFIX, '') : word));
}

const isContent = (word: string) => word.length > 1 && !STOP_WORDS.has(word);

function phrasesOf(words: string[]): string[] {
  const phrases: string[] = [];
  for (let i = 0; i + 2 < words.length; i++) phrases.push(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return phrases;
}

function hasTwoContentWords(phrase: string): boolean {
  return phrase.split(' ').filter(isContent).length >= 2;
}

/** Sentences of a plain text, as written (for excerpts). */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?؟。])\s+|\n+/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** Words of a legal form say nothing of which company it is. */
const LEGAL_FORMS = new Set(['llc', 'ltd', 'limited', 'inc', 'co', 'company', 'corp', 'plc', 'fzco', 'fze', 'fz', 'psc', 'pjsc', 'spc', 'wll', 'sa', 'sarl', 'group', 'شركه', 'ذ', 'م', 'ش']);

function companyWords(company: string): string[] {
  const words = matchingWords(company).filter((w) => !LEGAL_FORMS.has(w));
  // A name too short or too common to be the company's alone is not looked for.
  if (words.length === 0 || (words.length === 1 && (words[0].length < 4 || STOP_WORDS.has(words[0])))) return [];
  return words;
}

type IndexedVersion = { sentences: Array<{ text: string; phrases: string[] }> };
type IndexedRelease = { release: ReleaseForMatching; versions: IndexedVersion[]; names: string[][]; distinctive: Set<string> };

function indexVersion(version: ReleaseVersionText): IndexedVersion & { phrases: string[] } {
  const sentences = [version.title, version.subtitle, ...sentencesOf(version.text)]
    .map((text) => ({ text, phrases: phrasesOf(matchingWords(text)) }))
    .filter((s) => s.phrases.length >= SENTENCE_MIN_WORDS - 2);
  return { sentences, phrases: sentences.flatMap((s) => s.phrases) };
}

function containsRun(words: string[], run: string[]): number {
  outer: for (let i = 0; i + run.length <= words.length; i++) {
    for (let j = 0; j < run.length; j++) if (words[i + j] !== run[j]) continue outer;
    return i;
  }
  return -1;
}

const namesAny = (words: string[], names: string[][]) => names.some((name) => containsRun(words, name) >= 0);

function excerptAround(articleText: string, wanted: (sentenceWords: string[]) => boolean): string {
  const sentence = sentencesOf(articleText).find((s) => wanted(matchingWords(s)));
  return clip(sentence ?? sentencesOf(articleText)[0] ?? '');
}

const clip = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : text);

export type Matcher = { match(article: ArticleForMatching): CoverageMatch[] };

export function createMatcher(releases: ReleaseForMatching[]): Matcher {
  const indexed: IndexedRelease[] = [];
  const postings = new Map<string, number[]>();
  const byCompanyWord = new Map<string, number[]>();

  for (const release of releases) {
    const versions = release.versions.map(indexVersion);
    const at = indexed.length;
    const phrases = new Set(versions.flatMap((v) => v.phrases).filter(hasTwoContentWords));
    for (const phrase of phrases) {
      const list = postings.get(phrase);
      if (list) list.push(at);
      else postings.set(phrase, [at]);
    }
    const names = release.names.map(companyWords).filter((words) => words.length > 0);
    for (const first of new Set(names.map((words) => words[0]))) {
      const list = byCompanyWord.get(first);
      if (list) list.push(at);
      else byCompanyWord.set(first, [at]);
    }
    indexed.push({ release, versions, names, distinctive: phrases });
  }
  const wordReleases = new Map<string, number>();
  for (const entry of indexed) {
    for (const word of new Set([...entry.distinctive].flatMap((p) => p.split(' ')))) wordReleases.set(word, (wordReleases.get(word) ?? 0) + 1);
  }
  const commonAbove = Math.max(DISTINCTIVE_MAX_RELEASES, releases.length * COMMON_WORD_SHARE);
  const hasRareWord = (phrase: string) => phrase.split(' ').some((w) => isContent(w) && (wordReleases.get(w) ?? 0) <= commonAbove);
  for (const entry of indexed) {
    entry.distinctive = new Set([...entry.distinctive].filter((p) => (postings.get(p)?.length ?? 0) <= DISTINCTIVE_MAX_RELEASES && hasRareWord(p)));
  }
  // Only distinctive phrases lead to a release: a phrase many releases share would make every article
  // that uses it a candidate of each.
  for (const [phrase, list] of postings) if (list.length > DISTINCTIVE_MAX_RELEASES || !hasRareWord(phrase)) postings.delete(phrase);

  function inWindow(release: ReleaseForMatching, publishedAt: Date): boolean {
    const after = publishedAt.getTime() - release.sentAt.getTime();
    return after >= 0 && after <= WINDOW_MS;
  }

  function verbatimSentence(entry: IndexedRelease, articlePhrases: Set<string>): string | null {
    for (const version of entry.versions) {
      if (version.sentences.length === 0) continue;
      // A sentence every release says (a standard closing line) is nobody's copy.
      const appearing = version.sentences.filter(
        (s) => s.phrases.some((p) => entry.distinctive.has(p)) && s.phrases.filter((p) => articlePhrases.has(p)).length >= s.phrases.length * SENTENCE_SHARE,
      );
      if (appearing.length >= Math.max(1, version.sentences.length * VERBATIM_SHARE)) return appearing[0].text;
    }
    return null;
  }

  return {
    match(article) {
      const words = matchingWords(`${article.title}\n${article.text}`);
      const articlePhrases = new Set(phrasesOf(words));
      const shared = new Map<number, number>();
      for (const phrase of articlePhrases) {
        for (const at of postings.get(phrase) ?? []) shared.set(at, (shared.get(at) ?? 0) + 1);
      }
      const named = new Set<number>();
      for (const word of new Set(words)) {
        for (const at of byCompanyWord.get(word) ?? []) if (namesAny(words, indexed[at].names)) named.add(at);
      }
      const candidates = new Set([...named, ...[...shared].filter(([, n]) => n >= EARNED_PHRASES).map(([at]) => at)]);

      const matches: CoverageMatch[] = [];
      for (const at of candidates) {
        const entry = indexed[at];
        if (!inWindow(entry.release, article.publishedAt)) continue;
        const copied = verbatimSentence(entry, articlePhrases);
        if (copied) {
          matches.push({ releaseId: entry.release.id, kind: 'verbatim', excerpt: clip(copied) });
          continue;
        }
        const excerpt = named.has(at)
          ? excerptAround(article.text, (w) => namesAny(w, entry.names))
          : excerptAround(article.text, (w) => phrasesOf(w).some((p) => entry.distinctive.has(p)));
        matches.push({ releaseId: entry.release.id, kind: 'earned', excerpt });
      }
      return matches;
    },
  };
}
