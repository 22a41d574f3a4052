import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

/**
 * Prometheus metrics (GET /metrics). Two kinds: what this process itself did (HTTP requests, SMTP
 * answers, messages sent, tracking events waiting to be written, memory), counted where it happens;
 * and what the database says about the whole service (deliveries by status, the queue), read at each
 * scrape so that every process answers the same. A worker without HTTP serves its own on METRICS_PORT.
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

/** The service-wide figures, read from the database into a registry of their own for this scrape. */
async function databaseRegistry(db: Db, now: Date): Promise<Registry> {
  const registry = new Registry();
  const byStatus = new Gauge({ name: 'nashr_deliveries', help: 'Deliveries by status', labelNames: ['status'] as const, registers: [registry] });
  const counts = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`SELECT status, count(*)::int AS n FROM deliveries GROUP BY status`),
  );
  for (const status of DELIVERY_STATUSES) byStatus.set({ status }, 0);
  for (const { status, n } of counts) byStatus.set({ status }, Number(n));

  // Both read the queue index (status, next_attempt_at).
  const [queue] = rowsOf<{ due: number; oldest: string | null }>(
    await db.execute(sql`
      SELECT count(*)::int AS due, min(next_attempt_at) AS oldest FROM deliveries
      WHERE status = 'queued' AND next_attempt_at <= ${now.toISOString()}::timestamptz`),
  );
  new Gauge({ name: 'nashr_queue_depth', help: 'Deliveries due to be sent now', registers: [registry] }).set(Number(queue.due));
  new Gauge({
    name: 'nashr_queue_oldest_age_seconds',
    help: 'How long the longest-waiting due delivery has waited (0 when none is due)',
    registers: [registry],
  }).set(queue.oldest ? Math.max(0, (now.getTime() - new Date(queue.oldest).getTime()) / 1000) : 0);
  return registry;
}

/** The text a scrape gets: this process's metrics and, when a database is given, the service's. */
export async function metricsText(db: Db | undefined, now: Date): Promise<{ contentType: string; body: string }> {
  const registries = db ? [processRegistry, await databaseRegistry(db, now)] : [processRegistry];
  const merged = Registry.merge(registries);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
