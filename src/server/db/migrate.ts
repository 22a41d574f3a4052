import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { ADVISORY_LOCKS } from './advisory-locks.js';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Applies every generated migration that has not run yet. Safe to call from several processes. */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  // drizzle-kit does not emit extensions; the trigram index needs this one first.
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
  if (database.kind === 'postgres') {
    // Serialise concurrent starts (web + workers) on one server.
    await db.execute(sql`SELECT pg_advisory_lock(${ADVISORY_LOCKS.migrations})`);
    try {
      await migratePg(db as never, { migrationsFolder });
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${ADVISORY_LOCKS.migrations})`);
    }
  } else {
    await migratePglite(db as never, { migrationsFolder });
  }
}
