import { desc, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { contactsIndexSnapshots } from '../db/schema.js';
import { Codes, type ContactsIndex } from './contacts-index-layout.js';

/**
 * The contacts index kept in the database as one value, so that a start reads it in one piece (tens of
 * milliseconds at a million contacts) instead of every contact's row (over a second), and brings it forward
 * by the changes listed since (docs/decisions/032). Each column is stored in the narrowest width its codes
 * fit (a country code fits a byte), which makes the value about 7 bytes a contact.
 */

const FORMAT = 2;
// Each contact's number of topics is kept instead of where its topics start: a byte instead of four.
type ColumnName = 'alive' | 'country' | 'city' | 'mediaType' | 'language' | 'topicCount' | 'topicCodes';
const COLUMNS: readonly ColumnName[] = ['alive', 'country', 'city', 'mediaType', 'language', 'topicCount', 'topicCodes'];
type Width = 1 | 2 | 4;
type Header = {
  format: number;
  littleEndian: boolean;
  version: string;
  size: number;
  total: number;
  codes: Record<keyof ContactsIndex['codes'], string[]>;
  columns: Array<{ name: ColumnName; width: Width; length: number }>;
};

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function widthFor(values: Uint8Array | Uint32Array): Width {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
}

function narrowed(values: Uint8Array | Uint32Array, width: Width): Uint8Array {
  const typed = width === 1 ? Uint8Array.from(values) : width === 2 ? Uint16Array.from(values) : Uint32Array.from(values);
  return new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength);
}

function topicCounts(starts: Uint32Array): Uint32Array {
  const counts = new Uint32Array(starts.length - 1);
  for (let id = 0; id < counts.length; id++) counts[id] = starts[id + 1] - starts[id];
  return counts;
}

function topicStarts(counts: Uint32Array): Uint32Array {
  const starts = new Uint32Array(counts.length + 1);
  for (let id = 0; id < counts.length; id++) starts[id + 1] = starts[id] + counts[id];
  return starts;
}

/** The index as bytes: a length, a JSON header (version, counts, the codes' values), then each column. */
export function snapshotOf(index: ContactsIndex): Buffer {
  const parts: Uint8Array[] = [];
  const columns: Header['columns'] = [];
  for (const name of COLUMNS) {
    const values = name === 'topicCount' ? topicCounts(index.topicStart) : index[name];
    const width = widthFor(values);
    columns.push({ name, width, length: values.length });
    parts.push(narrowed(values, width));
  }
  const { country, city, mediaType, language, topic } = index.codes;
  const header: Header = {
    format: FORMAT,
    littleEndian,
    version: index.version,
    size: index.size,
    total: index.total,
    codes: { country: country.values, city: city.values, mediaType: mediaType.values, language: language.values, topic: topic.values },
    columns,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  return Buffer.concat([length, headerBytes, ...parts]);
}

/** A stored column as the index holds it: bytes for `alive`, else 32-bit codes. */
function widened(raw: ArrayBufferLike, width: Width, as: typeof Uint8Array | typeof Uint32Array): Uint8Array | Uint32Array {
  const stored = width === 1 ? new Uint8Array(raw) : width === 2 ? new Uint16Array(raw) : new Uint32Array(raw);
  return stored instanceof as ? stored : as.from(stored);
}

/** The index the bytes hold, or undefined when they were written in another format or byte order. */
export function indexFromSnapshot(bytes: Buffer): ContactsIndex | undefined {
  const headerLength = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString()) as Header;
  if (header.format !== FORMAT || header.littleEndian !== littleEndian) return undefined;
  let at = 4 + headerLength;
  const column = new Map<ColumnName, Uint8Array | Uint32Array>();
  for (const { name, width, length } of header.columns) {
    // Copied out of the value, so each column starts aligned for its width.
    const raw = bytes.buffer.slice(bytes.byteOffset + at, bytes.byteOffset + at + width * length);
    at += width * length;
    column.set(name, widened(raw, width, name === 'alive' ? Uint8Array : Uint32Array));
  }
  const codes = header.codes;
  return {
    version: header.version,
    size: header.size,
    total: header.total,
    alive: column.get('alive') as Uint8Array,
    country: column.get('country') as Uint32Array,
    city: column.get('city') as Uint32Array,
    mediaType: column.get('mediaType') as Uint32Array,
    language: column.get('language') as Uint32Array,
    topicStart: topicStarts(column.get('topicCount') as Uint32Array),
    topicCodes: column.get('topicCodes') as Uint32Array,
    codes: {
      country: Codes.of(codes.country),
      city: Codes.of(codes.city),
      mediaType: Codes.of(codes.mediaType),
      language: Codes.of(codes.language),
      topic: Codes.of(codes.topic),
    },
    remembered: new Map(),
  };
}

/** The newest index kept, if any and readable. */
export async function keptIndex(db: Db): Promise<ContactsIndex | undefined> {
  const [row] = await db.select({ data: contactsIndexSnapshots.data }).from(contactsIndexSnapshots).orderBy(desc(contactsIndexSnapshots.version)).limit(1);
  return row ? indexFromSnapshot(row.data) : undefined;
}

/**
 * Keeps the index for the next start, unless a newer one is kept; older ones are dropped. Processes that
 * load at the same time may both write: the version is the key, so each version is kept once.
 */
export async function keepIndex(db: Db, index: ContactsIndex): Promise<void> {
  if (!/^[0-9]+$/.test(index.version)) return;
  const version = Number(index.version);
  const [newer] = await db
    .select({ version: contactsIndexSnapshots.version })
    .from(contactsIndexSnapshots)
    .orderBy(desc(contactsIndexSnapshots.version))
    .limit(1);
  if (newer && newer.version >= version) return;
  await db.insert(contactsIndexSnapshots).values({ version, data: snapshotOf(index) }).onConflictDoNothing();
  await db.delete(contactsIndexSnapshots).where(lt(contactsIndexSnapshots.version, version));
}
