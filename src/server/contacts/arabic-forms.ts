/**
 * The forms a folded Arabic query word may stand for once its clitics and feminine ending are taken off
 * (issue 26): و/ف "and", ب/ل/ك "in/for/like", لل "for the", the article ال, and ة (folded to ه). Used only
 * to look words up in the place and beat data, never to match contacts' text: taken off blindly, the
 * first letter of بيروت or لبنان would go too. Most like what was typed first, so the word itself wins
 * over a shorter reading (رياضة is sports before رياض could be read).
 */
const ARABIC_WORD = /^[\u0621-\u064a]+$/;
const MIN_LEFT = 2;

const stripped = (word: string, prefix: string) =>
  word.startsWith(prefix) && [...word].length - prefix.length >= MIN_LEFT ? word.slice(prefix.length) : undefined;

export function arabicForms(word: string): string[] {
  if (!ARABIC_WORD.test(word)) return [word];
  const bases: string[] = [];
  const add = (form: string | undefined) => form && !bases.includes(form) && bases.push(form);
  const withoutConjunction = [word, stripped(word, '\u0648'), stripped(word, '\u0641')];
  for (const base of withoutConjunction) add(base);
  for (const base of withoutConjunction) {
    if (!base) continue;
    // ب ل ك before the article (بالسعودية → السعودية), لل for ل + ال (للاقتصاد → الاقتصاد), then the article.
    for (const preposition of ['\u0628', '\u0644', '\u0643']) {
      const rest = stripped(base, preposition);
      if (rest?.startsWith('\u0627\u0644')) add(rest);
    }
    const forThe = stripped(base, '\u0644\u0644');
    if (forThe) add(`\u0627\u0644${forThe}`);
  }
  for (const form of [...bases]) add(stripped(form, '\u0627\u0644'));
  for (const base of withoutConjunction) {
    if (!base) continue;
    for (const preposition of ['\u0628', '\u0644', '\u0643']) add(stripped(base, preposition));
  }
  // The feminine ending last: الرياضة is sports (رياضة) before it could be Riyadh (الرياض).
  const feminine = bases.filter((form) => form.endsWith('\u0647')).map((form) => form.slice(0, -1));
  return [...bases, ...feminine.filter((form) => [...form].length >= MIN_LEFT && !bases.includes(form))];
}
