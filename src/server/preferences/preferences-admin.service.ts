import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CurrentUser } from '../../shared/auth.js';
import { ERASURE_KEPT, type ContactPreferences, type DataRequest, type DataRequestKind, type ErasureOutcome } from '../../shared/preferences.js';
import type { Db } from '../db/client.js';
import { consentRecords, dataRequests, deliveries, globalContacts, journalistPreferences, listContacts, newsroomFollowers, suppressions, trackingEvents } from '../db/schema.js';
import { deleteContact } from '../contacts/contacts-writes.js';
import { appError } from '../http/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { eraseRepliesOf } from '../replies/replies.service.js';
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

/**
 * Marks a request answered (once; answering it again changes nothing), in the audit log. Answering an
 * erasure request erases the journalist in the same transaction (`erase`) and says what was kept.
 */
export async function resolveDataRequest(db: Db, actor: CurrentUser, id: string, now: Date): Promise<DataRequest> {
  return db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(dataRequests)
      .set({ status: 'done', resolvedAt: now, resolvedBy: actor.id })
      .where(and(eq(dataRequests.id, id), eq(dataRequests.status, 'open')))
      .returning();
    if (resolved) {
      const erasure = resolved.kind === 'erasure' ? await erase(tx, actor, resolved.email.toLowerCase()) : undefined;
      await recordAudit(tx, { id: actor.id, email: actor.email }, 'data_request.resolved', resolved.id, {
        kind: resolved.kind,
        email: resolved.email,
        ...(erasure ? { erasure } : {}),
      });
      return { ...toDataRequest(resolved), ...(erasure ? { erasure } : {}) };
    }
    const [existing] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id));
    if (!existing) throw appError('DATA_REQUEST_NOT_FOUND');
    return toDataRequest(existing);
  });
}

/**
 * Erases a journalist (decision 024, issue 35): the curated contact goes through the contacts' own delete
 * (off every customer's list, their choices with it, the search index told), then what they did with
 * releases (opens, clicks, downloads; an unsubscribe stays, it is their objection) and their newsroom
 * follows. Kept, as the law asks: ERASURE_KEPT, the address suppressed for good so nothing reaches it again.
 */
async function erase(tx: Db, actor: CurrentUser, email: string): Promise<ErasureOutcome> {
  const [contact] = await tx.select({ id: globalContacts.id }).from(globalContacts).where(eq(globalContacts.email, email)).limit(1);
  let lists = 0;
  let preferences = false;
  if (contact) {
    [{ lists }] = await tx.select({ lists: count() }).from(listContacts).where(eq(listContacts.globalContactId, contact.id));
    preferences = (await tx.select({ id: journalistPreferences.contactId }).from(journalistPreferences).where(eq(journalistPreferences.contactId, contact.id))).length > 0;
    await deleteContact(tx, { id: actor.id, email: actor.email }, contact.id);
  }
  const events = await tx
    .delete(trackingEvents)
    .where(
      and(
        inArray(trackingEvents.deliveryId, tx.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.email, email))),
        ne(trackingEvents.type, 'unsubscribe'),
      ),
    )
    .returning({ id: trackingEvents.id });
  const follows = await tx.delete(newsroomFollowers).where(eq(newsroomFollowers.email, email)).returning({ id: newsroomFollowers.id });
  const replies = await eraseRepliesOf(tx, email);
  await tx.insert(suppressions).values({ email, reason: 'erased' }).onConflictDoNothing();
  return {
    erased: { contact: Boolean(contact), lists, preferences, events: events.length, follows: follows.length, replies },
    kept: [...ERASURE_KEPT],
  };
}
