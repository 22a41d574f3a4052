import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import type { Deps } from '../deps.js';
import { accountMailSigning } from '../deliverability/account-mail.js';
import { createMailer } from '../mail/transport.js';
import { startSmtpSink } from './smtp-sink.js';
import { scratchDatabase } from './test-db.js';

/**
 * A database as an older release of the application left it, for migration tests: migrated up to a
 * given migration with drizzle's own migrator, on PGlite or a scratch PostgreSQL database (DATABASE_URL).
 */

export const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

export type OldDatabase = {
  database: Database;
  /** Applies the migrations up to `lastTag` more (the real migrate() applies the rest). */
  migrateUpTo: (lastTag: string) => Promise<void>;
  rows: (query: ReturnType<typeof sql>) => Promise<Array<Record<string, unknown>>>;
  close: () => Promise<void>;
};

/** A copy of the migrations folder whose journal ends at `lastTag`: drizzle's own migrator then stops there. */
async function migrationsUpTo(tempDirs: string[], lastTag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nashr-migrations-'));
  tempDirs.push(dir);
  await cp(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 1) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

export async function openOldDatabase(lastTag: string, scratchName: string): Promise<OldDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl, scratchName) : undefined;
  const database = await openDatabase(scratch ? { url: scratch.url } : {});
  const tempDirs: string[] = [];
  const migrateUpTo = async (tag: string) => {
    const migrationsFolder = await migrationsUpTo(tempDirs, tag);
    if (database.kind === 'postgres') await migratePg(database.db as never, { migrationsFolder });
    else await migratePglite(database.db as never, { migrationsFolder });
  };
  await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  await migrateUpTo(lastTag);
  return {
    database,
    migrateUpTo,
    rows: async (query) =>
      ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows,
    close: async () => {
      await database.close();
      await scratch?.drop();
      await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}

/** The application on a migrated database, to see its public pages answer; `close` stops it and its mail. */
export async function appOn(
  database: Database,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const smtp = await startSmtpSink();
  const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000', SMTP_URL: smtp.url });
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const signing = await accountMailSigning(database.db, config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    pool: 1,
    db: database.db,
    log,
    signing,
  });
  const deps: Deps = { config, database, db: database.db, mailer, now: () => new Date() };
  const app = await buildApp(deps, { serveClient: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await mailer.close();
      await smtp.close();
    },
  };
}
