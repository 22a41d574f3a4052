import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPressReleaseSchema } from '../../shared/releases.js';
import type { Database } from '../db/client.js';
import { pressReleases, users } from '../db/schema.js';
import { toCurrentUser } from '../http/session.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { saveRelease } from '../releases/releases.service.js';
import { exited, freePort, processDatabase, sleep, startProcess, startRecordingSink } from '../test/processes.js';

const serverUrl = process.env.DATABASE_URL;
const RECIPIENTS = 300;

/**
 * The topology of compose.yaml without containers (issue 14): one web process that does not send
 * (WORKERS=off) and two worker processes on one PostgreSQL database. The web answers readiness and
 * metrics; the workers send every message once between them and each serves its own metrics.
 */
describe.skipIf(!serverUrl)('one web and two workers (PostgreSQL only: PGlite is single-process)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let dbUrl: string;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    ({ url: dbUrl, database, drop } = await processDatabase(serverUrl!, 'nashr_topology'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await drop?.();
  });

  const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

  it('serves from the web, sends from the workers, once each, and stops cleanly', async () => {
    const sink = await startRecordingSink();
    try {
      const [webPort, metricsA, metricsB] = await Promise.all([freePort(), freePort(), freePort()]);
      const env = { DATABASE_URL: dbUrl, SMTP_URL: sink.url, LOG_FORMAT: 'json' };
      const web = startProcess('web', { ...env, PORT: String(webPort), WORKERS: 'off' }, 'Nashr is running', children);
      const workers = [metricsA, metricsB].map((port) => startProcess('worker', { ...env, METRICS_PORT: String(port) }, 'Background worker started', children));
      await Promise.all([web.ready, ...workers.map((w) => w.ready)]);
      const base = `http://127.0.0.1:${webPort}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);

      const [user] = await database.db
        .insert(users)
        .values({ email: 'topology@company.test', passwordHash: 'x', companyName: 'Topology Co', verified: true, userType: 'active', monthlyPressReleaseLimit: 1 })
        .returning();
      const list = await createListWithContacts(database.db, user.id, RECIPIENTS);
      const input = sendPressReleaseSchema.parse(releasePayload({ recipientLists: [list.listId] }));
      // About the processes, not review: the installation runs without editorial review.
      const release = await saveRelease({ db: database.db, now: () => new Date(), publicUrl: 'http://localhost:3000', review: false }, toCurrentUser(user), input);
      const statusOf = async () => (await database.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, release.id)))[0].status;
      for (let waited = 0; (await statusOf()) !== 'sent'; waited += 100) {
        if (waited > 60_000) throw new Error(`the release is still ${await statusOf()}`);
        await sleep(100);
      }
      expect([...sink.received].sort()).toEqual([...list.emails].sort());

      // The workers sent them (each counts its own); the web reads the service-wide figures.
      const sentBy = await Promise.all(
        [metricsA, metricsB].map(async (port) => metric(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), 'nashr_messages_sent_total')),
      );
      expect(sentBy[0] + sentBy[1]).toBe(RECIPIENTS);
      const webMetrics = await (await fetch(`${base}/metrics`)).text();
      expect(metric(webMetrics, 'nashr_deliveries\\{status="sent"\\}')).toBe(RECIPIENTS);
      expect(metric(webMetrics, 'nashr_messages_sent_total')).toBe(0);

      const exits = [web, ...workers].map((p) => exited(p.child));
      for (const p of [web, ...workers]) p.child.kill('SIGTERM');
      for (const exit of await Promise.all(exits)) expect(exit.code).toBe(0);
    } finally {
      await sink.close();
    }
  }, 120_000);
});
