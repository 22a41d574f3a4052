import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { contactInputSchema } from '../../shared/contacts.js';
import type { ResearchItem, ResearchPage, ResearchResolution } from '../../shared/replies.js';
import type { Actor } from '../access/access.js';
import { updateContact } from '../contacts/contacts-writes.js';
import type { Db } from '../db/client.js';
import { consentRecords, deliveries, globalContacts, inboundReplies, researchItems, suppressions } from '../db/schema.js';
import { appError } from '../http/errors.js';

/**
 * The operator's research queue (issue 38): journalists whose address may be out of date — they left or
 * gave a new address in a reply, or their mail hard-bounced. The operator corrects the contact's address,
 * marks them left (their address is suppressed: no release reaches it again), or dismisses the signal. Each contact says when
 * it was last confirmed by any signal: a message delivered, a reply, the journalist's own change on their
 * preference page, or an operator's correction.
 */
const LAST_CONFIRMED = sql<string | null>`greatest(
  (SELECT max(d.sent_at) FROM ${deliveries} d WHERE lower(d.email) = ${globalContacts.email} AND d.status IN ('sent', 'complained')),
  (SELECT max(r.received_at) FROM ${inboundReplies} r JOIN ${deliveries} d ON d.id = r.delivery_id WHERE d.contact_id = ${globalContacts.id} AND r.kind = 'reply'),
  (SELECT max(c.created_at) FROM ${consentRecords} c WHERE c.contact_id = ${globalContacts.id}),
  (SELECT max(i.resolved_at) FROM ${researchItems} i WHERE i.contact_id = ${globalContacts.id} AND i.resolution = 'corrected'))`;

export async function researchQueue(db: Db, query: { page: number; pageSize: number; state: 'open' | 'resolved' }): Promise<ResearchPage> {
  const where = query.state === 'open' ? isNull(researchItems.resolvedAt) : isNotNull(researchItems.resolvedAt);
  const [{ total }] = await db.select({ total: count() }).from(researchItems).where(where);
  const rows = await db
    .select({
      item: researchItems,
      firstName: globalContacts.firstName,
      lastName: globalContacts.lastName,
      outlet: globalContacts.organization,
      lastConfirmedAt: LAST_CONFIRMED,
    })
    .from(researchItems)
    .leftJoin(globalContacts, eq(globalContacts.id, researchItems.contactId))
    .where(where)
    .orderBy(desc(researchItems.createdAt), desc(researchItems.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map(
    ({ item, ...contact }): ResearchItem => ({
      id: item.id,
      signal: item.signal,
      evidence: item.evidence,
      newAddress: item.newAddress,
      createdAt: item.createdAt.toISOString(),
      contact: {
        id: item.contactId,
        name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
        outlet: contact.outlet ?? '',
        email: item.email,
        lastConfirmedAt: contact.lastConfirmedAt ? new Date(contact.lastConfirmedAt).toISOString() : null,
      },
      resolution: item.resolution,
      resolvedAt: item.resolvedAt?.toISOString() ?? null,
    }),
  );
  return { items, total: Number(total), ...query };
}

/** Resolves an open item (409 once resolved); correcting or marking left needs the contact to still exist. */
export async function resolveResearchItem(db: Db, actor: Actor, id: number, resolution: ResearchResolution, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx.select().from(researchItems).where(eq(researchItems.id, id)).for('update');
    if (!item) throw appError('RESEARCH_ITEM_NOT_FOUND');
    if (item.resolvedAt) throw appError('RESEARCH_ITEM_RESOLVED');
    if (resolution.action === 'correct') {
      const [contact] = item.contactId ? await tx.select().from(globalContacts).where(eq(globalContacts.id, item.contactId)) : [];
      if (!contact) throw appError('CONTACT_NOT_FOUND');
      await updateContact(tx, contact.id, contactInputSchema.parse({ ...contact, email: resolution.email }));
    }
    // Left: nobody mails the address again (the suppression list every send checks), until an operator lifts it.
    if (resolution.action === 'mark_left') await tx.insert(suppressions).values({ email: item.email, reason: 'left' }).onConflictDoNothing();
    const resolved = ({ correct: 'corrected', mark_left: 'left', dismiss: 'dismissed' } as const)[resolution.action];
    // Every open signal about the same journalist is settled by the same decision.
    await tx
      .update(researchItems)
      .set({ resolution: resolved, resolvedAt: now, resolvedBy: actor.id })
      .where(and(isNull(researchItems.resolvedAt), item.contactId ? eq(researchItems.contactId, item.contactId) : eq(researchItems.id, id)));
  });
}
