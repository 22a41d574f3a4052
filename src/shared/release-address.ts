/**
 * A release's web address, /r/{slug} (decision 012): the words of its title and 48 random bits. The words
 * are Latin or Arabic ones as the title has them (issue 37: an Arabic title kept none before and read
 * "/r/500-c25fbdfa1a2a"); the slug is stored as read and percent-encoded only in the address, which browsers
 * show in Arabic again. Slugs given before keep working as they were: a slug is never rewritten.
 */

/** Arabic marks and the tatweel, which a reader does not see as part of a word in an address. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
/** Arabic-Indic and extended Arabic-Indic digits, read as the Latin digits an address carries. */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const arabicDigit = (digit: string) => String((digit.codePointAt(0)! - 0x0660) % 0x90 % 10);

/** The first `maxWords` words of a title, Latin (accents dropped) or Arabic, lower case, joined by hyphens. */
export function releaseSlugWords(title: string, maxWords = 8, maxLength = 60): string {
  const words = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_DIGITS, arabicDigit)
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .map((word) =>
      word
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC')
        .replace(/[^a-z0-9\u0621-\u064a\u0671-\u06d3\u06d5]/g, ''),
    )
    .filter(Boolean)
    .slice(0, maxWords);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length > maxLength) break;
    slug = next;
  }
  return slug;
}

/** What a slug may be (given now or before): lower-case Latin letters, digits, Arabic letters and hyphens. */
export const isReleaseSlug = (slug: string): boolean => /^[a-z0-9\u0621-\u064a\u0671-\u06d3\u06d5-]{1,100}$/u.test(slug);

/** The path of a release's web version, its slug percent-encoded (an Arabic one too). */
export const releaseWebPath = (slug: string): string => `/r/${encodeURIComponent(slug)}`;
