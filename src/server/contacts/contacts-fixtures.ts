import { BLANK_CONTACT, type ContactFields } from '../../shared/contacts.js';
import type { Db } from '../db/client.js';
import { insertContactBatch, markContactsChanged } from './contacts.service.js';

/** A blank contact for tests: override what the test is about. */
export function contactFields(overrides: Partial<ContactFields> & { email: string }): ContactFields {
  return { ...BLANK_CONTACT, ...overrides };
}

export async function insertContacts(db: Db, contacts: ContactFields[]): Promise<void> {
  const inserted = await insertContactBatch(db, contacts);
  await markContactsChanged(
    db,
    inserted.map((c) => c.id),
  );
}

/** A multipart/form-data body with one file, as a browser's form sends it. */
export function multipartBody(
  content: string | Buffer,
  { filename = 'contacts.csv', contentType = 'text/csv', field = 'csvFile' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----nashrTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
