import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import type { ContactPreferences, DataRequest, DataRequestKind } from '../../shared/preferences.js';
import type { Db } from '../db/client.js';
import { consentRecords, dataRequests, globalContacts } from '../db/schema.js';
import { appError } from '../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { preferencesOf } from './preferences.service.js';

/** The super admin's side of decision 024: a journalist's own choices with their consent records, and the data-request queue. */

const iso = (value: Date | string) => new Date(value).toISOString();

export async function contactPreferences(db: Db, contactId: number): Promise<ContactPreferences> {
  const [contact] = await db
    .select({ id: globalContacts.id, email: globalContacts.email, embargoAccredited: globalContacts.embargoAccredited, accreditationNote: globalContacts.accreditationNote })
    .from(globalContacts)
    .where(eq(globalContacts.id, contactId));
  if (!contact) throw appError('CONTACT_NOT_FOUND');
  const email = contact.email.toLowerCase();
  const records = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.contactId, contactId))
    .orderBy(desc(consentRecords.createdAt), desc(consentRecords.id))
    .limit(200);
  return {
    contactId,
    email,
    preferences: await preferencesOf(db, contactId, email),
    embargoAccredited: contact.embargoAccredited,
    accreditationNote: contact.accreditationNote,
    consentRecords: records.map((r) => ({ id: r.id, changes: r.changes, deliveryId: r.deliveryId, createdAt: iso(r.createdAt) })),
  };
}

type Row = typeof dataRequests.$inferSelect;
const toDataRequest = (r: Row): DataRequest => ({
  id: r.id,
  kind: r.kind as DataRequestKind,
  email: r.email,
  contactId: r.contactId,
  status: r.status as DataRequest['status'],
  createdAt: iso(r.createdAt),
  dueAt: iso(r.dueAt),
  resolvedAt: r.resolvedAt ? iso(r.resolvedAt) : null,
});

/** Open requests first, the most urgent first; then the answered ones, the latest first. */
export async function listDataRequests(db: Db, options: { page: number; pageSize: number }) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(dataRequests)
      .orderBy(sql`(${dataRequests.status} = 'open') DESC`, asc(sql`CASE WHEN ${dataRequests.status} = 'open' THEN ${dataRequests.dueAt} END`), desc(dataRequests.resolvedAt), asc(dataRequests.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ total: count() }).from(dataRequests),
  ]);
  return { items: items.map(toDataRequest), total, page: options.page, pageSize: options.pageSize };
}

/** Marks a request answered (once; answering it again changes nothing), in the audit log. */
export async function resolveDataRequest(db: Db, actor: CurrentUser, id: string, now: Date): Promise<DataRequest> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [resolved] = await tx
      .update(dataRequests)
      .set({ status: 'done', resolvedAt: now, resolvedBy: actor.id })
      .where(and(eq(dataRequests.id, id), eq(dataRequests.status, 'open')))
      .returning();
    if (resolved) {
      await recordAudit(tx, { id: actor.id, email: actor.email }, 'data_request.resolved', resolved.id, { kind: resolved.kind, email: resolved.email });
      return toDataRequest(resolved);
    }
    const [existing] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id));
    if (!existing) throw appError('DATA_REQUEST_NOT_FOUND');
    return toDataRequest(existing);
  });
}
