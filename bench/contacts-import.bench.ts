import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import type { ImportSummary } from '../src/shared/contacts.js';
import { writeImportCsvFile } from '../scripts/demo-data/csv.js';
import { fmt, percentile, postgresServerUrl, scratchDatabase, scratchDir, sessionCookie, startServer, type RunningServer } from './support/bench-kit.js';

/**
 * Import of a 100,000-row CSV through HTTP into the real app: rows per second, the peak memory of
 * the server process (the import streams in batches, so the peak should not grow with the file), and
 * how long /api/auth/me takes while the import runs, against the same requests with the server idle
 * (the import commits a chunk at a time, so other requests wait for one chunk at most).
 * V8 grows its heap lazily, so garbage shows up in the peak: run with
 * NODE_OPTIONS=--max-old-space-size=160 to see that the same import fits a small, fixed heap.
 */

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const WARM_UP_ROWS = 1_000;
const SEED_OF_WARM_UP = 99;

async function upload(server: RunningServer, cookie: string, file: string): Promise<{ summary: ImportSummary; ms: number }> {
  const form = new FormData();
  form.append('csvFile', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file));
  const started = performance.now();
  const res = await fetch(`${server.url}/api/global-contacts/import`, { method: 'POST', body: form, headers: { cookie } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return { summary: body.summary, ms: performance.now() - started };
}

/** /api/auth/me, one request at a time every ME_INTERVAL_MS, until `until` settles: each latency in ms. */
const ME_INTERVAL_MS = 100;
async function meLatencies(server: RunningServer, cookie: string, until: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => {});
  const times: number[] = [];
  while (!settled) {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`/api/auth/me answered ${res.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, ME_INTERVAL_MS));
  }
  return times.sort((a, b) => a - b);
}

const describeLatencies = (times: number[]) =>
  `p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}, max ${fmt(times[times.length - 1])} (${times.length} requests)`;

async function scenario(label: string, serverEnv: Record<string, string>, cookie: string, files: { warmUp: string; main: string }) {
  const server = await startServer(serverEnv);
  try {
    await upload(server, cookie, files.warmUp);
    const idle = await meLatencies(server, cookie, new Promise((resolve) => setTimeout(resolve, 3_000)));
    const before = server.memory();
    const importing = upload(server, cookie, files.main);
    const during = await meLatencies(server, cookie, importing);
    const { summary, ms } = await importing;
    const after = server.memory();
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    console.log(`\n${label} — import of ${ROWS.toLocaleString('en')} rows (${(fs.statSync(files.main).size / 1024 / 1024).toFixed(1)} MB)`);
    console.log(`  added ${summary.added}, rejected ${summary.errorCount}, in ${(ms / 1000).toFixed(1)} s → ${Math.round(summary.added / (ms / 1000))} rows/s`);
    console.log(`  server RSS before ${mb(before.rssMb)} (peak so far ${mb(before.peakMb)}), peak during import ${mb(after.peakMb)}, growth ${mb(after.peakMb - before.peakMb)}`);
    console.log(`  peak growth per 10,000 rows: ${((after.peakMb - before.peakMb) / (ROWS / 10_000)).toFixed(2)} MB (flat memory ≈ 0)`);
    console.log(`  /api/auth/me idle:          ${describeLatencies(idle)}`);
    console.log(`  /api/auth/me during import: ${describeLatencies(during)}`);
    console.log(`  ratio during/idle: p95 ×${(percentile(during, 95) / percentile(idle, 95)).toFixed(1)}, max ×${(during[during.length - 1] / idle[idle.length - 1]).toFixed(1)} (target: max under 1,000 ms)`);
    if (summary.added !== ROWS) throw new Error(`expected ${ROWS} rows added`);
  } finally {
    await server.stop();
  }
}

const dataDir = scratchDir('contacts-import');
fs.mkdirSync(dataDir, { recursive: true });
const files = { warmUp: path.join(dataDir, 'warm-up.csv'), main: path.join(dataDir, `contacts-${ROWS}.csv`) };
await writeImportCsvFile(files.warmUp, WARM_UP_ROWS, SEED_OF_WARM_UP);
await writeImportCsvFile(files.main, ROWS);

if (process.env.BENCH_ONLY !== 'postgres') {
  const dir = path.join(dataDir, 'pglite');
  const database = await openDatabase({ dir });
  await migrate(database);
  const cookie = await sessionCookie(database.db, { role: 'super_admin', userType: 'super_admin' });
  await database.close();
  await scenario('PGlite', { BENCH_PGLITE_DIR: dir, DATABASE_URL: '' }, cookie, files);
}

if (process.env.BENCH_ONLY !== 'pglite') {
  const serverUrl = await postgresServerUrl();
  if (!serverUrl) console.log('\nPostgreSQL: no server reachable (set DATABASE_URL); scenario skipped');
  else {
    const scratch = await scratchDatabase(serverUrl, 'nashr_bench_import');
    try {
      const database = await openDatabase({ url: scratch.url });
      await migrate(database);
      const cookie = await sessionCookie(database.db, { role: 'super_admin', userType: 'super_admin' });
      await database.close();
      await scenario('PostgreSQL', { DATABASE_URL: scratch.url }, cookie, files);
    } finally {
      await scratch.drop();
    }
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });
