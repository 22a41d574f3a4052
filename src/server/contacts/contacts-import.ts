import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  canonicalCity,
  canonicalCountry,
  CITY_MAX,
  canonicalLanguage,
  contactEmailSchema,
  IMPORT_ERRORS_LISTED,
  IMPORT_MAX_BYTES,
  type ContactFields,
  type ImportRowError,
  type ImportSummary,
  withoutNul,
} from '../../shared/contacts.js';
import type { Db } from '../db/client.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { AppError, validationFailed, appError, fieldError } from '../http/errors.js';
import { restoreCell } from '../common/csv.js';
import { contactIdsByEmail, deleteImportedContacts, insertContactBatch, markContactsChanged } from './contacts.service.js';

type Field = keyof ContactFields | 'name';

/** Header names, compared without case, spaces or punctuation, mapped to contact fields. */
const HEADER_FIELDS: Record<string, Field> = {
  name: 'name',
  fullname: 'name',
  firstname: 'firstName',
  lastname: 'lastName',
  outletname: 'organization',
  outlet: 'organization',
  organization: 'organization',
  organisation: 'organization',
  company: 'organization',
  jobtitle: 'position',
  position: 'position',
  title: 'position',
  contacttopics: 'contactTopics',
  topics: 'contactTopics',
  outlettopics: 'outletTopics',
  category: 'category',
  mediatype: 'mediaType',
  focus: 'focus',
  specialization: 'specialization',
  specialisation: 'specialization',
  email: 'email',
  emailaddress: 'email',
  country: 'country',
  city: 'city',
  town: 'city',
  language: 'language',
  phone: 'phone',
  phonenumber: 'phone',
  telephone: 'phone',
  mobile: 'phone',
};

// A city is refused beyond CITY_MAX rather than cut: a cut name would be a city that does not exist.
const FIELD_MAX: Partial<Record<Field, number>> = { contactTopics: 2000, outletTopics: 2000, specialization: 500, focus: 500, phone: 50, city: CITY_MAX + 1 };
const CITY_TOO_LONG = `City must be at most ${CITY_MAX} characters`;

const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z]/g, '');

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'text/comma-separated-values', 'application/octet-stream']);

/** Name and type first; the content is sniffed as it streams (binary files carry NUL bytes or magic numbers). */
export function assertCsvFile(filename: string, mimetype: string): void {
  const csvName = /\.(csv|txt)$/i.test(filename);
  if (!csvName && !(CSV_TYPES.has(mimetype) && mimetype !== 'application/octet-stream')) {
    throw appError('IMPORT_NOT_CSV');
  }
}

const BINARY_MAGIC = [Buffer.from('%PDF'), Buffer.from('PK\x03\x04'), Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('GIF8')];

function looksBinary(chunk: Buffer): boolean {
  return chunk.subarray(0, 8192).includes(0) || BINARY_MAGIC.some((magic) => chunk.subarray(0, magic.length).equals(magic));
}

export const fileTooLarge = () => appError('IMPORT_TOO_LARGE', { megabytes: IMPORT_MAX_BYTES / 1024 / 1024 });

/** Rows per chunk: each chunk is one transaction, and other requests get the database between chunks. */
const CHUNK_SIZE = 1000;

type PendingRow = { row: number; fields: ContactFields };
type Rejection = (row: number, email: string, message: string) => void;
/** What the import has written so far: its count and ids (to tell its own duplicates, and to take back). */
type Progress = { summary: ImportSummary; addedIds: Set<number> };

/**
 * Streams a CSV file into the media database (SPEC.md §5): header names in any case and order, BOM,
 * quoted fields and CRLF. Rows with an invalid or duplicate email are reported, everything else is
 * added. Rows go in by chunks, each its own transaction, so memory stays flat and a long import does not
 * hold the database (on PGlite, its only connection) from other requests. All or nothing all the same: a
 * file that turns out to be too large, malformed or not CSV has the chunks already written taken back.
 */
