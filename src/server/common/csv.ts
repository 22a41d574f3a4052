/** The pieces every CSV report is made of, whichever feature writes it (releases, brands, the audit log). */

/** The language a CSV report is written in: the reader's `lang`; English is the default. */
export type ReportLanguage = 'en' | 'ar';

/** A spreadsheet never runs a cell as a formula: cells starting with = + - @ (or tab/CR) get a leading quote. */
export function csvCell(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
