import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database
 * created on the PostgreSQL server named by DATABASE_URL (dropped again by close()).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await migrate(database);
    return database;
  }
  const scratch = await scratchDatabase(serverUrl, 'nashr_test');
  const database = await openDatabase({ url: scratch.url });
  await migrate(database);
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database of our own on a PostgreSQL server (tests, benchmarks), dropped by `drop()`. */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
