import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSettings, contactChanges } from '../db/schema.js';

/**
 * The version of the media database: a counter in app_settings that every write bumps in its own
 * transaction, together with a contact_changes row saying which contacts it touched. Kept in the
 * database, so that every web process agrees; the in-memory contacts index follows it
 * (contacts-index.ts).
 */
const VERSION_KEY = 'contacts_version';
/** Changes listed longer than this are recorded as "everything changed": reloading is then cheaper. */
const LISTED_CHANGES_MAX = 10_000;
/** How many versions of changes are kept; a process further behind reloads everything. */
const VERSIONS_KEPT = 1_000;

export async function contactsVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VERSION_KEY));
  return row?.value ?? '0';
}

/**
 * Call after every change to the media database, in the same transaction, with the ids it touched
 * (none: it touched too many to list). Bumping the counter locks its row until commit, so writers
 * commit their versions in order and a reader that sees version n sees every change up to n.
 */
export async function markContactsChanged(db: Db, changedIds?: number[]): Promise<void> {
  const [{ value }] = await db
    .insert(appSettings)
    .values({ key: VERSION_KEY, value: '1' })
    .onConflictDoUpdate({
      target: appSettings.key,
      // A version written before it was a counter (a random id) restarts the count.
      set: { value: sql`(CASE WHEN ${appSettings.value} ~ '^[0-9]+$' THEN ${appSettings.value}::bigint + 1 ELSE 1 END)::text` },
    })
    .returning({ value: appSettings.value });
  const version = Number(value);
  const listed = changedIds && changedIds.length <= LISTED_CHANGES_MAX ? [...new Set(changedIds)] : null;
  await db
    .insert(contactChanges)
    .values({ version, contactIds: listed })
    .onConflictDoUpdate({ target: contactChanges.version, set: { contactIds: listed } });
  await db.delete(contactChanges).where(lt(contactChanges.version, version - VERSIONS_KEPT));
}
