import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { pressReleases } from '../src/server/db/schema.js';
import { insertAccount } from '../src/server/test/accounts.js';
import { DATABASE_FIGURES_TTL_MS, metricsText } from '../src/server/operations/metrics.js';
import { fmt, percentile, postgresServerUrl, scratchDatabase, scratchDir } from './support/bench-kit.js';

/**
 * GET /metrics at 300,000 deliveries (100,000 on PGlite; issue 24): what one scrape costs, and what 16 scrapers at once do
 * to a small query a page makes meanwhile. "Before": every scrape reads the figures (each scrape here
 * at its own moment, a TTL apart, so none finds them kept). "After": scrapes within DATABASE_FIGURES_TTL_MS
 * share one read.
 */

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 300_000);
/** PGlite seeds slowly (one connection, in this process): fewer rows there. */
const PGLITE_DELIVERIES = Number(process.env.BENCH_PGLITE_DELIVERIES ?? 100_000);
const SCRAPERS = 16;

async function seed(database: Database, count: number): Promise<string> {
  const { db } = database;
  await migrate(database);
  const user = await insertAccount(db, { email: `bench-${Date.now()}@bench.test`, passwordHash: 'x', companyName: 'Bench' });
  const [release] = await db
    .insert(pressReleases)
    .values({ workspaceId: user.workspaceId, brandId: user.companyBrandId, authorId: user.id, title: 'Benchmark release', status: 'sent', sentAt: new Date() })
    .returning();
  await db.execute(sql`
    INSERT INTO deliveries (release_id, email, token, status, sent_at, next_attempt_at)
    SELECT ${release.id}::uuid, 'reader' || n || '@example.com', md5(n::text) || md5((n + 1)::text),
           (ARRAY['sent', 'sent', 'sent', 'queued', 'bounced'])[1 + n % 5], now() - interval '1 hour', now() - interval '1 minute'
    FROM generate_series(1, ${count}) AS n`);
  await db.execute(sql`ANALYZE deliveries`);
  return user.workspaceId;
}

/** A page's small query, asked one after another while `during` runs: its latencies. */
async function pageQueries(database: Database, workspaceId: string, during: Promise<unknown>): Promise<number[]> {
  let done = false;
  void during.finally(() => (done = true));
  const times: number[] = [];
  do {
    const started = performance.now();
    await database.db.execute(sql`SELECT id, title FROM press_releases WHERE workspace_id = ${workspaceId}::uuid ORDER BY created_at DESC LIMIT 20`);
    times.push(performance.now() - started);
  } while (!done);
  return times.sort((a, b) => a - b);
}

async function scenario(name: string, database: Database, count: number) {
  const workspaceId = await seed(database, count);
  const base = Date.now() + 3_600_000;
  // One scrape alone, read afresh: what each scrape cost before.
  const single = performance.now();
  await metricsText(database.db, new Date(base));
  const singleMs = performance.now() - single;
  const quiet = await pageQueries(database, workspaceId, new Promise((resolve) => setTimeout(resolve, 500)));

  const rows: Record<string, string>[] = [];
  for (const [label, at] of [
    ['before: every scrape reads', (i: number) => new Date(base + (i + 1) * DATABASE_FIGURES_TTL_MS)],
    ['after: scrapes share a read', () => new Date(base + (SCRAPERS + 2) * DATABASE_FIGURES_TTL_MS)],
  ] as const) {
    const started = performance.now();
    const scrapes = Promise.all(Array.from({ length: SCRAPERS }, (_, i) => metricsText(database.db, at(i))));
    const page = await pageQueries(database, workspaceId, scrapes);
    await scrapes;
    rows.push({
      scrapes: label,
      [`${SCRAPERS} scrapes took`]: fmt(performance.now() - started),
      'page query p50': fmt(percentile(page, 50)),
      'page query max': fmt(page.at(-1)!),
    });
  }
  console.log(`\n${name}, ${count.toLocaleString('en')} deliveries: one scrape read afresh ${fmt(singleMs)}; the page query alone p50 ${fmt(percentile(quiet, 50))}`);
  console.table(rows);
}

const serverUrl = await postgresServerUrl();
if (serverUrl) {
  const scratch = await scratchDatabase(serverUrl, 'nashr_bench_metrics');
  try {
    const database = await openDatabase({ url: scratch.url });
    await scenario('PostgreSQL', database, DELIVERIES);
    await database.close();
  } finally {
    await scratch.drop();
  }
} else {
  console.log('PostgreSQL: no server answered; skipped');
}

const pglite = await openDatabase({ dir: scratchDir('metrics-bench') });
await scenario('PGlite', pglite, PGLITE_DELIVERIES);
await pglite.close();
