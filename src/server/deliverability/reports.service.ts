import type { ReleaseId } from '../../shared/ids.js';
import { and, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DeliveryReportKind } from '../../shared/deliverability.js';
import { rowsOf, type Db } from '../db/client.js';
import { deliveries, deliveryReports, seenReports } from '../db/schema.js';
import { suppress } from '../suppressions/suppressions.service.js';
import type { ReportedRecipient, ServerReport } from './reports.js';

/** An address whose mail failed with a soft bounce this often (deliveries, not reports) within the window is not mailed again. */
export const SOFT_BOUNCES_SUPPRESSED = 3;
const SOFT_BOUNCE_WINDOW_DAYS = 30;

export type ReportOutcome = { applied: DeliveryReportKind } | { ignored: string };

const ALREADY_APPLIED = { ignored: 'report already applied' } as const;

/**
 * Applies what a mail server reported about one delivery, once per report (a replay changes nothing):
 * a hard bounce marks it bounced and suppresses the address; a soft bounce (the relay gave up after
 * retrying) marks it bounced and counts the address, suppressed at its third failed delivery in 30 days;
 * a delay warning is noted and changes nothing else; a complaint marks it complained and suppresses the
 * address for every customer. A report about another address than the delivery's (a forged or
 * misrouted one) changes nothing.
 */
export async function applyServerReport(db: Db, deliveryId: number, report: ServerReport, now: Date): Promise<ReportOutcome> {
  const [delivery] = await db
    .select({ id: deliveries.id, email: deliveries.email, releaseId: deliveries.releaseId, status: deliveries.status })
    .from(deliveries)
    .where(eq(deliveries.id, deliveryId));
  if (!delivery) return { ignored: 'no such delivery' };
  const email = delivery.email.toLowerCase();

  if (report.type === 'complaint') {
    const named = report.originalRecipient;
    if (named && named !== email) return { ignored: `complaint names ${named}, not the delivery's address` };
    const applied = await onceInTransaction(db, report.id, deliveryId, now, async (tx) => {
      await tx.insert(deliveryReports).values({ deliveryId, email, kind: 'complaint', status: report.feedbackType, createdAt: now });
      await tx.update(deliveries).set({ status: 'complained' }).where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, ['sent', 'bounced'])));
      await suppress(tx, email, 'complained', delivery.releaseId);
    });
    return applied ? { applied: 'complaint' } : ALREADY_APPLIED;
  }
  if (report.type !== 'bounce') return { ignored: 'not a bounce or complaint' };

  const about = report.recipients.find((r) => (r.address ? r.address === email : report.text.toLowerCase().includes(email)));
  if (!about) return { ignored: report.recipients.length ? "bounce names other addresses than the delivery's" : 'bounce without a failed recipient' };
  const applied = await onceInTransaction(db, report.id, deliveryId, now, async (tx) => {
    await tx.insert(deliveryReports).values({ deliveryId, email, kind: about.kind, status: about.status, detail: about.detail || null, createdAt: now });
    if (about.kind === 'delayed') return;
    await markBounced(tx, deliveryId, about);
    if (about.kind === 'hard') await suppress(tx, email, 'bounced', delivery.releaseId);
    else if ((await softBouncedDeliveries(tx, email, now)) >= SOFT_BOUNCES_SUPPRESSED) await suppress(tx, email, 'soft-bounced', delivery.releaseId);
  });
  return applied ? { applied: about.kind } : ALREADY_APPLIED;
}

/** Runs `apply` in a transaction unless this report was already applied to this delivery; false when it was. */
async function onceInTransaction(db: Db, reportId: string, deliveryId: number, now: Date, apply: (tx: Db) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const first = await tx.insert(seenReports).values({ reportId, deliveryId, createdAt: now }).onConflictDoNothing().returning({ reportId: seenReports.reportId });
    if (!first.length) return false;
    await apply(tx);
    return true;
  });
}

/** Not delivered after all: the remote server's words become the delivery's last error. */
const markBounced = (tx: Db, deliveryId: number, about: ReportedRecipient) =>
  tx
    .update(deliveries)
    .set({ status: 'bounced', lastError: about.detail || `bounced ${about.status}` })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'sent')));

/** Deliveries to this address that soft-bounced within the window: each failed message counts once, however often reported. */
async function softBouncedDeliveries(db: Db, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SOFT_BOUNCE_WINDOW_DAYS * 86_400_000);
  const [row] = await db
    .select({ n: countDistinct(deliveryReports.deliveryId) })
    .from(deliveryReports)
    .where(and(eq(deliveryReports.email, email), eq(deliveryReports.kind, 'soft'), gte(deliveryReports.createdAt, since)));
  return Number(row.n);
}

/** The delivery a Message-ID of ours names (`<delivery-{id}.{release id}@…>`), when that delivery is of that release. */
export async function deliveryOfMessageId(db: Db, messageId: string | undefined): Promise<number | undefined> {
  const match = /^<?delivery-(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@[^>]+>?$/i.exec(messageId?.trim() ?? '');
  if (!match) return undefined;
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.id, Number(match[1])), eq(deliveries.releaseId, match[2].toLowerCase() as ReleaseId)));
  return row?.id;
}

/** Soft bounces and complaints of a release's deliveries (analytics). */
export async function reportCountsOfRelease(db: Db, releaseId: ReleaseId): Promise<{ softBounces: number; complaints: number }> {
  const [row] = await db.execute(sql`
    SELECT count(DISTINCT r.delivery_id) FILTER (WHERE r.kind = 'soft')::int AS "softBounces",
           count(DISTINCT r.delivery_id) FILTER (WHERE r.kind = 'complaint')::int AS complaints
    FROM ${deliveryReports} r JOIN ${deliveries} d ON d.id = r.delivery_id
    WHERE d.release_id = ${releaseId}::uuid AND d.audience = 'list'`).then((r) => rowsOf<{ softBounces: number; complaints: number }>(r));
  return { softBounces: Number(row.softBounces), complaints: Number(row.complaints) };
}