export async function importContactsCsv(
  db: Db,
  actor: AuditActor,
  upload: { filename: string; stream: Readable & { truncated?: boolean } },
): Promise<ImportSummary> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1_000_000 });
  let failure: AppError | undefined;
  const fail = (error: AppError) => {
    failure ??= error;
    parser.destroy(error);
  };
  upload.stream.on('limit', () => fail(fileTooLarge()));
  let firstChunk = true;
  upload.stream.on('data', (chunk: Buffer) => {
    if (firstChunk && looksBinary(chunk)) fail(appError('IMPORT_NOT_TEXT'));
    firstChunk = false;
  });
  upload.stream.on('error', (error) => fail(error instanceof AppError ? error : appError('UPLOAD_INTERRUPTED')));
  upload.stream.pipe(parser);

  const progress: Progress = { summary: { added: 0, errorCount: 0, errors: [] }, addedIds: new Set() };
  const { summary } = progress;
  const reject: Rejection = (row, email, message) => {
    summary.errorCount++;
    if (summary.errors.length < IMPORT_ERRORS_LISTED) summary.errors.push({ row, email, message } satisfies ImportRowError);
  };
  let rowNumber = 1;

  try {
    let columns: Array<Field | undefined> | undefined;
    let chunk: PendingRow[] = [];
    const flush = async () => {
      const rows = chunk;
      chunk = [];
      if (!rows.length) return;
      await db.transaction((tx) => insertChunk(tx, rows, reject, progress));
      // PGlite runs queries on this thread and a buffered upload never waits for I/O: without this turn
      // of the event loop, requests that arrived meanwhile would only run after the whole file.
      await new Promise((resolve) => setImmediate(resolve));
    };
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = record.map((h) => HEADER_FIELDS[normaliseHeader(h)]);
        if (!columns.includes('email')) {
          throw validationFailed([fieldError('csvFile', 'IMPORT_NO_EMAIL_COLUMN')]);
        }
        continue;
      }
      rowNumber++;
      const values = readRow(columns, record);
      const email = contactEmailSchema.safeParse(values.email ?? '');
      if (!email.success) {
        reject(rowNumber, (values.email ?? '').slice(0, 254), values.email ? 'Invalid email address' : 'Email is required');
        continue;
      }
      if ((values.city ?? '').length > CITY_MAX) {
        reject(rowNumber, email.data, CITY_TOO_LONG);
        continue;
      }
      chunk.push({ row: rowNumber, fields: toFields(values, email.data) });
      if (chunk.length >= CHUNK_SIZE) await flush();
    }
    if (failure) throw failure;
    if (upload.stream.truncated) throw fileTooLarge();
    if (!columns) throw validationFailed([fieldError('csvFile', 'IMPORT_EMPTY')]);
    await flush();
  } catch (error) {
    await deleteImportedContacts(db, [...progress.addedIds], CHUNK_SIZE);
    throw importFailure(error, { truncated: Boolean(upload.stream.truncated), failure, rowNumber });
  } finally {
    upload.stream.unpipe(parser);
    upload.stream.resume();
  }

  summary.errors.sort((a, b) => a.row - b.row);
  await recordAudit(db, actor, 'contact.import', upload.filename, { added: summary.added, errors: summary.errorCount, rows: rowNumber - 1 });
  return summary;
}

/** The error to answer for an import that stopped: a truncated upload explains any parse error that follows it. */
function importFailure(error: unknown, seen: { truncated: boolean; failure: AppError | undefined; rowNumber: number }): unknown {
  if (seen.truncated) return fileTooLarge();
  if (seen.failure) return seen.failure;
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (typeof code === 'string' && code.startsWith('CSV_')) {
    // The parser reads ahead of the rows handed out so far; it knows how many records it had read.
    const records = (error as { records?: unknown }).records;
    const row = typeof records === 'number' ? records + 1 : seen.rowNumber + 1;
    return validationFailed([fieldError('csvFile', 'IMPORT_MALFORMED', { row })]);
  }
  return error;
}

function readRow(columns: Array<Field | undefined>, record: string[]): Partial<Record<Field, string>> {
  const values: Partial<Record<Field, string>> = {};
  columns.forEach((field, i) => {
    const value = record[i];
    if (!field || value === undefined) return;
    const cleaned = restoreCell(withoutNul(value).trim());
    if (cleaned) values[field] = cleaned.slice(0, FIELD_MAX[field] ?? 200);
  });
  return values;
}

function toFields(values: Partial<Record<Field, string>>, email: string): ContactFields {
  let firstName = values.firstName ?? '';
  let lastName = values.lastName ?? '';
  if (!firstName && !lastName && values.name) {
    const [first, ...rest] = values.name.split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return {
    email,
    firstName: firstName.slice(0, 100),
    lastName: lastName.slice(0, 100),
    phone: values.phone ?? '',
    organization: values.organization ?? '',
    position: values.position ?? '',
    category: values.category ?? '',
    country: canonicalCountry(values.country ?? ''),
    city: canonicalCity(values.city ?? ''),
    specialization: values.specialization ?? '',
    focus: values.focus ?? '',
    contactTopics: values.contactTopics ?? '',
    outletTopics: values.outletTopics ?? '',
    mediaType: values.mediaType ?? '',
    language: canonicalLanguage(values.language),
  };
}

/** One chunk in one transaction: its new contacts, each conflict reported as this file's duplicate or a stored contact. */
async function insertChunk(tx: Db, chunk: PendingRow[], reject: Rejection, progress: Progress): Promise<void> {
  const firstInChunk = new Map<string, PendingRow>();
  const duplicatesInChunk: PendingRow[] = [];
  for (const pending of chunk) {
    if (firstInChunk.has(pending.fields.email)) duplicatesInChunk.push(pending);
    else firstInChunk.set(pending.fields.email, pending);
  }
  const added = await insertContactBatch(tx, [...firstInChunk.values()].map((p) => p.fields));
  const inserted = new Set(added.map((c) => c.email));
  const conflicts = [...firstInChunk.values()].filter((p) => !inserted.has(p.fields.email));
  const storedIds = await contactIdsByEmail(
    tx,
    conflicts.map((p) => p.fields.email),
  );
  const rejected = [
    ...conflicts.map((p) => ({ p, ownRow: progress.addedIds.has(storedIds.get(p.fields.email) ?? -1) })),
    ...duplicatesInChunk.map((p) => ({ p, ownRow: true })),
  ].sort((a, b) => a.p.row - b.p.row);
  for (const { p, ownRow } of rejected) {
    reject(p.row, p.fields.email, ownRow ? 'Duplicate email in this file' : 'A contact with this email already exists');
  }
  if (!added.length) return;
  await markContactsChanged(
    tx,
    added.map((c) => c.id),
  );
  // Counted once the transaction's work is done; a chunk that fails rolls back and counts nothing.
  progress.summary.added += added.length;
  for (const { id } of added) progress.addedIds.add(id);
}
