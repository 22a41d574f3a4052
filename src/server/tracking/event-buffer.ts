import { sql } from 'drizzle-orm';
import type { TrackingEventType } from '../../shared/release-statuses.js';
import type { Db } from '../db/client.js';
import { MACHINE_OPEN_WINDOW_SECONDS } from './machine-open.js';
import { deliveries, trackingEvents } from '../db/schema.js';

/** What a tracking request records; an open may be stored as a machine open (see insert). */
export type RequestedEventType = Exclude<TrackingEventType, 'machine_open'>;

export type PendingEvent = {
  token: string;
  type: RequestedEventType;
  at: string;
  ua: string | null;
  /** The user agent is a known mail-privacy proxy or scanner (see machine-open.ts). */
  proxy: boolean;
  linkId?: number;
  attachmentId?: string;
};

/**
 * Each write has a fixed cost (on embedded PGlite a commit is a synchronous fsync on the event loop),
 * so events are written at most once a second, or at once when a batch is full.
 */
const FLUSH_EVERY_MS = 1000;
const MAX_ROWS_PER_INSERT = 5000;
/** Beyond this many unwritten events (database down for long) the oldest are dropped, not the process. */
const MAX_PENDING = 500_000;

/**
 * Tracking requests answer at once; their events are written in batches: one INSERT … SELECT per flush
 * that resolves tokens to deliveries (unknown tokens simply match nothing) and classifies machine opens.
 * close() writes everything still pending, so a graceful shutdown loses no event.
 */
export class EventBuffer {
  private pending: PendingEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log?: { error: (obj: object, msg: string) => void },
  ) {}

  push(event: PendingEvent): void {
    this.pending.push(event);
    if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING);
    if (this.pending.length >= MAX_ROWS_PER_INSERT && !this.flushing) void this.flush();
    else if (!this.timer && !this.closed) this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  get size(): number {
    return this.pending.length;
  }

  /** Writes what is pending now (one flush at a time; events pushed meanwhile go into the next one). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.flushing) await this.flushing;
    if (!this.pending.length) return;
    this.flushing = this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
    if (this.pending.length && !this.closed && !this.timer) this.timer = setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (let attempt = 0; this.pending.length && attempt < 5; attempt++) await this.flush();
    clearTimeout(this.timer);
  }

  private async writeAll(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.slice(0, MAX_ROWS_PER_INSERT);
      try {
        await this.insert(batch);
        this.pending.splice(0, batch.length);
      } catch (error) {
        // Kept for the next flush: a slow or restarting database delays events, it does not lose them.
        this.log?.error({ err: error }, 'tracking events could not be written yet');
        return;
      }
    }
  }

  private async insert(batch: PendingEvent[]): Promise<void> {
    const rows = batch.map((e) => ({
      token: e.token,
      type: e.type,
      at: e.at,
      ua: e.ua,
      proxy: e.proxy,
      link_id: e.linkId ?? null,
      attachment_id: e.attachmentId ?? null,
    }));
    await this.db.execute(sql`
      INSERT INTO ${trackingEvents} (delivery_id, release_id, type, link_id, attachment_id, user_agent, created_at)
      SELECT d.id, d.release_id,
             CASE WHEN v.type = 'open' AND v.proxy
                       AND (d.sent_at IS NULL OR v.at <= d.sent_at + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS}))
                  THEN 'machine_open' ELSE v.type END,
             v.link_id, v.attachment_id, v.ua, v.at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS v(token text, type text, at timestamptz, ua text, proxy boolean, link_id int, attachment_id uuid)
      JOIN ${deliveries} d ON d.token = v.token`);
  }
}
