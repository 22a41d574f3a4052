import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deliveries, deliveryReports } from '../db/schema.js';
import { suppress } from '../delivery/suppressions.service.js';
import type { ServerReport } from './reports.js';

/** An address that soft-bounced this often within the window is not mailed again. */
export const SOFT_BOUNCES_SUPPRESSED = 3;
const SOFT_BOUNCE_WINDOW_DAYS = 30;

export type ReportOutcome = { applied: 'hard' | 'soft' | 'complaint' } | { ignored: string };

/**
 * Applies what a mail server reported about one delivery: a hard bounce marks it bounced and suppresses
 * the address; a soft bounce is counted (the third in 30 days suppresses); a complaint marks it complained
 * and suppresses the address for every customer. A report about another address than the delivery's
 * (a forged or misrouted one) changes nothing.
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
    await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await tx.insert(deliveryReports).values({ deliveryId, email, kind: 'complaint', status: report.feedbackType, createdAt: now });
      await tx.update(deliveries).set({ status: 'complained' }).where(and(eq(deliveries.id, deliveryId), inArray(deliveries.status, ['sent', 'bounced'])));
      await suppress(tx, email, 'complained', delivery.releaseId);
    });
    return { applied: 'complaint' };
  }
  if (report.type !== 'bounce') return { ignored: 'not a bounce or complaint' };

  const about = report.recipients.find((r) => (r.address ? r.address === email : report.text.toLowerCase().includes(email)));
  if (!about) return { ignored: report.recipients.length ? "bounce names other addresses than the delivery's" : 'bounce without a failed recipient' };
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.insert(deliveryReports).values({ deliveryId, email, kind: about.kind, status: about.status, detail: about.detail || null, createdAt: now });
    if (about.kind === 'hard') {
      await tx
        .update(deliveries)
        .set({ status: 'bounced', lastError: about.detail || `bounced ${about.status}` })
        .where(and(eq(deliveries.id, deliveryId), eq(deliveries.status, 'sent')));
      await suppress(tx, email, 'bounced', delivery.releaseId);
    } else if ((await softBouncesOf(tx, email, now)) >= SOFT_BOUNCES_SUPPRESSED) {
      await suppress(tx, email, 'soft-bounced', delivery.releaseId);
    }
  });
  return { applied: about.kind };
}

async function softBouncesOf(db: Db, email: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - SOFT_BOUNCE_WINDOW_DAYS * 86_400_000);
  const [row] = await db
    .select({ n: count() })
    .from(deliveryReports)
    .where(and(eq(deliveryReports.email, email), eq(deliveryReports.kind, 'soft'), gte(deliveryReports.createdAt, since)));
  return Number(row.n);
}

/** Soft bounces and complaints of a release's deliveries (analytics). */
export async function reportCountsOfRelease(db: Db, releaseId: string): Promise<{ softBounces: number; complaints: number }> {
  const [row] = await db.execute(sql`
    SELECT count(DISTINCT r.delivery_id) FILTER (WHERE r.kind = 'soft')::int AS "softBounces",
           count(DISTINCT r.delivery_id) FILTER (WHERE r.kind = 'complaint')::int AS complaints
    FROM delivery_reports r JOIN deliveries d ON d.id = r.delivery_id
    WHERE d.release_id = ${releaseId}::uuid AND d.audience = 'list'`).then((r) => (r as unknown as { rows: Array<{ softBounces: number; complaints: number }> }).rows);
  return { softBounces: Number(row.softBounces), complaints: Number(row.complaints) };
}
