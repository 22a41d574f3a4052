import { eq, inArray, sql } from 'drizzle-orm';
import { splitTopics, withCityCountry, type BulkDeleteResult, type Contact, type ContactFields } from '../../shared/contacts.js';
import { rowsOf, type Db } from '../db/client.js';
import { globalContacts as gc } from '../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { appError, isUniqueViolation } from '../http/errors.js';
import { presentContact } from './contact-view.js';
import { addContactWords, changeContactWords, removeContactWords, searchTextOf } from './contact-words.js';
import { markContactsChanged } from './contacts-version.js';

/** The media database's writes: each keeps the words index exact and bumps the data version in its transaction. */

// Contact fields are single-line text; control characters in one (a line break pasted from elsewhere)
// become one space.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/** Single-line fields, and the country of a known city when none is given. */
function withoutControlCharacters(fields: ContactFields): ContactFields {
  const clean = withCityCountry({ ...fields });
  for (const key of Object.keys(clean) as Array<keyof ContactFields>) {
    const value = clean[key];
    if (typeof value === 'string') (clean as Record<string, unknown>)[key] = value.replace(CONTROL_CHARACTERS, ' ');
  }
  return clean;
}

function columnsOf(input: ContactFields) {
  const fields = withoutControlCharacters(input);
  return {
    ...fields,
    contactTopicList: splitTopics(fields.contactTopics),
    searchText: searchTextOf(fields),
  };
}

const duplicateEmail = () => appError('CONTACT_EMAIL_TAKEN');

export async function createContact(db: Db, fields: ContactFields): Promise<Contact> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gc)
      .values(columnsOf(fields))
      .onConflictDoNothing({ target: gc.email })
      .returning();
    if (!row) throw duplicateEmail();
    await addContactWords(tx, [row]);
    await markContactsChanged(tx, [row.id]);
    return presentContact(row, true);
  });
}

export async function updateContact(db: Db, id: number, fields: ContactFields): Promise<Contact> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ searchText: gc.searchText, email: gc.email })
        .from(gc)
        .where(eq(gc.id, id))
        .for('update');
      if (!before) throw appError('CONTACT_NOT_FOUND');
      const [row] = await tx
        .update(gc)
        .set({ ...columnsOf(fields), updatedAt: sql`now()` })
        .where(eq(gc.id, id))
        .returning();
      await changeContactWords(tx, id, before, row);
      await markContactsChanged(tx, [id]);
      return presentContact(row, true);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function deleteContact(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(gc)
      .where(eq(gc.id, id))
      .returning({ id: gc.id, email: gc.email, searchText: gc.searchText });
    if (!row) throw appError('CONTACT_NOT_FOUND');
    await removeContactWords(tx, [row]);
    await recordAudit(tx, actor, 'contact.delete', String(id), {
      email: row.email,
      deleted: 1,
    });
    await markContactsChanged(tx, [id]);
  });
}

const AUDITED_IDS_MAX = 1000;

/** One call for many: the reply says which ids were deleted and why the others were not. */
export async function bulkDeleteContacts(
  db: Db,
  actor: AuditActor,
  ids: number[],
): Promise<BulkDeleteResult> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const deletedIds = await removeContacts(tx, unique);
    const failed = unique
      .filter((id) => !deletedIds.has(id))
      .map((id) => ({ id, reason: 'Contact not found' }));
    await recordAudit(tx, actor, 'contact.bulk_delete', null, {
      requested: unique.length,
      deleted: deletedIds.size,
      failed: failed.length,
      ids: [...deletedIds].slice(0, AUDITED_IDS_MAX),
    });
    return { deleted: deletedIds.size, failed };
  });
}

/** Deletes the contacts with their words and records the change; call inside a transaction. */
async function removeContacts(tx: Db, ids: number[]): Promise<Set<number>> {
  const deleted = await tx
    .delete(gc)
    .where(inArray(gc.id, ids))
    .returning({ id: gc.id, email: gc.email, searchText: gc.searchText });
  await removeContactWords(tx, deleted);
  const deletedIds = new Set(deleted.map((r) => r.id));
  if (deletedIds.size) await markContactsChanged(tx, [...deletedIds]);
  return deletedIds;
}

/** Takes back what a failed import had written, a chunk per transaction like the import itself. */
export async function deleteImportedContacts(db: Db, ids: number[], chunkSize: number): Promise<void> {
  for (let i = 0; i < ids.length; i += chunkSize) {
    const chunk = ids.slice(i, i + chunkSize);
    await db.transaction((tx) => removeContacts(tx, chunk));
  }
}

const UNIT_SEPARATOR = '\u001f';

/**
 * Inserts many contacts in one statement (one array parameter per column, so the batch size is not
 * bound by the parameter limit). Existing emails are skipped; the contacts actually inserted are returned.
 * The caller marks the database changed (with their ids) once it is done.
 */
export async function insertContactBatch(
  db: Db,
  input: ContactFields[],
): Promise<Array<{ id: number; email: string }>> {
  if (!input.length) return [];
  const contacts = input.map(withoutControlCharacters);
  const column = <K extends keyof ContactFields>(key: K) =>
    sql.param(contacts.map((c) => String(c[key] ?? '')));
  const result = await db.execute(sql`
    INSERT INTO ${gc} (email, first_name, last_name, phone, organization, position, category, country, city, specialization,
      focus, contact_topics, outlet_topics, contact_topic_list, media_type, language, search_text)
    SELECT email, first_name, last_name, phone, organization, position, category, country, city, specialization,
      focus, contact_topics, outlet_topics, string_to_array(topic_list, ${UNIT_SEPARATOR}), media_type, language, search_text
    FROM unnest(${column('email')}::text[], ${column('firstName')}::text[], ${column('lastName')}::text[],
      ${column('phone')}::text[], ${column('organization')}::text[], ${column('position')}::text[],
      ${column('category')}::text[], ${column('country')}::text[], ${column('city')}::text[], ${column('specialization')}::text[],
      ${column('focus')}::text[], ${column('contactTopics')}::text[], ${column('outletTopics')}::text[],
      ${sql.param(contacts.map((c) => splitTopics(c.contactTopics).join(UNIT_SEPARATOR)))}::text[],
      ${column('mediaType')}::text[], ${column('language')}::text[],
      ${sql.param(contacts.map((c) => searchTextOf(c)))}::text[])
      AS u(email, first_name, last_name, phone, organization, position, category, country, city, specialization,
        focus, contact_topics, outlet_topics, topic_list, media_type, language, search_text)
    ON CONFLICT (email) DO NOTHING
    RETURNING id, email, search_text AS "searchText"`);
  const inserted = rowsOf<{ id: number; email: string; searchText: string }>(result);
  await addContactWords(db, inserted);
  return inserted.map(({ id, email }) => ({ id, email }));
}

/** The stored contact id of each of these emails that has one. */
export async function contactIdsByEmail(db: Db, emails: string[]): Promise<Map<string, number>> {
  if (!emails.length) return new Map();
  const rows = await db.select({ id: gc.id, email: gc.email }).from(gc).where(inArray(gc.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}
