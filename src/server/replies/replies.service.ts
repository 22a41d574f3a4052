import type { ReleaseId } from '../../shared/ids.js';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ListedReplyKind, RepliesPage, ReplyItem } from '../../shared/replies.js';
import { requireRelease, type Actor } from '../access/access.js';
import type { Db } from '../db/client.js';
import { deliveries, globalContacts, inboundReplies } from '../db/schema.js';

/**
 * A release's replies as its readers see them (issue 38): newest first, every kind but the bounces
 * (those are the bounce path's). Who may read them is the release's read right (access.ts); the
 * journalist's address is given only to those who may see addresses (a client seat reads none).
 */
export async function repliesOfRelease(db: Db, actor: Actor, releaseId: ReleaseId, paging: { page: number; pageSize: number }, showAddresses: boolean): Promise<RepliesPage> {
  await requireRelease(db, actor, releaseId, 'read');
  const listed = and(eq(inboundReplies.releaseId, releaseId), ne(inboundReplies.kind, 'bounce'));
  const [{ total }] = await db.select({ total: count() }).from(inboundReplies).where(listed);
  const rows = await db
    .select({
      id: inboundReplies.id,
      deliveryId: inboundReplies.deliveryId,
      kind: inboundReplies.kind,
      subject: inboundReplies.subject,
      text: inboundReplies.text,
      receivedAt: inboundReplies.receivedAt,
      returnDate: inboundReplies.returnDate,
      newAddress: inboundReplies.newAddress,
      spf: inboundReplies.spf,
      dmarc: inboundReplies.dmarc,
      authFailed: inboundReplies.authFailed,
      forwardedAt: inboundReplies.forwardedAt,
      attachments: inboundReplies.attachments,
      fromName: inboundReplies.fromName,
      email: deliveries.email,
      firstName: globalContacts.firstName,
      lastName: globalContacts.lastName,
      outlet: globalContacts.organization,
    })
    .from(inboundReplies)
    .innerJoin(deliveries, eq(deliveries.id, inboundReplies.deliveryId))
    .leftJoin(globalContacts, eq(globalContacts.id, deliveries.contactId))
    .where(listed)
    .orderBy(desc(inboundReplies.receivedAt), desc(inboundReplies.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const items = rows.map(
    (r): ReplyItem => ({
      id: r.id,
      deliveryId: r.deliveryId,
      contact: {
        name: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.fromName,
        outlet: r.outlet ?? '',
        ...(showAddresses ? { email: r.email } : {}),
      },
      kind: r.kind as ReplyItem['kind'],
      subject: r.subject,
      text: r.text,
      receivedAt: r.receivedAt.toISOString(),
      ...(r.returnDate ? { returnDate: r.returnDate } : {}),
      // A new address is an address: only for readers who may see them.
      ...(r.newAddress && showAddresses ? { newAddress: r.newAddress } : {}),
      auth: { spf: r.spf, dmarc: r.dmarc, failed: r.authFailed },
      forwarded: r.forwardedAt !== null,
      attachments: r.attachments.map((a, index) => ({ index, filename: a.filename, size: a.size, forwarded: a.forwarded })),
    }),
  );
  return { items, total: Number(total), ...paging };
}

/** Human replies of a release's journalists (distinct deliveries): the `replies` of its figures. */
export async function replyCountOfRelease(db: Db, releaseId: ReleaseId): Promise<number> {
  return (await replyCountsOf(db, [releaseId])).get(releaseId) ?? 0;
}

/**
 * The `replies` of several releases in one query (dashboard, brand report): distinct list deliveries with
 * a human reply; a release without any is absent from the map.
 */
export async function replyCountsOf(db: Db, releaseIds: ReleaseId[]): Promise<Map<string, number>> {
  if (!releaseIds.length) return new Map();
  const rows = await db
    .select({ releaseId: inboundReplies.releaseId, n: sql<number>`count(DISTINCT ${inboundReplies.deliveryId})::int` })
    .from(inboundReplies)
    .innerJoin(deliveries, eq(deliveries.id, inboundReplies.deliveryId))
    .where(and(inArray(inboundReplies.releaseId, releaseIds), eq(inboundReplies.kind, 'reply'), eq(deliveries.audience, 'list')))
    .groupBy(inboundReplies.releaseId);
  return new Map(rows.map((r) => [r.releaseId, Number(r.n)]));
}

/** When each delivery was written back to, oldest first, bounces left to the bounce path (the operator's delivery log). */
export async function replyTimesOf(db: Db, deliveryIds: number[]): Promise<Map<number, Array<{ kind: ListedReplyKind; at: string }>>> {
  const byDelivery = new Map<number, Array<{ kind: ListedReplyKind; at: string }>>();
  if (!deliveryIds.length) return byDelivery;
  const rows = await db
    .select({ deliveryId: inboundReplies.deliveryId, kind: inboundReplies.kind, at: inboundReplies.receivedAt })
    .from(inboundReplies)
    .where(and(inArray(inboundReplies.deliveryId, deliveryIds), ne(inboundReplies.kind, 'bounce')))
    .orderBy(inboundReplies.receivedAt, inboundReplies.id);
  for (const row of rows) {
    const list = byDelivery.get(row.deliveryId) ?? byDelivery.set(row.deliveryId, []).get(row.deliveryId)!;
    list.push({ kind: row.kind as ListedReplyKind, at: row.at.toISOString() });
  }
  return byDelivery;
}

/** What a journalist wrote back to releases from their address (their data export, decision 024). */
export async function repliesFromAddress(db: Db, email: string) {
  const rows = await db
    .select({ kind: inboundReplies.kind, subject: inboundReplies.subject, text: inboundReplies.text, receivedAt: inboundReplies.receivedAt, returnDate: inboundReplies.returnDate })
    .from(inboundReplies)
    .innerJoin(deliveries, eq(deliveries.id, inboundReplies.deliveryId))
    .where(eq(deliveries.email, email.toLowerCase()))
    .orderBy(desc(inboundReplies.receivedAt));
  return rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() }));
}

/** A journalist's replies go with their erasure: the deliveries stay as the law asks, what they wrote does not. */
export async function eraseRepliesOf(db: Db, email: string): Promise<number> {
  const gone = await db
    .delete(inboundReplies)
    .where(sql`${inboundReplies.deliveryId} IN (SELECT id FROM ${deliveries} WHERE email = ${email.toLowerCase()})`)
    .returning({ id: inboundReplies.id });
  return gone.length;
}
