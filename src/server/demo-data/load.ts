import type { Db } from '../db/client.js';
import type { Deps } from '../deps.js';
import { countAllContacts, insertContactBatch, markContactsChanged } from '../contacts/contacts.service.js';
import { DEMO_SEED, generateContacts, inBatches } from './generate.js';

/** PRODUCT.md §4: at least 7,500 contacts in the demo database. */
export const DEMO_CONTACT_COUNT = 7_500;

/** Inserts `count` generated contacts in large multi-row batches; returns how many were new. */
export async function loadDemoContacts(
  db: Db,
  count: number,
  options: { seed?: number; batchSize?: number; onProgress?: (done: number) => void } = {},
): Promise<number> {
  let inserted = 0;
  let done = 0;
  for (const batch of inBatches(generateContacts(count, options.seed ?? DEMO_SEED), options.batchSize ?? 2_000)) {
    inserted += (await insertContactBatch(db, batch)).length;
    done += batch.length;
    options.onProgress?.(done);
  }
  await markContactsChanged(db); // everything: readers reload the whole index
  return inserted;
}

type Log = { info: (message: string) => void };

/**
 * Called at start: fills an empty media database with the demo contacts unless DEMO_DATA=off. Safe
 * when several processes start at once (existing emails are skipped). One transaction: a process
 * stopped mid-load would otherwise leave a partial database that every later start takes as loaded.
 */
export async function loadDemoDataIfEmpty(deps: Pick<Deps, 'db' | 'config'>, log: Log): Promise<number> {
  if (!deps.config.demoData) return 0;
  if ((await countAllContacts(deps.db)) > 0) return 0;
  const started = Date.now();
  const inserted = await deps.db.transaction((tx) => loadDemoContacts(tx, DEMO_CONTACT_COUNT));
  log.info(`Demo data: ${inserted} fictional media contacts loaded in ${Date.now() - started} ms (set DEMO_DATA=off to start empty)`);
  return inserted;
}
