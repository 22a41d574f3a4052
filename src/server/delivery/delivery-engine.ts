import type { ReleaseId } from '../../shared/ids.js';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { deliveries, pressReleases, workspaces } from '../db/schema.js';
import { suppress } from '../suppressions/suppressions.service.js';
import { DeliveryError, type DeliveryTransport } from './delivery-transport.js';
import { messageFor, renderRelease, type RenderedRelease } from './release-renderer.js';
import { renderEmbargoNotice } from './embargo-notice.js';
import { TokenBucket } from './token-bucket.js';
import { createGroupWriter } from './group-writer.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { preferenceToken } from '../preferences/preference-link.js';
import type { DkimSigner } from '../deliverability/dkim-signer.js';
import { messagesSent, smtpResponseClass, smtpResponses } from '../operations/metrics.js';

/**
 * The delivery engine (ARCHITECTURE.md §6). Claims queued deliveries in batches with
 * UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) and a short lease that a heartbeat
 * renews while the batch is in hand, so any number of engines on one database never send a delivery
 * twice, and a dead engine's rows come back within one lease. Outcomes are written in groups, each at most
 * 20 ms after the server answered (OUTCOME_WINDOW_MS), and all of a batch before it ends, so a crash sends
 * again at most the messages in flight and those answered in the last 20 ms. Outcomes: 2xx → sent; 4xx or connection error
 * → retried with exponential backoff until the retry window (from when the message was queued) ends, then
 * failed; 5xx → bounced and the address suppressed.
 */

export type EngineOptions = {
  db: Db;
  transport: DeliveryTransport;
  publicUrl: string;
  mailFrom: string;
  now?: () => Date;
  /** Messages per second for this engine; 0 is unlimited (SEND_RATE). */
  sendRate?: number;
  batchSize?: number;
  /** How long claimed rows stay this engine's without a heartbeat: a dead engine's rows return after it. */
  leaseMs?: number;
  /** How long temporary failures are retried, from when the delivery was queued (RETRY_WINDOW); then it fails. */
  retryWindowMs?: number;
  /** First retry delay; doubled at each further attempt, up to MAX_RETRY_DELAY_MS. */
  retryBaseMs?: number;
  /** Pause between polls when nothing is due. */
  idleMs?: number;
  workerId?: string;
  /** Each delivery's envelope sender (VERP, so later bounces name it); the From address when unset. */
  bounceAddress?: (deliveryId: number) => string;
  /** A journalist's reply address (replies/reply-address.ts); Reply-To stays the media contact when unset. */
  replyAddress?: (deliveryId: number) => string;
  /** Signs every message (DKIM) when given. */
  dkim?: DkimSigner;
  /** Signs the preference links (APP_SECRET); read from the database, as the web process does, when unset. */
  appSecret?: string;
  log?: { error: (obj: object, msg: string) => void };
  /**
   * Told after each claimed batch, once all its outcomes are stored, for every release the batch touched: the release's lifecycle closes
   * a release none of whose messages is left (releases/lifecycle.ts finishIfDone); the engine never writes
   * a release's status.
   */
  onReleaseDrained: (db: Db, releaseId: ReleaseId, at: Date) => Promise<unknown>;
};

type Claimed = {
  id: number;
  releaseId: ReleaseId;
  email: string;
  token: string;
  language: string;
  audience: string;
  attempts: number;
  queuedAt: Date;
};
/** `answer`: the receiving server's words (its acceptance, or the refusal), kept for the delivery log. */
type Outcome = { delivery: Claimed; kind: 'sent' | 'retry' | 'bounced' | 'released'; error?: string; answer?: string };

export type DeliveryEngine = {
  readonly workerId: string;
  /** Claims and sends one batch; resolves with the number of deliveries claimed. */
  runOnce(): Promise<number>;
  /** Runs batches until nothing is due now. */
  drain(): Promise<number>;
  start(): void;
  /** Finishes the in-flight batch (messages not yet started go back to the queue), then resolves. */
  stop(): Promise<void>;
};

const RENDER_CACHE_SIZE = 16;
/** A heartbeat renews it every third of it; a killed engine's rows are sent by another within this. */
const DEFAULT_LEASE_MS = 15_000;
/** No batch of about two seconds of work takes this long unless it is stuck. */
const MAX_RENEWED_MS = 10 * 60_000;
/** Like an MTA's queue: a relay that throttles for a day is still tried at least hourly, so it is sent soon after it recovers. */
const MAX_RETRY_DELAY_MS = 60 * 60_000;
const DEFAULT_RETRY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * When a temporarily refused message is tried next, or undefined when its window has ended (it fails):
 * the delay doubles from `baseMs` up to an hour, and the last attempt is made at the window's end.
 */
