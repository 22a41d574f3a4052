import { createRequire } from 'node:module';
import bidiFactory from 'bidi-js';

/**
 * Mixed English and Arabic lines for pdfkit. pdfkit shapes Arabic through fontkit, but fontkit knows no
 * bidirectional algorithm: it reverses a whole string it takes for Arabic (Latin words and digits inside
 * come out backwards) and never mirrors brackets. So each line is cut into runs of one direction with the
 * Unicode algorithm (bidi-js), the runs are put in visual order, and each run is drawn on its own.
 */

const bidi = bidiFactory();
const resolveModule = createRequire(import.meta.url).resolve;

/** The fonts' files, found where npm installed them (no machine's absolute path). */
export const FONT_FILES = {
  latin: resolveModule('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  latinBold: resolveModule('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  arabic: resolveModule('@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf'),
  arabicBold: resolveModule('@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf'),
} as const;
type FontName = keyof typeof FONT_FILES;

export type Direction = 'ltr' | 'rtl';
export type TextStyle = { size: number; bold?: boolean; color?: string };

/**
 * One run of a line as it is drawn: its text in logical order (brackets mirrored when it reads right to
 * left), the same text unmirrored as a reader copies it, and its direction.
 */
type Run = { text: string; logical: string; rtl: boolean };

/**
 * The subset of pdfkit's document this module draws with (pdfkit's own type, narrowed so that the
 * functions say what they touch).
 */
export type PdfCanvas = Pick<
  PDFKit.PDFDocument,
  | 'font'
  | 'fontSize'
  | 'fillColor'
  | 'text'
  | 'widthOfString'
  | 'registerFont'
  | 'markContent'
  | 'endMarkedContent'
  | 'save'
  | 'restore'
  | 'transform'
  | 'page'
  | 'addContent'
>;

/**
 * An empty feature list is not "no features": fontkit still applies the script's defaults (Arabic joining
 * forms, ligatures). Passing one makes pdfkit shape the run as one string; without it pdfkit lays out
 * word by word, in logical order, which would put an Arabic run's words left to right.
 */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

export function registerFonts(doc: PdfCanvas): void {
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
}

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
/** fontkit's own test: the first character of a real script decides, and these scripts it reverses. */
const SCRIPTLESS = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u;

/** Arabic text is drawn in the Arabic font (Noto Sans has no Arabic glyphs), the rest in Noto Sans. */
function fontFor(run: Run, bold: boolean | undefined): FontName {
  const arabic = run.rtl || ARABIC_SCRIPT.test(run.text);
  if (arabic) return bold ? 'arabicBold' : 'arabic';
  return bold ? 'latinBold' : 'latin';
}

/**
 * fontkit reverses a string when its first script letter is Arabic, whatever the run's direction; a run
 * whose direction differs from fontkit's guess (a right-to-left run of only spaces and signs, or Arabic-Indic
 * digits inside a left-to-right number) is handed over reversed, so that fontkit's reversal puts it right.
 */
function forFontkit(run: Run): string {
  const firstScript = [...run.text].find((char) => !SCRIPTLESS.test(char));
  const fontkitReverses = firstScript !== undefined && RTL_SCRIPT.test(firstScript);
  return fontkitReverses === run.rtl ? run.text : [...run.text].reverse().join('');
}

/** Maximal stretches of one embedding level, in logical order. */
function levelRuns(levels: Uint8Array, length: number): Array<{ start: number; end: number; level: number }> {
  const runs: Array<{ start: number; end: number; level: number }> = [];
  for (let index = 0; index < length; index++) {
    const last = runs[runs.length - 1];
    if (last && last.level === levels[index]) last.end = index;
    else runs.push({ start: index, end: index, level: levels[index] });
  }
  return runs;
}

/** Unicode rule L2: from the highest level down to the lowest odd one, reverse every stretch at or above it. */
function reorderRuns<T extends { level: number }>(runs: T[]): T[] {
  const ordered = [...runs];
  const highest = Math.max(...ordered.map((run) => run.level));
  const lowestOdd = Math.min(...ordered.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < ordered.length; start++) {
      if (ordered[start].level < level) continue;
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1].level >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return ordered;
}

/**
 * Marks that steer the algorithm (isolates around a number inside Arabic, for one) have done their work once
 * the levels are known; the fonts have no glyphs for them.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A line's runs in visual order, left to right, with brackets in right-to-left runs mirrored. */
export function visualRuns(line: string, base: Direction): Run[] {
  if (!line) return [];
  const embedding = bidi.getEmbeddingLevels(line, base);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const chars = line.split('').map((char, index) => mirrored.get(index) ?? char);
  return reorderRuns(levelRuns(embedding.levels, line.length))
    .map(({ start, end, level }) => ({
      text: chars.slice(start, end + 1).join('').replace(BIDI_CONTROLS, ''),
      logical: line.slice(start, end + 1).replace(BIDI_CONTROLS, ''),
      rtl: level % 2 === 1,
    }))
    .filter((run) => run.text !== '');
}

/**
 * Left to right inside a right-to-left sentence: a date, a number with signs, a currency code and an amount
 * keep their order (without it "1997-11-01" after an Arabic word reads "01-11-1997", rule W2).
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;

/** The direction a paragraph reads in: that of its first strong letter (rule P2), left to right when none. */
export function directionOf(text: string): Direction {
  return bidi.getEmbeddingLevels(text, 'auto').paragraphs[0]?.level === 1 ? 'rtl' : 'ltr';
}

/**
 * Widths of shaped runs at 1 pt, by font and text. Shaping Arabic through all of Naskh's lookups takes
 * milliseconds, and wrapping measures the same words many times; the fonts never change, so the widths
 * can be kept (a bounded memo: emptied when full rather than grown without end).
 */
const widthsAtOnePoint = new Map<string, number>();
const MEMO_LIMIT = 20_000;

function runWidth(doc: PdfCanvas, run: Run, style: TextStyle): number {
  const font = fontFor(run, style.bold);
  const text = forFontkit(run);
  const key = `${font}\u0000${text}`;
  let width = widthsAtOnePoint.get(key);
  if (width === undefined) {
    width = doc.font(font).fontSize(1).widthOfString(text, WHOLE_RUN);
    if (widthsAtOnePoint.size >= MEMO_LIMIT) widthsAtOnePoint.clear();
    widthsAtOnePoint.set(key, width);
  }
  return width * style.size;
}

export function lineWidth(doc: PdfCanvas, line: string, base: Direction, style: TextStyle): number {
  return visualRuns(line, base).reduce((sum, run) => sum + runWidth(doc, run, style), 0);
}

export type Placement = { x: number; width: number; baseline: number; align: 'left' | 'right' };

/**
 * Draws one line at a baseline: the runs side by side in visual order, the whole line as one block against
 * the column's left or right edge. Every run is placed on the same baseline because the Arabic and the
 * Latin font have different ascenders (pdfkit's default top alignment would set them at different heights).
 */
export function drawLine(doc: PdfCanvas, line: string, base: Direction, style: TextStyle, at: Placement): void {
  const runs = visualRuns(line, base);
  const widths = runs.map((run) => runWidth(doc, run, style));
  const total = widths.reduce((sum, width) => sum + width, 0);
  let x = at.align === 'right' ? at.x + at.width - total : at.x;
  doc.fillColor(style.color ?? '#111111');
  runs.forEach((run, index) => {
    const font = fontFor(run, style.bold);
    doc.font(font).fontSize(style.size);
    const box = { x, width: widths[index], baseline: at.baseline };
    if (font.startsWith('arabic')) withCopyText(doc, run, box);
    else drawRun(doc, forFontkit(run), box);
    x += widths[index];
  });
}

type RunBox = { x: number; width: number; baseline: number };

function drawRun(doc: PdfCanvas, text: string, box: RunBox): void {
  // textWidth: the width is known already, and pdfkit would shape the run once more to learn it.
  const options: PDFKit.Mixins.TextOptions & { textWidth: number } = {
    ...WHOLE_RUN,
    lineBreak: false,
    baseline: 'alphabetic',
    textWidth: box.width,
  };
  doc.text(text, box.x, box.baseline, options);
}

/** pdfkit keeps the current font's resource name and size on the document without a public getter. */
type CurrentFont = { _font: { id: string }; _fontSize: number };

/**
 * Noto Naskh draws a dotted letter as a dotless shape plus its dots, so one shape stands for several
 * letters (ب ت ث ن ي) and the font's glyph-to-text map can name only one of them: copied or extracted
 * text would read "ضرتبية" for "ضريبية". An ActualText span gives the run's real letters instead.
 *
 * How poppler (pdftotext, and the viewers built on it) reads such a span, checked in invoice-pdf.test.ts:
 * - the replacement is spread over the glyphs' place and then ordered like drawn glyphs (right-to-left
 *   letters reversed into reading order), so it is given in drawn order: a right-to-left run reversed;
 * - that place runs from the first glyph's origin to the last one's; a dot or hamza drawn first or last
 *   sits above or below the line and would tilt it (poppler then puts the words on a line of their own),
 *   so two spaces on the baseline open and close the span at the run's edges;
 * - place and size are taken with the transformation and font in force at the span's end, while pdfkit
 *   draws text under a flip and a font of its own inside q…Q; the span is therefore opened and closed
 *   under the same transformation (the page's flip undone around it, redone for pdfkit's text) and font.
 */
function withCopyText(doc: PdfCanvas, run: Run, box: RunBox): void {
  const drawnOrder = run.rtl ? [...run.logical].reverse().join('') : run.logical;
  const flip = [1, 0, 0, -1, 0, doc.page.height] as const;
  const current = doc as unknown as CurrentFont;
  const space = doc.widthOfString(' ');
  doc.save().transform(...flip);
  doc.addContent(`/${current._font.id} ${current._fontSize} Tf`);
  doc.markContent('Span', { actual: drawnOrder });
  doc.save().transform(...flip);
  drawRun(doc, ' ', { x: box.x, width: space, baseline: box.baseline });
  drawRun(doc, forFontkit(run), box);
  drawRun(doc, ' ', { x: box.x + box.width - space, width: space, baseline: box.baseline });
  doc.restore();
  doc.endMarkedContent();
  doc.restore();
}

/** A word wider than the column is cut where it must be (long unbroken addresses or e-mail addresses). */
function splitLongWord(doc: PdfCanvas, word: string, base: Direction, style: TextStyle, width: number): string[] {
  if (lineWidth(doc, word, base, style) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && lineWidth(doc, piece + char, base, style) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return piece ? [...pieces, piece] : pieces;
}

/**
 * A paragraph cut into lines that fit the width, in logical order (each line is reordered when drawn,
 * as the algorithm's rule L1 asks: lines first, then reordering).
 */
export function wrapText(doc: PdfCanvas, text: string, base: Direction, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    const words = paragraph.split(/\s+/).filter(Boolean);
    for (const word of words.flatMap((w) => splitLongWord(doc, w, base, style, width))) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && lineWidth(doc, candidate, base, style) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    if (line) lines.push(line);
  }
  return lines;
}
