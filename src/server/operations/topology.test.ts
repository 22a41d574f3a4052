import type { ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { sendPressReleaseSchema } from '../../shared/releases.js';
import type { Database } from '../db/client.js';
import { deliveries, pressReleases } from '../db/schema.js';
import { ensureAppSecret } from '../common/app-secret.js';
import { loadConfig } from '../config.js';
import { bounceAddress } from '../deliverability/verp.js';
import { loadCurrentUser } from '../access/session.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';
import { saveRelease } from '../releases/releases.service.js';
import { insertAccount } from '../test/accounts.js';
import { exited, freePort, processDatabase, sleep, startProcess, startRecordingSink } from '../test/processes.js';

const serverUrl = process.env.DATABASE_URL;
const RECIPIENTS = 300;

/**
 * The topology of compose.yaml without containers (issue 14): one web process that does not send
 * (WORKERS=off) and two worker processes on one PostgreSQL database. The web answers readiness and
 * metrics; the workers send every message once between them, each with its own VERP sender, and each
 * serves its own metrics; the first also takes bounces by SMTP.
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
      const [webPort, metricsA, metricsB, inboundPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
      const env = { DATABASE_URL: dbUrl, SMTP_URL: sink.url, LOG_FORMAT: 'json', MAIL_FROM: 'Nashr <releases@nashr.test>' };
      const web = startProcess('web', { ...env, PORT: String(webPort), WORKERS: 'off' }, 'Nashr is running', children);
      // The first worker also listens for bounces.
      const workers = [
        startProcess('worker', { ...env, METRICS_PORT: String(metricsA), INBOUND_SMTP_PORT: String(inboundPort) }, 'Background worker started', children),
        startProcess('worker', { ...env, METRICS_PORT: String(metricsB) }, 'Background worker started', children),
      ];
      await Promise.all([web.ready, ...workers.map((w) => w.ready)]);
      const base = `http://127.0.0.1:${webPort}`;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);

      const user = await insertAccount(database.db, {
        email: 'topology@company.test',
        passwordHash: 'x',
        companyName: 'Topology Co',
        verified: true,
        userType: 'active',
        monthlyPressReleaseLimit: 1,
      });
      const list = await createListWithContacts(database.db, user.workspaceId, RECIPIENTS);
      const input = sendPressReleaseSchema.parse(releasePayload({ recipientLists: [list.listId] }));
      // About the processes, not review: the installation runs without editorial review.
      const release = await saveRelease({ db: database.db, now: () => new Date(), publicUrl: 'http://localhost:3000', review: false }, (await loadCurrentUser(database.db, user.id))!, input);
      const statusOf = async () => (await database.db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, release.id)))[0].status;
      for (let waited = 0; (await statusOf()) !== 'sent'; waited += 100) {
        if (waited > 60_000) throw new Error(`the release is still ${await statusOf()}`);
        await sleep(100);
      }
      expect([...sink.received].sort()).toEqual([...list.emails].sort());
      // Each went with its own VERP envelope sender (and a DKIM signature, dkim.test.ts).
      expect(new Set(sink.senders).size).toBe(RECIPIENTS);
      expect(sink.senders.every((sender) => /^bounces\+\d+\.[0-9a-f]{16}@nashr\.test$/.test(sender))).toBe(true);

      // A bounce for one of them, sent to the listener of the first worker, marks it bounced.
      const [bounced] = await database.db.select().from(deliveries).where(eq(deliveries.email, list.emails[0]));
      const verp = bounceAddress(bounced.id, await ensureAppSecret({ db: database.db, config: loadConfig({}) }), 'nashr.test');
      const remote = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });
      await remote.sendMail({
        envelope: { from: '', to: [verp] },
        raw: `From: MAILER-DAEMON@mx.remote.test\r\nSubject: failure notice\r\n\r\nDelivery failed for <${list.emails[0]}>:\r\n550 5.1.1 no such user\r\n`,
      });
      remote.close();
      const [after] = await database.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.id, bounced.id));
      expect(after.status).toBe('bounced');

      // The workers sent them (each counts its own); the web reads the service-wide figures.
      const sentBy = await Promise.all(
        [metricsA, metricsB].map(async (port) => metric(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), 'nashr_messages_sent_total')),
      );
      expect(sentBy[0] + sentBy[1]).toBe(RECIPIENTS);
      const webMetrics = await (await fetch(`${base}/metrics`)).text();
      expect(metric(webMetrics, 'nashr_deliveries\\{status="sent"\\}')).toBe(RECIPIENTS - 1);
      expect(metric(webMetrics, 'nashr_deliveries\\{status="bounced"\\}')).toBe(1);
      expect(metric(webMetrics, 'nashr_messages_sent_total')).toBe(0);

      const exits = [web, ...workers].map((p) => exited(p.child));
      for (const p of [web, ...workers]) p.child.kill('SIGTERM');
      for (const exit of await Promise.all(exits)) expect(exit.code).toBe(0);
    } finally {
      await sink.close();
    }
  }, 120_000);
});
