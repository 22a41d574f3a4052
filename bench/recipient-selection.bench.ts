import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { pressReleases, userLists } from '../src/server/db/schema.js';
import { insertAccount } from '../src/server/test/accounts.js';
import { audienceOf, dispatchRelease, selectionFiltersOf } from '../src/server/delivery/dispatch.service.js';
import { versionsOf } from '../src/shared/releases.js';
import { fmt, postgresServerUrl, scratchDatabase } from './support/bench-kit.js';

/**
 * The send's recipient selection with journalists' preferences (decision 024): a release to one list of
 * LIST_SIZE journalists, with PRIOR_DELIVERIES deliveries of other releases in the week for the weekly cap to
 * count. Measured side by side in one run:
 * - "none": nobody has set a preference, the selection as it was before preferences (suppressions and company
 *   unsubscribes only);
 * - "30 %": three journalists in ten chose a language, topics or a weekly cap (and countries), so some are left
 *   out and the cap's count over the week's deliveries runs for them.
 * Each figure is the median of RUNS sends, each in a transaction rolled back so that every run starts alike:
 * the pre-send summary's count (audienceOf) and the send's INSERT … SELECT (dispatchRelease).
 */

const LIST_SIZE = Number(process.env.BENCH_LIST_SIZE ?? 20_000);
const PRIOR_DELIVERIES = Number(process.env.BENCH_PRIOR_DELIVERIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EARLIER_RELEASES = 10;

class RolledBack extends Error {}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** One workspace with a list of LIST_SIZE journalists, a release to it, and a week of other releases' deliveries. */
async function seed(db: Db) {
  const owner = await insertAccount(db, { email: `bench-${Date.now()}@bench.test`, passwordHash: 'x', companyName: 'Bench PR', verified: true, userType: 'active' });
  const [list] = await db.insert(userLists).values({ workspaceId: owner.workspaceId, name: 'Everyone' }).returning();
  await db.execute(sql`
    INSERT INTO global_contacts (email, first_name, last_name, country, language)
    SELECT 'journalist' || i || '@bench.test', 'First' || i, 'Last' || i,
           (ARRAY['UAE','Saudi Arabia','Egypt','Jordan','Qatar'])[1 + i % 5], (ARRAY['English','Arabic'])[1 + i % 2]
    FROM generate_series(1, ${LIST_SIZE}) AS i`);
  await db.execute(sql`
    INSERT INTO list_contacts (list_id, global_contact_id)
    SELECT ${list.id}::uuid, id FROM global_contacts WHERE email LIKE 'journalist%@bench.test'`);
  const [release] = await db
    .insert(pressReleases)
    .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: 'Bench release', content: '<p>Bench</p>', status: 'draft', language: 'english', recipientLists: [list.id], topics: ['Technology'], location: 'Dubai, UAE' })
    .returning();
  // The week's deliveries of other releases, EARLIER_RELEASES of them, each to its own slice of twice the list's
  // addresses (half of them on the list): about 2.5 a week per journalist of the list.
  for (let r = 0; r < EARLIER_RELEASES; r++) {
    const [earlier] = await db
      .insert(pressReleases)
      .values({ workspaceId: owner.workspaceId, brandId: owner.companyBrandId, authorId: owner.id, title: `Earlier release ${r}`, content: '<p>Earlier</p>', status: 'sent', language: 'english' })
      .returning();
    await db.execute(sql`
      INSERT INTO deliveries (release_id, email, token, status, created_at)
      SELECT ${earlier.id}::uuid, 'journalist' || (1 + (i + ${r * 3571}) % ${LIST_SIZE * 2}) || '@bench.test', md5(${r}::text || '-' || i), 'sent',
             now() - (${r % 7}) * interval '1 day'
      FROM generate_series(1, ${Math.min(Math.ceil(PRIOR_DELIVERIES / EARLIER_RELEASES), LIST_SIZE * 2)}) AS i`);
  }
  return { owner, release };
}

/** Three journalists in ten set preferences: Arabic only, Sports only, or a weekly cap of 2 (which the week's deliveries often reach). */
async function setPreferences(db: Db) {
  await db.execute(sql`
    INSERT INTO journalist_preferences (contact_id, languages, topics, countries, weekly_cap)
    SELECT id,
           CASE WHEN id % 10 = 0 THEN ARRAY['arabic'] ELSE ARRAY['arabic','english'] END,
           CASE WHEN id % 10 = 1 THEN ARRAY['Sports'] ELSE ARRAY['Technology','Energy'] END,
           ARRAY['UAE','Saudi Arabia'],
           CASE WHEN id % 10 = 2 THEN 2 END
    FROM global_contacts WHERE email LIKE 'journalist%@bench.test' AND id % 10 < 3`);
}

async function measureCase(db: Db, release: typeof pressReleases.$inferSelect) {
  const counts: number[] = [];
  const sends: number[] = [];
  let queued = 0;
  for (let run = 0; run < RUNS; run++) {
    const now = new Date();
    counts.push(
      await timed(() => audienceOf(db, release.workspaceId, release.recipientLists, versionsOf(release), release.brandId, selectionFiltersOf(release), now)),
    );
    sends.push(
      await timed(() =>
        db
          .transaction(async (tx) => {
            queued = await dispatchRelease(tx, release, now);
            throw new RolledBack();
          })
          .catch((error) => {
            if (!(error instanceof RolledBack)) throw error;
          }),
      ),
    );
  }
  return { count: median(counts), send: median(sends), queued };
}

async function benchOn(label: string, database: Database) {
  await migrate(database);
  const { release: draft } = await seed(database.db);
  const [release] = await database.db.select().from(pressReleases).where(eq(pressReleases.id, draft.id));
  const none = await measureCase(database.db, release);
  await setPreferences(database.db);
  const some = await measureCase(database.db, release);
  console.log(`\n${label}: ${LIST_SIZE.toLocaleString('en')} journalists on the list, ${PRIOR_DELIVERIES.toLocaleString('en')} deliveries in the week, median of ${RUNS}`);
  console.log(`  no preferences: summary ${fmt(none.count)}, send ${fmt(none.send)} (${none.queued.toLocaleString('en')} queued)`);
  console.log(`  30 % with preferences: summary ${fmt(some.count)}, send ${fmt(some.send)} (${some.queued.toLocaleString('en')} queued)`);
  console.log(`  ratio (30 % ÷ none): summary ×${(some.count / none.count).toFixed(2)}, send ×${(some.send / none.send).toFixed(2)}`);
}

const embedded = await openDatabase({});
try {
  await benchOn('PGlite', embedded);
} finally {
  await embedded.close();
}

const serverUrl = await postgresServerUrl();
if (serverUrl) {
  const scratch = await scratchDatabase(serverUrl, 'nashr_bench_selection');
  const server = await openDatabase({ url: scratch.url });
  try {
    await benchOn('PostgreSQL', server);
  } finally {
    await server.close();
    await scratch.drop();
  }
} else {
  console.log('\nPostgreSQL: no server at DATABASE_URL or 127.0.0.1:5432, skipped');
}
