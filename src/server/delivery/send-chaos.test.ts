import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPressReleaseSchema } from '../../shared/releases.js';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { deliveries, pressReleases, users } from '../db/schema.js';
import { toCurrentUser } from '../http/session.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { saveRelease } from '../releases/releases.service.js';

const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Four worker processes and the web process (which sends too, WORKERS=inline): 5 × SEND_RATE messages a second. */
const WORKERS = 4;
const SEND_RATE = 10;
const SMTP_POOL = 2;
/** About 24 s undisturbed: long enough for the kills below to fall inside the send. */
const RECIPIENTS = 1200;
const WORKER_KILLS = 20;
const WEB_KILLS = 2;

/**
 * Real processes (`node --import tsx src/server/main.ts worker|web`, what `npm run worker` and `npm start`
 * run) sending one release while they are killed with SIGKILL and restarted, as a supervisor would, every
 * 0.5–1.5 s. Needs a PostgreSQL server: PGlite is an in-process database that a second process cannot open.
 */
describe.skipIf(!serverUrl)('sending while processes are killed (PostgreSQL only: PGlite is single-process)', () => {
  let database: Database;
  let dbUrl: string;
  let webPort: number;
  const dbName = `nashr_chaos_${randomBytes(5).toString('hex')}`;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    database = await openDatabase({ url: dbUrl });
    await migrate(database);
    webPort = await freePort();
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  /** Resolves once the process has started its delivery engine. */
  function start(role: 'web' | 'worker', smtpUrl: string): { child: ChildProcess; ready: Promise<void> } {
    // `tsx` in-process (node --import tsx) rather than the tsx CLI, whose wrapper process would take the
    // SIGKILL while the real process kept running as an orphan.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', role], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: dbUrl,
        SMTP_URL: smtpUrl,
        PUBLIC_URL: 'http://localhost:3000',
        PORT: String(webPort),
        HOST: '127.0.0.1',
        SEND_RATE: String(SEND_RATE),
        SMTP_POOL: String(SMTP_POOL),
        DEMO_DATA: 'off',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(child);
    child.once('exit', () => children.delete(child));
    const ready = new Promise<void>((resolve) => {
      let seen = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('Background worker started')) resolve();
      });
    });
    return { child, ready };
  }

  async function sendRelease(userId: string, listId: string) {
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    const input = sendPressReleaseSchema.parse(releasePayload({ recipientLists: [listId] }));
    // This test is about the engine surviving kills: the installation runs without editorial review.
    const release = await saveRelease({ db: database.db, now: () => new Date(), publicUrl: 'http://localhost:3000', review: false }, toCurrentUser(user), input);
    expect(release.recipientCount).toBe(RECIPIENTS);
    return release.id;
  }

  const statusOf = async (releaseId: string) =>
    (await database.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, releaseId)))[0].status;

  async function untilSent(releaseId: string, whileWaiting?: () => Promise<void>): Promise<void> {
    while ((await statusOf(releaseId)) !== 'sent') {
      if (whileWaiting) await whileWaiting();
      else await sleep(100);
    }
  }

  it('loses nothing, sends again at most the messages in flight at each kill, and finishes', async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: 'chaos@company.test', passwordHash: 'x', companyName: 'Chaos Co', verified: true, userType: 'active', monthlyPressReleaseLimit: 2 })
      .returning();
    const calm = await createListWithContacts(database.db, user.id, RECIPIENTS);
    const stormy = await createListWithContacts(database.db, user.id, RECIPIENTS);
    const sink = await startRecordingSink();
    try {
      let web = start('web', sink.url);
      const workers = Array.from({ length: WORKERS }, () => start('worker', sink.url));
      await Promise.all([web.ready, ...workers.map((w) => w.ready)]);

      // Undisturbed: the same processes send the first release.
      let started = performance.now();
      const calmRelease = await sendRelease(user.id, calm.listId);
      await untilSent(calmRelease);
      const undisturbedMs = performance.now() - started;

      // Disturbed: a process is killed every 0.5–1.5 s and restarted at once; twice it is the web process.
      const kills = { worker: 0, web: 0 };
      const webKillAt = [Math.floor(WORKER_KILLS / 3), Math.floor((2 * WORKER_KILLS) / 3)];
      let nextKillAt = performance.now() + 500 + Math.random() * 1000;
      started = performance.now();
      const stormyRelease = await sendRelease(user.id, stormy.listId);
      await untilSent(stormyRelease, async () => {
        await sleep(50);
        if (performance.now() < nextKillAt || kills.worker >= WORKER_KILLS) return;
        nextKillAt = performance.now() + 500 + Math.random() * 1000;
        if (kills.web < WEB_KILLS && kills.worker >= webKillAt[kills.web]) {
          await killHard(web.child);
          web = start('web', sink.url);
          kills.web++;
        } else {
          const i = Math.floor(Math.random() * WORKERS);
          await killHard(workers[i].child);
          workers[i] = start('worker', sink.url);
          kills.worker++;
        }
      });
      const disturbedMs = performance.now() - started;

      const received = sink.received.filter((address) => stormy.emails.includes(address));
      const unique = new Set(received);
      const duplicates = received.length - unique.size;
      const killCount = kills.worker + kills.web;
      console.log(
        [
          `send of ${RECIPIENTS} by ${WORKERS} workers + web at SEND_RATE=${SEND_RATE}, SMTP_POOL=${SMTP_POOL}`,
          `  undisturbed: ${(undisturbedMs / 1000).toFixed(1)} s`,
          `  with ${kills.worker} worker kills and ${kills.web} web kills: ${(disturbedMs / 1000).toFixed(1)} s (×${(disturbedMs / undisturbedMs).toFixed(2)})`,
          `  lost: ${RECIPIENTS - unique.size}, sent twice: ${duplicates} (bound: ${SMTP_POOL} × ${killCount} kills = ${SMTP_POOL * killCount})`,
        ].join('\n'),
      );

      expect(kills).toEqual({ worker: WORKER_KILLS, web: WEB_KILLS });
      expect([...unique].sort()).toEqual([...stormy.emails].sort());
      expect(duplicates).toBeLessThanOrEqual(SMTP_POOL * killCount);
      const rows = await database.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.releaseId, stormyRelease));
      expect(rows.every((r) => r.status === 'sent')).toBe(true);

      // A stop asked for politely finishes or hands back what is in flight and exits cleanly.
      const exits = [web, ...workers].map((p) => exited(p.child));
      for (const p of [web, ...workers]) p.child.kill('SIGTERM');
      for (const exit of await Promise.all(exits)) expect(exit.code).toBe(0);
    } finally {
      await sink.close();
    }
  }, 300_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

async function killHard(child: ChildProcess): Promise<void> {
  const exit = exited(child);
  child.kill('SIGKILL');
  await exit;
}

/** An SMTP peer that records each accepted message's recipients; connections reset by killed processes are expected. */
async function startRecordingSink() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    maxClients: 200,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
