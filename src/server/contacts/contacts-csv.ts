import { Readable } from 'node:stream';
import { CSV_COLUMNS, type ContactFilter } from '../../shared/contacts.js';
import type { Db } from '../db/client.js';
import type { ContactRow } from './contact-view.js';
import { contactsInBatches } from './contacts.service.js';
import { csvCell } from '../common/csv.js';

/** CSV out: the import template and the export, each cell neutralised (common/csv.ts). */

export function csvLine(values: string[]): string {
  return values.map(csvCell).join(',') + '\r\n';
}

/** Excel reads UTF-8 (and so Arabic) only with a byte-order mark. */
const BOM = '\uFEFF';

export function templateCsv(): string {
  const example: Record<(typeof CSV_COLUMNS)[number], string> = {
    Name: 'Layla Haddad',
    'Outlet Name': 'Gulf Business Daily',
    'Job Title': 'Business Editor',
    'Contact Topics': 'Business, Finance',
    'Outlet Topics': 'Business, Economy',
    Category: 'Journalist',
    'Media Type': 'Newspaper',
    Focus: 'Banking',
    Email: 'layla.haddad@example.com',
    Country: 'UAE',
    City: 'Dubai',
    Language: 'English',
  };
  return BOM + csvLine([...CSV_COLUMNS]) + csvLine(CSV_COLUMNS.map((c) => example[c]));
}

const EXPORT_COLUMNS: Array<[string, (c: ContactRow) => string]> = [
  ['First Name', (c) => c.firstName],
  ['Last Name', (c) => c.lastName],
  ['Email', (c) => c.email],
  ['Phone', (c) => c.phone],
  ['Outlet Name', (c) => c.organization],
  ['Job Title', (c) => c.position],
  ['Category', (c) => c.category],
  ['Country', (c) => c.country],
  ['City', (c) => c.city],
  ['Media Type', (c) => c.mediaType],
  ['Language', (c) => c.language],
  ['Focus', (c) => c.focus],
  ['Specialization', (c) => c.specialization],
  ['Contact Topics', (c) => c.contactTopics],
  ['Outlet Topics', (c) => c.outletTopics],
];

/** The export as a stream, read from the database a page at a time: a million rows never sit in memory. */
export function exportCsvStream(db: Db, filter: ContactFilter): Readable {
  async function* lines() {
    yield BOM + csvLine(EXPORT_COLUMNS.map(([name]) => name));
    for await (const rows of contactsInBatches(db, filter)) {
      yield rows.map((row) => csvLine(EXPORT_COLUMNS.map(([, read]) => read(row)))).join('');
    }
  }
  return Readable.from(lines());
}
