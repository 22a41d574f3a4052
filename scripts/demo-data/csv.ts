import fs from 'node:fs';
import { once } from 'node:events';
import { CSV_COLUMNS, type ContactFields } from '../../src/shared/contacts.js';
import { csvLine } from '../../src/server/contacts/contacts-csv.js';
import { DEMO_SEED, generateContacts } from '../../src/server/demo-data/generate.js';

/** One demo contact as a row of the import file (SPEC.md §5 columns). */
export function importRow(c: ContactFields): string {
  const row: Record<(typeof CSV_COLUMNS)[number], string> = {
    Name: `${c.firstName} ${c.lastName}`.trim(),
    'Outlet Name': c.organization,
    'Job Title': c.position,
    'Contact Topics': c.contactTopics,
    'Outlet Topics': c.outletTopics,
    Category: c.category,
    'Media Type': c.mediaType,
    Focus: c.focus,
    Email: c.email,
    Country: c.country,
    City: c.city,
    Language: c.language,
  };
  return csvLine(CSV_COLUMNS.map((column) => row[column]));
}

/** Writes `count` demo contacts as an import file, streaming (a million rows fit in no memory budget). */
export async function writeImportCsv(out: NodeJS.WritableStream, count: number, seed = DEMO_SEED): Promise<void> {
  out.write(csvLine([...CSV_COLUMNS]));
  for (const contact of generateContacts(count, seed)) {
    if (!out.write(importRow(contact))) await once(out, 'drain');
  }
}

export async function writeImportCsvFile(file: string, count: number, seed = DEMO_SEED): Promise<void> {
  const out = fs.createWriteStream(file);
  await writeImportCsv(out, count, seed);
  out.end();
  await once(out, 'finish');
}
