import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { pressReleases } from '../src/server/db/schema.js';
import { insertAccount } from '../src/server/test/accounts.js';
import { postgresServerUrl, scratchDatabase, scratchDir, startServer, type RunningServer } from './support/bench-kit.js';

/**
 * Open-pixel throughput with autocannon against the real server process: requests per second, p99
 * latency, and that every answered request became a tracking event — in a steady run, and in a run
 * where the server receives SIGTERM under load (buffered events must be written before it exits).
 * Targets on the 2-core machine: ≥ 5,000 req/s on PostgreSQL, ≥ 2,000 on PGlite, p99 ≤ 50 ms, no event lost.
 */

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const TOKENS = 2000;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

type AutocannonResult = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; '2xx': number; non2xx: number; errors: number };
const { default: autocannon } = (await import('autocannon' as string)) as { default: (options: object) => Promise<AutocannonResult> & { stop?: () => void } };

/** A sent release with TOKENS deliveries, so every pixel request names a real recipient. */
async function seed(database: Database): Promise<string[]> {
  const { db } = database;
  await migrate(database);
  const user = await insertAccount(db, { email: `bench-${Date.now()}@bench.test`, passwordHash: 'x', companyName: 'Bench' });
  const [release] = await db
    .insert(pressReleases)
    .values({ workspaceId: user.workspaceId, brandId: user.companyBrandId, authorId: user.id, title: 'Benchmark release', status: 'sent', sentAt: new Date() })
    .returning();
  const result = await db.execute(sql`
    INSERT INTO deliveries (release_id, email, token, status, sent_at)
    SELECT ${release.id}::uuid, 'reader' || n || '@example.com',
           replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), 'sent', now() - interval '1 hour'
    FROM generate_series(1, ${TOKENS}) AS n
    RETURNING token`);
  return (result as unknown as { rows: Array<{ token: string }> }).rows.map((r) => r.token);
}

function load(url: string, tokens: string[], whileRunning?: () => void, duration = DURATION_S) {
  let i = 0;
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { 'user-agent': BROWSER },
    requests: [{ method: 'GET', setupRequest: (request: object) => ({ ...request, path: `/t/o/${tokens[i++ % tokens.length]}.gif` }) }],
  });
  whileRunning?.();
  return run;
}

async function countEvents(open: () => Promise<Database>): Promise<number> {
  const database = await open();
  try {
    const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM tracking_events`);
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  } finally {
    await database.close();
  }
}

/** JIT warm-up with well-formed tokens of nobody: same work per request, no event rows. */
const warmUp = (url: string) => load(url, ['0'.repeat(64)], undefined, 3);

const lossReport = (answered: number, events: number) =>
  events >= answered
    ? `(none lost${events > answered ? `; ${events - answered} more were answered after autocannon's clock stopped` : ''})`
    : `(${answered - events} LOST)`;

async function scenario(label: string, env: Record<string, string>, open: () => Promise<Database>, tokens: string[], target: number) {
  // Steady load, then a graceful stop.
  const before = await countEvents(open);
  let server: RunningServer = await startServer(env);
  await warmUp(server.url);
  const steady = await load(server.url, tokens);
  await server.stop();
  const steadyEvents = (await countEvents(open)) - before;
  const rate = steady.requests.average;
  console.log(
    `  ${label} steady: ${rate.toFixed(0)} req/s (target ≥ ${target}: ${rate >= target ? 'met' : 'NOT met'}), p50 ${steady.latency.p50} ms, ` +
      `p99 ${steady.latency.p99} ms (target ≤ 50: ${steady.latency.p99 <= 50 ? 'met' : 'NOT met'}); ` +
      `${steady['2xx']} answered, ${steadyEvents} events ${lossReport(steady['2xx'], steadyEvents)}`,
  );

  // SIGTERM in the middle of the load: whatever was answered must still be written.
  const beforeKill = await countEvents(open);
  server = await startServer(env);
  await warmUp(server.url);
  let stopping: Promise<void> | undefined;
  const killed = await load(server.url, tokens, () => {
    setTimeout(() => {
      stopping = server.stop();
    }, (DURATION_S * 1000) / 2);
  });
  await stopping;
  const killedEvents = (await countEvents(open)) - beforeKill;
  console.log(
    `  ${label} SIGTERM at ${DURATION_S / 2} s under load: ${killed['2xx']} answered before the stop, ${killedEvents} events ` +
      lossReport(killed['2xx'], killedEvents),
  );
}

console.log(`Open-pixel tracking: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per run, ${TOKENS} recipients`);

const serverUrl = await postgresServerUrl();
if (serverUrl) {
  const scratch = await scratchDatabase(serverUrl, 'nashr_bench_tracking');
  try {
    const seeding = await openDatabase({ url: scratch.url });
    const tokens = await seed(seeding);
    await seeding.close();
    await scenario('PostgreSQL', { DATABASE_URL: scratch.url, LOG_LEVEL: 'warn' }, () => openDatabase({ url: scratch.url }), tokens, 5000);
  } finally {
    await scratch.drop();
  }
} else {
  console.log('  PostgreSQL: no server answered; skipped');
}

const dir = scratchDir('tracking-bench');
const pglite = await openDatabase({ dir });
const tokens = await seed(pglite);
await pglite.close();
await scenario('PGlite', { DATABASE_URL: '', BENCH_PGLITE_DIR: dir, LOG_LEVEL: 'warn' }, () => openDatabase({ dir }), tokens, 2000);
