import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildApp } from '../app.js';
import type { Deps } from '../deps.js';
import { openDatabase, type Database } from '../db/client.js';
import { createMailer } from '../mail/transport.js';
import { scratchDatabase } from '../test/test-db.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { deliveries, pressReleases } from '../db/schema.js';
import { DATABASE_FIGURES_TTL_MS, metricsText } from './metrics.js';

/**
 * What operators and load balancers ask (issue 14): liveness, readiness against a database that is
 * reachable and migrated or not, Prometheus metrics, and the request id that ties an error answer to
 * its log line.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** The app on a database as given (not migrated, or about to be stopped). */
async function appOn(database: Database, env: Record<string, string> = {}) {
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', ...env });
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, pool: 1, db: database.db, log: silent });
  const deps: Deps = { config, database, db: database.db, mailer, now: () => new Date() };
  const app = await buildApp(deps, { serveClient: false });
  await app.ready();
  return app;
}

/** A database of its own that has never been migrated (PGlite in memory, or a new one on the server). */
async function unmigratedDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(serverUrl, 'nashr_ready');
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz without a session when the database is up and migrated', async () => {
    const health = await t.request({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready on a database without the migrations, and says so', async () => {
    const { database, drop } = await unmigratedDatabase();
    const app = await appOn(database);
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('unavailable');
      // Anyone may ask: the answer names no table, statement or database error.
      expect(ready.json().reason).toBe('database unreachable');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });

  it('is not ready once its database has stopped, and still alive', async () => {
    const { database, drop } = await unmigratedDatabase();
    const app = await appOn(database);
    let closed = false;
    try {
      await database.close();
      closed = true;
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reason).toBe('database unreachable');
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      if (!closed) await drop();
      else if (process.env.DATABASE_URL) await drop().catch(() => {}); // the scratch database still goes
    }
  });

  it('is not ready when the database server cannot be reached', async () => {
    // Nothing listens on port 9 of this machine: the connection is refused.
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/none' });
    const app = await appOn(database);
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reason).toBe('database unreachable');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('metrics', () => {
  it('counts requests by route pattern and reads the delivery queue from the database', async () => {
    const owner = await t.signInAs('metrics-owner', { userType: 'active' });
    const [release] = await t.db
      .insert(pressReleases)
      .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: 'Queued', content: '<p>x</p>', status: 'sending', language: 'english' })
      .returning();
    await t.db.insert(deliveries).values([
      { releaseId: release.id, email: 'a@metrics.test', token: 'tok-metrics-a', status: 'queued', nextAttemptAt: new Date(Date.now() - 90_000) },
      { releaseId: release.id, email: 'b@metrics.test', token: 'tok-metrics-b', status: 'sent', sentAt: new Date() },
    ]);
    // The request metrics are the process's (as in production, one per process): other files in this worker may
    // have counted the same route before, so the test reads the count the request adds.
    const notFoundCount = (text: string) =>
      Number(/nashr_http_request_duration_seconds_count\{method="GET",route="\/api\/global-contacts\/:id",status="404"\} (\d+)/.exec(text)?.[1] ?? 0);
    const before = notFoundCount((await t.request({ method: 'GET', url: '/metrics' })).body);
    await t.request({ method: 'GET', url: '/api/global-contacts/12345', as: 'metrics-owner' });

    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(notFoundCount(text)).toBe(before + 1);
    expect(text).toMatch(/nashr_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toMatch(/^nashr_deliveries\{status="queued"\} 1$/m);
    expect(text).toMatch(/^nashr_deliveries\{status="sent"\} 1$/m);
    expect(text).toMatch(/^nashr_queue_depth 1$/m);
    const age = Number(/^nashr_queue_oldest_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(text).toMatch(/^nashr_tracking_events_buffered \d+$/m);
    expect(text).toMatch(/^nashr_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^# TYPE nashr_smtp_responses_total counter$/m);
    expect(text).toMatch(/^# TYPE nashr_messages_sent_total counter$/m);
    // Unmatched URLs share one label: a scanner cannot grow the metrics without bound.
    await t.request({ method: 'GET', url: '/api/no-such-thing-1' });
    await t.request({ method: 'GET', url: '/api/no-such-thing-2' });
    const after = (await t.request({ method: 'GET', url: '/metrics' })).body;
    expect(after).not.toContain('no-such-thing');
    expect(after).toMatch(/route="unmatched",status="404"/);
  });

  it('asks for METRICS_TOKEN as a bearer token when one is set', async () => {
    const guarded = await createTestApp({ METRICS_TOKEN: 'a-metrics-token-of-length' });
    try {
      expect((await guarded.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await guarded.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-metrics-token-of-lengtX' } });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-metrics-token-of-length' } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('nashr_deliveries');
      // Health and readiness stay open to the load balancer.
      expect((await guarded.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('metrics at scale', () => {
  it('reads the service-wide figures from the database once in a while, however many scrape meanwhile', async () => {
    const owner = await t.signInAs('metrics-cache', { userType: 'active' });
    const [release] = await t.db
      .insert(pressReleases)
      .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: 'Sent', content: '<p>x</p>', status: 'sent', language: 'english' })
      .returning();
    const sent = (text: string) => Number(/^nashr_deliveries\{status="sent"\} (\d+)$/m.exec(text)?.[1]);
    // Later than any scrape of the tests above, so the first figures here are read afresh.
    const at = new Date(Date.now() + 3_600_000);
    const first = sent((await metricsText(t.db, at)).body);
    await t.db.insert(deliveries).values({ releaseId: release.id, email: 'c@metrics.test', token: 'tok-metrics-c', status: 'sent', sentAt: new Date() });
    const scrapes = await Promise.all(Array.from({ length: 16 }, () => metricsText(t.db, new Date(at.getTime() + 1000))));
    expect(scrapes.map((scrape) => sent(scrape.body))).toEqual(Array(16).fill(first));
    expect(sent((await metricsText(t.db, new Date(at.getTime() + DATABASE_FIGURES_TTL_MS))).body)).toBe(first + 1);
  });
});

describe('request ids', () => {
  it('gives every answer an id, and an error answer the same id in its body', async () => {
    const res = await t.request({ method: 'GET', url: '/api/press-releases' });
    expect(res.statusCode).toBe(401);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: id });

    const missing = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
    const invalid = await t.request({ method: 'POST', url: '/api/auth/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().requestId).toBe(invalid.headers['x-request-id']);
  });

  it("keeps a proxy's well-formed id and replaces one that is not", async () => {
    const kept = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\u0001<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
