import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

/** One database type for both drivers: services never know which one runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tar archive, to open again with `openDatabase({ from })`. */
  dumpDataDir?: () => Promise<Blob | File>;
};

/** Both drivers answer raw queries (`db.execute`) with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A LIKE / ILIKE pattern that finds `text` anywhere, its own %, _ and backslash taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

// Timestamps as ISO strings with zone and bigint counts as numbers, the same on both drivers.
pg.types.setTypeParser(20, (value) => Number(value));

/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise the embedded PGlite
 * (in `dir`, or in memory when `dir` is undefined). `from`: a PGlite data directory saved by
 * `dumpDataDir`, which the new database starts as (the tests' migrated template, test-db.ts).
 */
export async function openDatabase(options: { url?: string; dir?: string; from?: Blob }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dir) fs.mkdirSync(path.dirname(options.dir), { recursive: true });
  const client = await PGlite.create(options.dir ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: options.from,
    // In memory the database's files are memory already, so a big buffer pool only holds a second copy of them,
    // and setting it up is most of a start (each test file starts one: 0.73 → 0.51 s of CPU with 16 MB).
    ...(options.dir ? {} : { postgresqlconf: ['shared_buffers=16MB'] }),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}