export function nextRetryAt(at: Date, attempts: number, queuedAt: Date, baseMs: number, windowMs: number): Date | undefined {
  const windowEnd = queuedAt.getTime() + windowMs;
  if (at.getTime() >= windowEnd) return undefined;
  const delay = Math.min(baseMs * 2 ** Math.min(attempts - 1, 30), MAX_RETRY_DELAY_MS);
  return new Date(Math.min(at.getTime() + delay, windowEnd));
}

export function createDeliveryEngine(options: EngineOptions): DeliveryEngine {
  const db = options.db;
  const now = options.now ?? (() => new Date());
  const workerId = options.workerId ?? `engine-${randomBytes(6).toString('hex')}`;
  const sendRate = options.sendRate ?? 0;
  // With a rate limit, claim about two seconds of work: far less than a lease, and little for the rows
  // of a killed engine to wait for.
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 100, sendRate > 0 ? Math.ceil(sendRate * 2) : Infinity));
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const retryWindowMs = options.retryWindowMs ?? DEFAULT_RETRY_WINDOW_MS;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const idleMs = options.idleMs ?? 1000;
  const bucket = new TokenBucket(sendRate);
  const rendered = new Map<string, Promise<RenderedRelease>>();
  let secret: Promise<string> | undefined;
  const appSecret = () => (secret ??= ensureAppSecret({ db, config: { appSecret: options.appSecret } }));

  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  function renderOnce(releaseId: ReleaseId): Promise<RenderedRelease> {
    let entry = rendered.get(releaseId);
    if (!entry) {
      entry = renderRelease(db, releaseId, options.publicUrl, 'recipients', now());
      entry.catch(() => rendered.delete(releaseId));
      rendered.set(releaseId, entry);
      if (rendered.size > RENDER_CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
    }
    return entry;
  }

  async function claim(): Promise<Claimed[]> {
    const at = now();
    const result = await db.execute(sql`
      UPDATE ${deliveries}
      SET status = 'sending', locked_by = ${workerId}, attempts = attempts + 1,
          locked_until = ${new Date(at.getTime() + leaseMs).toISOString()}::timestamptz
      WHERE id IN (
        SELECT id FROM ${deliveries}
        WHERE ((status = 'queued' AND next_attempt_at <= ${at.toISOString()}::timestamptz)
           OR (status = 'sending' AND locked_until < ${at.toISOString()}::timestamptz))
          -- A suspended workspace's messages wait, queued, until a super admin reactivates it.
          AND NOT EXISTS (SELECT 1 FROM ${pressReleases} pr JOIN ${workspaces} w ON w.id = pr.workspace_id
                          WHERE pr.id = deliveries.release_id AND w.suspended_at IS NOT NULL)
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, release_id, email, token, language, audience, attempts, created_at`);
    const rows = rowsOf<Record<string, unknown>>(result);
    return rows.map((r) => ({
      id: Number(r.id),
      releaseId: String(r.release_id) as ReleaseId,
      email: String(r.email),
      token: String(r.token),
      language: String(r.language),
      audience: String(r.audience),
      attempts: Number(r.attempts),
      queuedAt: new Date(r.created_at as string),
    }));
  }

  async function deliver(delivery: Claimed): Promise<Outcome> {
    try {
      // An embargo notice is the journalist's own (their zone, their agreement link): rendered per delivery.
      const release =
        delivery.audience === 'embargo_notice'
          ? await renderEmbargoNotice(db, delivery, options.publicUrl, await appSecret())
          : await renderOnce(delivery.releaseId);
      const preferencesToken = delivery.audience !== 'follower' ? preferenceToken(delivery.id, await appSecret()) : undefined;
      await bucket.take();
      if (stopping) return { delivery, kind: 'released' };
      const answer = await options.transport.send(
        messageFor(release, delivery, options.mailFrom, options.publicUrl, now(), {
          returnPath: options.bounceAddress?.(delivery.id),
          dkim: options.dkim,
          preferencesToken,
          replyAddress: delivery.audience === 'list' ? options.replyAddress?.(delivery.id) : undefined,
        }),
      );
      smtpResponses.inc({ class: '2xx' });
      messagesSent.inc();
      return { delivery, kind: 'sent', answer: answer.slice(0, 500) };
    } catch (error) {
      const code = error instanceof DeliveryError ? error.responseCode : undefined;
      if (error instanceof DeliveryError) smtpResponses.inc({ class: smtpResponseClass(code) });
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
      if (code !== undefined && code >= 500) return { delivery, kind: 'bounced', error: message };
      return { delivery, kind: 'retry', error: message };
    }
  }

  /** Every update is guarded by our lease: a row another engine has taken over is left to it. */
  const ours = (ids: number[]) => and(inArray(deliveries.id, ids), eq(deliveries.lockedBy, workerId), eq(deliveries.status, 'sending'));

  async function record(outcomes: Outcome[]): Promise<void> {
    const at = now();
    const sent = outcomes.filter((o) => o.kind === 'sent');
    if (sent.length) {
      // One statement for the batch, each row with its own answer (the server's queue id), still only our rows.
      await db.execute(sql`
        UPDATE ${deliveries} d
        SET status = 'sent', sent_at = ${at.toISOString()}::timestamptz, locked_until = NULL, last_error = NULL,
            smtp_response = v.answer, last_attempt_at = ${at.toISOString()}::timestamptz
        FROM unnest(${sql.param(sent.map((o) => o.delivery.id))}::bigint[], ${sql.param(sent.map((o) => o.answer ?? null))}::text[]) AS v(id, answer)
        WHERE d.id = v.id AND d.locked_by = ${workerId} AND d.status = 'sending'`);
    }
    const released = outcomes.filter((o) => o.kind === 'released').map((o) => o.delivery.id);
    if (released.length) {
      await db
        .update(deliveries)
        .set({ status: 'queued', lockedUntil: null, lockedBy: null, attempts: sql`${deliveries.attempts} - 1` })
        .where(ours(released));
    }
    for (const o of outcomes) {
      if (o.kind === 'retry') {
        const retryAt = nextRetryAt(at, o.delivery.attempts, o.delivery.queuedAt, retryBaseMs, retryWindowMs);
        // A temporary failure once the retry window has ended is final.
        const row = retryAt ? { status: 'queued' as const, lockedBy: null, nextAttemptAt: retryAt } : { status: 'failed' as const };
        await db
          .update(deliveries)
          .set({ ...row, lockedUntil: null, lastError: o.error, smtpResponse: o.error, lastAttemptAt: at })
          .where(ours([o.delivery.id]));
      } else if (o.kind === 'bounced') {
        await db
          .update(deliveries)
          .set({ status: 'bounced', lockedUntil: null, lastError: o.error, smtpResponse: o.error, lastAttemptAt: at })
          .where(ours([o.delivery.id]));
        await suppress(db, o.delivery.email, 'bounced', o.delivery.releaseId);
      }
    }
  }

  const outcomes = createGroupWriter(record);

  /** Keeps the batch's unanswered rows ours while it is in hand; rows already recorded are no longer 'sending'. */
  async function renewLease(ids: number[]): Promise<void> {
    await db
      .update(deliveries)
      .set({ lockedUntil: new Date(now().getTime() + leaseMs) })
      .where(ours(ids));
  }

  async function runOnce(): Promise<number> {
    const batch = await claim();
    if (!batch.length) return 0;
    const ids = batch.map((d) => d.id);
    // A batch stuck far longer than any send takes (a connection that never answers) stops renewing,
    // so its rows go to another engine instead of waiting for this one forever.
    const renewUntil = Date.now() + MAX_RENEWED_MS;
    const heartbeat = setInterval(() => {
      if (Date.now() > renewUntil) return clearInterval(heartbeat);
      renewLease(ids).catch((error) => options.log?.error({ err: error }, 'delivery lease renewal failed'));
    }, leaseMs / 3);
    try {
      // Settle every message of the batch before the heartbeat stops, even if one outcome failed to be written.
      const stored: Array<Promise<void>> = [];
      await Promise.allSettled(batch.map(async (delivery) => stored.push(outcomes.write(await deliver(delivery)))));
      // Every message has its answer: what still waits for its window is written now.
      outcomes.flush();
      const written = await Promise.allSettled(stored);
      const failure = written.find((w) => w.status === 'rejected');
      if (failure) throw failure.reason;
    } finally {
      clearInterval(heartbeat);
    }
    // Once per batch, when all its outcomes are stored: a release can only have drained by then.
    for (const releaseId of new Set(batch.map((d) => d.releaseId))) await options.onReleaseDrained(db, releaseId, now());
    return batch.length;
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        options.log?.error({ err: error }, 'delivery batch failed');
      }
      if (claimed === 0 && !stopping) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, idleMs);
        });
      }
    }
  }

  return {
    workerId,
    runOnce,
    async drain() {
      let total = 0;
      for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
      return total;
    },
    start() {
      loop ??= run();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}
