import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { ReleaseId, UserId } from '../../shared/ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPressReleaseSchema } from '../../shared/releases.js';
import type { Database } from '../db/client.js';
import { deliveries, pressReleases } from '../db/schema.js';
import { loadCurrentUser } from '../access/session.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { saveRelease } from '../releases/releases.service.js';
import { insertAccount } from '../test/accounts.js';
import { exited, freePort, killHard, processDatabase, sleep, startProcess, startRecordingSink } from '../test/processes.js';

const serverUrl = process.env.DATABASE_URL;

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
  let dropDatabase: () => Promise<void>;
  let dbUrl: string;
  let webPort: number;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    ({ url: dbUrl, database, drop: dropDatabase } = await processDatabase(serverUrl!, 'nashr_chaos'));
    webPort = await freePort();
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await dropDatabase?.();
  });

  /** Resolves once the process has started its delivery engine. */
  function start(role: 'web' | 'worker', smtpUrl: string): { child: ChildProcess; ready: Promise<void> } {
    const env = { DATABASE_URL: dbUrl, SMTP_URL: smtpUrl, PORT: String(webPort), SEND_RATE: String(SEND_RATE), SMTP_POOL: String(SMTP_POOL) };
    return startProcess(role, env, 'Background worker started', children);
  }

  async function sendRelease(userId: UserId, listId: string) {
    const user = (await loadCurrentUser(database.db, userId))!;
    const input = sendPressReleaseSchema.parse(releasePayload({ recipientLists: [listId] }));
    // This test is about the engine surviving kills: the installation runs without editorial review.
    const release = await saveRelease({ db: database.db, now: () => new Date(), publicUrl: 'http://localhost:3000', review: false }, user, input);
    expect(release.recipientCount).toBe(RECIPIENTS);
    return release.id;
  }

  const statusOf = async (releaseId: ReleaseId) =>
    (await database.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, releaseId)))[0].status;

  async function untilSent(releaseId: ReleaseId, whileWaiting?: () => Promise<void>): Promise<void> {
    while ((await statusOf(releaseId)) !== 'sent') {
      if (whileWaiting) await whileWaiting();
      else await sleep(100);
    }
  }

  it('loses nothing, sends again at most the messages in flight at each kill, and finishes', async () => {
    const user = await insertAccount(database.db, {
      email: 'chaos@company.test',
      passwordHash: 'x',
      companyName: 'Chaos Co',
      verified: true,
      userType: 'active',
      monthlyPressReleaseLimit: 2,
    });
    const calm = await createListWithContacts(database.db, user.workspaceId, RECIPIENTS);
    const stormy = await createListWithContacts(database.db, user.workspaceId, RECIPIENTS);
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
