import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import type { Role } from '../../src/shared/auth.js';
import { sessions } from '../../src/server/db/schema.js';
import { insertAccount } from '../../src/server/test/accounts.js';
import { randomToken, sha256 } from '../../src/server/http/tokens.js';

/** A database of our own on a PostgreSQL server, dropped by `drop()` (the test harness's own). */
export { scratchDatabase } from '../../src/server/test/test-db.js';

export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const scratchDir = (name: string) => {
  const dir = path.join(benchRoot, '.data', name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  return dir;
};

/** A signed-in user (owner of a workspace) straight in the database (as the test harness does); returns the cookie header. */
export async function sessionCookie(db: Db, fields: { role?: Role; userType?: string } = {}): Promise<string> {
  const user = await insertAccount(db, {
    email: `bench-${randomBytes(4).toString('hex')}@bench.test`,
    passwordHash: 'not-used',
    companyName: 'Bench',
    verified: true,
    role: fields.role ?? 'user',
    userType: fields.userType ?? 'trial',
  });
  const id = randomToken();
  await db.insert(sessions).values({ idHash: sha256(id), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${id}`;
}

export type RunningServer = { url: string; pid: number; memory: () => { rssMb: number; peakMb: number }; stop: () => Promise<void> };

/** Starts bench/support/serve.ts as its own process, so its memory is measured alone. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchRoot, 'support', 'serve.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/LISTENING (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const memory = () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    memory,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The PostgreSQL server to benchmark on: DATABASE_URL, else the local one when it answers. */
export async function postgresServerUrl(): Promise<string | undefined> {
  const candidate = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return candidate;
  } catch {
    return undefined;
  }
}

export function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1))];
}

/**
 * Sequential requests (one at a time: latency, not throughput); p50/p95 in ms. Several cookies take
 * turns, so that per-user request limits (searches a minute) do not end a long run.
 */
export async function measure(urls: string[], cookie: string | string[]): Promise<{ p50: number; p95: number; max: number; n: number }> {
  const cookies = typeof cookie === 'string' ? [cookie] : cookie;
  const times: number[] = [];
  const timed: Array<{ url: string; ms: number }> = [];
  for (const [i, url] of urls.entries()) {
    times.push(await timedFetch(url, cookies[i % cookies.length]));
    timed.push({ url, ms: times[times.length - 1] });
  }
  // BENCH_SLOWEST=n names the n slowest requests of each measurement, to see what makes a tail.
  const slowest = Number(process.env.BENCH_SLOWEST ?? 0);
  for (const { url, ms } of timed.sort((a, b) => b.ms - a.ms).slice(0, slowest))
    console.log(`    slow: ${fmt(ms)} ${decodeURIComponent(new URL(url).search)}`);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], n: times.length };
}

/** The requests sent at once, as a page's first screen sends them; each one's time, in the given order. */
export async function measureTogether(urls: string[], cookie: string | string[]): Promise<number[]> {
  const cookies = typeof cookie === 'string' ? [cookie] : cookie;
  return Promise.all(urls.map((url, i) => timedFetch(url, cookies[i % cookies.length])));
}

/** One request's time until its whole answer has arrived; an answer that is not 2xx stops the bench. */
async function timedFetch(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.status} for ${url}`);
  return performance.now() - started;
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
