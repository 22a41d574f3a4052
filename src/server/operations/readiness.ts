import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.js';

const journalFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations/meta/_journal.json');
/** How many migrations this build ships; a database that applied fewer is not ready for it. */
const shippedMigrations = (JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] }).entries.length;

/** A database that does not answer within this long is as good as down for a load balancer. */
const CHECK_TIMEOUT_MS = 2000;

export type Readiness = { ready: true } | { ready: false; reason: string };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Ready: the database answers and holds every migration of this build (drizzle's own record of them). */
export async function checkReadiness(db: Db): Promise<Readiness> {
  try {
    const [{ applied }] = await withTimeout(
      db.execute(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`).then((r) => rowsOf<{ applied: number }>(r)),
      CHECK_TIMEOUT_MS,
    );
    if (Number(applied) < shippedMigrations)
      return { ready: false, reason: `database has ${applied} of ${shippedMigrations} migrations applied` };
    return { ready: true };
  } catch {
    // Anyone may ask /readyz: the database's error (its SQL, host, user) is for the logs, not the answer.
    return { ready: false, reason: 'database unreachable' };
  }
}
