/** The pieces every CSV report is made of, whichever feature writes it (releases, brands, the audit log). */

/** The language a CSV report is written in: the reader's `lang`; English is the default. */
export type ReportLanguage = 'en' | 'ar';

/** Spreadsheet programs run a cell that starts with = + - @ (or a tab / carriage return) as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A spreadsheet never runs a cell as a formula: a cell that would start one gets a leading apostrophe. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes neutraliseCell on import, so an exported file imports back to the same values. */
export function restoreCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** One quoted, neutralised cell. */
export function csvCell(value: string | number | boolean | null): string {
  return `"${neutraliseCell(value === null ? '' : String(value)).replace(/"/g, '""')}"`;
}
