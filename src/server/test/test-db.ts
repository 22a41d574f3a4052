import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/**
 * Where the suites' migrated template lives (set by `prepareTemplateDatabase` in a global setup, inherited by
 * the test workers): a PGlite data-directory archive, or the name of a database on the PostgreSQL server.
 */
const TEMPLATE_ENV = 'NASHR_TEST_TEMPLATE';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database
 * created on the PostgreSQL server named by DATABASE_URL (dropped again by close()).
 * When the suite prepared a template (its global setup), the new database is a copy of that migrated one
 * instead of being migrated again: the same schema, without re-running every migration for every file.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  const template = process.env[TEMPLATE_ENV] || undefined;
  if (!serverUrl) {
    if (template) return openDatabase({ from: new Blob([fs.readFileSync(template)]) });
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const scratch = await scratchDatabase(serverUrl, 'nashr_test', template);
  const database = await openDatabase({ url: scratch.url });
  if (!template) await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Migrates one database for a whole test run and names it in the environment the test workers inherit, so
 * that createTestDatabase copies it: PGlite's data directory saved to a file, or a template database on the
 * PostgreSQL server. Returns what removes it again, for the global setup's teardown.
 */
export async function prepareTemplateDatabase(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await migrate(database);
    const archive = await database.dumpDataDir!();
    await database.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-test-template-'));
    const file = path.join(dir, 'pglite.tar');
    fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    process.env[TEMPLATE_ENV] = file;
    return async () => {
      delete process.env[TEMPLATE_ENV];
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const scratch = await scratchDatabase(serverUrl, 'nashr_template');
  const database = await openDatabase({ url: scratch.url });
  await migrate(database);
  // A template may have no open connection while it is copied.
  await database.close();
  process.env[TEMPLATE_ENV] = new URL(scratch.url).pathname.slice(1);
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await scratch.drop();
  };
}

/**
 * A new database of our own on a PostgreSQL server (tests, benchmarks), dropped by `drop()`: empty, or a copy
 * of the `template` database.
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(template)}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
