import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { deliveries, deliveryReports, globalContacts, inboundReplies, researchItems } from '../db/schema.js';
import type { ReplyIntake } from './intake.js';

/**
 * The replies' share of the background work (issue 38), every UPKEEP_MS: replies older than
 * REPLY_RETENTION_DAYS go; human replies whose forward failed are tried again (for a day); and the
 * journalists whose delivery hard-bounced — refused by their server at sending (5xx) or reported later —
 * join the operator's research queue.
 */
const UPKEEP_MS = 30_000;
/** Hard bounces this recent are looked for at each round: far more than a round, little to read. */
const BOUNCE_LOOKBACK_MS = 24 * 3_600_000;

export async function purgeOldReplies(db: Db, retentionDays: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  const gone = await db.delete(inboundReplies).where(lt(inboundReplies.receivedAt, before)).returning({ id: inboundReplies.id });
  return gone.length;
}

/** Journalists of a list whose delivery bounced for good since `since`, into the research queue once while open. */
export async function queueHardBounces(db: Db, since: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${researchItems} (contact_id, email, signal, evidence, delivery_id)
    SELECT (SELECT g.id FROM ${globalContacts} g WHERE g.id = d.contact_id), lower(d.email), 'hard_bounce',
           left(coalesce(r.detail, d.last_error, ''), 2000), d.id
    FROM ${deliveries} d
    LEFT JOIN LATERAL (SELECT detail, created_at FROM ${deliveryReports} WHERE delivery_id = d.id AND kind = 'hard' ORDER BY id DESC LIMIT 1) r ON true
    WHERE d.status = 'bounced' AND d.audience = 'list'
      AND (r.created_at >= ${since.toISOString()}::timestamptz
           OR (d.last_attempt_at >= ${since.toISOString()}::timestamptz AND d.smtp_response ~ '^5'))
      AND NOT EXISTS (SELECT 1 FROM ${researchItems} i WHERE i.delivery_id = d.id)
    ON CONFLICT DO NOTHING`);
}

export function startReplyUpkeep(options: {
  db: Db;
  retentionDays: number;
  intake: ReplyIntake;
  now?: () => Date;
  log: { warn: (message: string) => void };
  intervalMs?: number;
}) {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    const at = now();
    await purgeOldReplies(options.db, options.retentionDays, at);
    await options.intake.forwardPending();
    await queueHardBounces(options.db, new Date(at.getTime() - BOUNCE_LOOKBACK_MS));
  };
  const timer = setInterval(() => {
    running = running.then(round).catch((error: unknown) => options.log.warn(`Reply upkeep failed: ${error instanceof Error ? error.message : String(error)}`));
  }, options.intervalMs ?? UPKEEP_MS);
  return {
    round,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
