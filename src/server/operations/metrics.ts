import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';
import { deliveries } from '../db/schema.js';

/**
 * Prometheus metrics (GET /metrics). Two kinds: what this process itself did (HTTP requests, SMTP
 * answers, messages sent, tracking events waiting to be written, memory), counted where it happens;
 * and what the database says about the whole service (deliveries by status, the queue), read by each
 * process at most every DATABASE_FIGURES_TTL_MS so that every process answers the same. A worker without
 * HTTP serves its own on METRICS_PORT. In production they ask for METRICS_TOKEN (config.ts).
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'nashr_' });

export const httpDuration = new Histogram({
  name: 'nashr_http_request_duration_seconds',
  help: 'HTTP request durations by route (the route pattern, not the URL) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [processRegistry],
});

export const smtpResponses = new Counter({
  name: 'nashr_smtp_responses_total',
  help: 'Answers of the SMTP relay to the delivery engine, by class (2xx, 4xx, 5xx, or none: no connection)',
  labelNames: ['class'] as const,
  registers: [processRegistry],
});

export const messagesSent = new Counter({
  name: 'nashr_messages_sent_total',
  help: 'Release messages accepted by the SMTP relay (rate() of it is messages sent per second)',
  registers: [processRegistry],
});

export const feedFetches = new Counter({
  name: 'nashr_feed_fetches_total',
  help: 'Coverage feed fetches by result (ok, not_modified, error, refused: a private address)',
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

export const pagesUnreadable = new Counter({
  name: 'nashr_article_pages_unreadable_total',
  help: 'Article pages not read, by reason (too_large, too_deep, too_many_elements, too_slow, too_much_memory)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

/** Where the tracking event buffers of this process report how many events wait to be written. */
const trackingBuffers = new Set<{ readonly size: number }>();
export function watchTrackingBuffer(buffer: { readonly size: number }): () => void {
  trackingBuffers.add(buffer);
  return () => trackingBuffers.delete(buffer);
}
new Gauge({
  name: 'nashr_tracking_events_buffered',
  help: 'Opens, clicks, downloads and unsubscribes answered but not yet written to the database',
  registers: [processRegistry],
  collect() {
    this.set([...trackingBuffers].reduce((sum, buffer) => sum + buffer.size, 0));
  },
});

export function smtpResponseClass(code: number | undefined): string {
  return code === undefined ? 'none' : `${Math.floor(code / 100)}xx`;
}

const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'bounced', 'complained', 'failed'];

/**
 * How long the service-wide figures read for one scrape serve the next ones. Counting deliveries by
 * status reads every row (90–140 ms at 300,000), and each Prometheus replica scrapes every process: read
 * at every scrape, 16 scrapers took a page of the app from 2 to 411 ms. Kept this long, a process reads
 * them at most once in the interval, and scrapes that come while they are read wait for that one read.
 */
export const DATABASE_FIGURES_TTL_MS = 10_000;

type DatabaseFigures = { byStatus: Array<{ status: string; n: number }>; due: number; oldest: string | null };

const keptFigures = new WeakMap<Db, { readAt: number; figures: Promise<DatabaseFigures> }>();

async function readDatabaseFigures(db: Db, now: Date): Promise<DatabaseFigures> {
  const byStatus = rowsOf<{ status: string; n: number }>(await db.execute(sql`SELECT status, count(*)::int AS n FROM ${deliveries} GROUP BY status`));
  // Both read the queue index (status, next_attempt_at).
  const [queue] = rowsOf<{ due: number; oldest: string | null }>(
    await db.execute(sql`
      SELECT count(*)::int AS due, min(next_attempt_at) AS oldest FROM ${deliveries}
      WHERE status = 'queued' AND next_attempt_at <= ${now.toISOString()}::timestamptz`),
  );
  return { byStatus, due: Number(queue.due), oldest: queue.oldest };
}

/** The figures read at most DATABASE_FIGURES_TTL_MS ago, or being read now; a failed read is not kept. */
function databaseFigures(db: Db, now: Date): Promise<DatabaseFigures> {
  const kept = keptFigures.get(db);
  const age = kept ? now.getTime() - kept.readAt : Infinity;
  if (kept && age >= 0 && age < DATABASE_FIGURES_TTL_MS) return kept.figures;
  const figures = readDatabaseFigures(db, now);
  keptFigures.set(db, { readAt: now.getTime(), figures });
  figures.catch(() => {
    if (keptFigures.get(db)?.figures === figures) keptFigures.delete(db);
  });
  return figures;
}

/** The service-wide figures in a registry of their own for this scrape. */
async function databaseRegistry(db: Db, now: Date): Promise<Registry> {
  const { byStatus, due, oldest } = await databaseFigures(db, now);
  const registry = new Registry();
  const deliveriesByStatus = new Gauge({ name: 'nashr_deliveries', help: 'Deliveries by status', labelNames: ['status'] as const, registers: [registry] });
  for (const status of DELIVERY_STATUSES) deliveriesByStatus.set({ status }, 0);
  for (const { status, n } of byStatus) deliveriesByStatus.set({ status }, Number(n));
  new Gauge({ name: 'nashr_queue_depth', help: 'Deliveries due to be sent now', registers: [registry] }).set(due);
  new Gauge({
    name: 'nashr_queue_oldest_age_seconds',
    help: 'How long the longest-waiting due delivery has waited (0 when none is due)',
    registers: [registry],
  }).set(oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0);
  return registry;
}

/** The text a scrape gets: this process's metrics and, when a database is given, the service's. */
export async function metricsText(db: Db | undefined, now: Date): Promise<{ contentType: string; body: string }> {
  const registries = db ? [processRegistry, await databaseRegistry(db, now)] : [processRegistry];
  const merged = Registry.merge(registries);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
