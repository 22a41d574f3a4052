import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { deliveries, pressReleases, users } from '../db/schema.js';
import { toCurrentUser } from '../http/session.js';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { saveRelease } from '../releases/releases.service.js';
import { sendPressReleaseSchema } from '../../shared/releases.js';
import { createListWithContacts, releasePayload } from '../releases/release-fixtures.js';

const serverUrl = process.env.DATABASE_URL;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RECIPIENTS = 150;

/**
 * A real worker process (`node --import tsx src/server/main.ts worker`, what `npm run worker` runs) killed with SIGKILL in the middle of a send.
 * Needs a PostgreSQL server: PGlite is an in-process database that a second process cannot open.
 */
describe.skipIf(!serverUrl)('worker process killed mid-send (PostgreSQL only: PGlite is single-process)', () => {
  let database: Database;
  let dbUrl: string;
  const dbName = `nashr_crash_${randomBytes(5).toString('hex')}`;
  const children: ChildProcess[] = [];

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
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  function startWorker(smtpUrl: string): ChildProcess {
    // `tsx` in-process (node --import tsx) rather than the tsx CLI, whose wrapper process would take the
    // SIGKILL while the real worker kept running as an orphan.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'worker'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: dbUrl,
        SMTP_URL: smtpUrl,
        PUBLIC_URL: 'http://localhost:3000',
        SEND_RATE: '40',
        SMTP_POOL: '2',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  }

  /** An SMTP peer that records recipients; connections reset by the killed worker are expected here. */
  async function startRecordingSink() {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 50 * 1024 * 1024,
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

  const exited = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
      else child.once('exit', (code, signal) => resolve({ code, signal }));
    });

  it('loses nothing: after a restart every recipient has the release, duplicates at most the in-flight messages', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ email: 'crash@company.test', passwordHash: 'x', companyName: 'Crash Co', verified: true, userType: 'active', monthlyPressReleaseLimit: 1 })
      .returning();
    const list = await createListWithContacts(db, user.id, RECIPIENTS);
    const input = sendPressReleaseSchema.parse(releasePayload({ recipientLists: [list.listId] }));
    const release = await saveRelease({ db, now: () => new Date(), publicUrl: 'http://localhost:3000' }, toCurrentUser(user), input);
    expect(release.recipientCount).toBe(RECIPIENTS);

    const sink = await startRecordingSink();
    try {
      const first = startWorker(sink.url);
      await expect.poll(() => sink.received.length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(25);
      first.kill('SIGKILL');
      expect((await exited(first)).signal).toBe('SIGKILL');
      const receivedBeforeKill = sink.received.length;
      expect(receivedBeforeKill).toBeLessThan(RECIPIENTS);

      const inFlight = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.status, 'sending'));
      // The dead worker's lease runs out (moved into the past here instead of waiting five minutes).
      await db.execute(sql`UPDATE deliveries SET locked_until = now() - interval '1 second' WHERE status = 'sending'`);

      const second = startWorker(sink.url);
      await expect
        .poll(async () => (await db.select({ status: pressReleases.status }).from(pressReleases).where(eq(pressReleases.id, release.id)))[0].status, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe('sent');
      second.kill('SIGTERM');
      expect((await exited(second)).code).toBe(0);

      const received = sink.received;
      const unique = new Set(received);
      expect([...unique].sort()).toEqual([...list.emails].sort());
      const duplicates = received.length - unique.size;
      expect(duplicates).toBeLessThanOrEqual(inFlight.length);
      const rows = await db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
    } finally {
      await sink.close();
    }
  }, 120_000);
});
