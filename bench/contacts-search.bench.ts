import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../src/server/db/schema.js';
import { openDatabase, type Db } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import {
  COUNTRIES,
  MEDIA_TYPES,
  contactFilterSchema,
  type ContactFilterInput,
} from '../src/shared/contacts.js';
import { contactFacets, rowsOf, searchContacts } from '../src/server/contacts/contacts.service.js';
import { createRandom, searchVocabulary } from '../scripts/demo-data/generate.js';
import { loadDemoContacts } from '../scripts/demo-data/load.js';
import {
  fmt,
  measure,
  percentile,
  postgresServerUrl,
  scratchDatabase,
  scratchDir,
  sessionCookie,
  startServer,
} from './support/bench-kit.js';

/**
 * Search and facet latency through HTTP (the real app on a port), issue 3 targets:
 * p95 ≤ 150 ms at 100,000 contacts on PGlite, p95 ≤ 100 ms at 1,000,000 on PostgreSQL.
 * The measured case is "a text query plus two filters", each request with a different filter so the
 * count cache rarely helps; broad filters are measured on their first (uncached) request as well.
 */

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const vocabulary = searchVocabulary();

function narrowFilters(count: number): ContactFilterInput[] {
  const r = createRandom(7);
  const seen = new Set<string>();
  const filters: ContactFilterInput[] = [];
  while (filters.length < count) {
    const filter = {
      search: r.pick(vocabulary),
      country: [r.pick(COUNTRIES)],
      mediaType: [r.pick(MEDIA_TYPES)],
    };
    const key = JSON.stringify(filter);
    if (seen.has(key)) continue;
    seen.add(key);
    filters.push(filter);
  }
  return filters;
}

function queryString(filter: ContactFilterInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    for (const v of [value].flat()) params.append(key, String(v));
  return params.toString();
}

type Explainer = (text: string, params: unknown[]) => Promise<string[]>;

/** Runs the service's own queries once with a logging driver, then prints EXPLAIN ANALYZE of each. */
async function printPlans(
  makeDb: (log: (q: string, p: unknown[]) => void) => Db,
  explain: Explainer,
  label: string,
  input: ContactFilterInput,
) {
  const captured: Array<{ text: string; params: unknown[] }> = [];
  const db = makeDb((text, params) => captured.push({ text, params }));
  const filter = contactFilterSchema.parse(input);
  await searchContacts(db, filter, { page: 1, pageSize: 20 }, false);
  await contactFacets(db, filter);
  console.log(`\n--- query plans: ${label} ${JSON.stringify(input)}`);
  for (const { text, params } of captured.filter((c) => c.text.includes('global_contacts'))) {
    console.log(
      `\n> ${text.replace(/\s+/g, ' ').slice(0, 400)}\n  params ${JSON.stringify(params).slice(0, 200)}`,
    );
    for (const line of await explain(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params))
      console.log(`  ${line}`);
  }
}

async function runScenario(
  label: string,
  serverEnv: Record<string, string>,
  cookie: string,
  targetP95: number,
  before: string,
) {
  const server = await startServer(serverEnv);
  const base = `${server.url}/api/global-contacts`;
  try {
    const coldAll = await measure([`${base}?page=1`], cookie);
    const coldFacets = await measure([`${base}/facets`], cookie);
    const warmAll = await measure(
      Array.from({ length: 20 }, () => `${base}?page=1`),
      cookie,
    );
    const warmFacets = await measure(
      Array.from({ length: 20 }, () => `${base}/facets`),
      cookie,
    );
    const broadSearch = await measure(
      COUNTRIES.map((c) => `${base}?country=${encodeURIComponent(c)}`),
      cookie,
    );
    const broadFacets = await measure(
      MEDIA_TYPES.map((m) => `${base}/facets?mediaType=${encodeURIComponent(m)}`),
      cookie,
    );
    await measure(
      narrowFilters(20).map((f) => `${base}?${queryString(f)}&page=2`),
      cookie,
    ); // warm-up, other filters
    const filters = narrowFilters(SAMPLES + 20).slice(20);
    const search = await measure(
      filters.map((f) => `${base}?${queryString(f)}`),
      cookie,
    );
    const facets = await measure(
      filters.map((f) => `${base}/facets?${queryString(f)}`),
      cookie,
    );
    const row = (name: string, m: { p50: number; p95: number; n: number }) =>
      console.log(
        `  ${name.padEnd(48)} n=${String(m.n).padStart(3)}  p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}`,
      );
    console.log(`\n${label} — latency through HTTP, one request at a time`);
    row('search: text + country + media type', search);
    row('facets: text + country + media type', facets);
    row('search: one country, first request (uncached)', broadSearch);
    row('facets: one media type, first request (uncached)', broadFacets);
    row('search: no filter, first request (uncached)', coldAll);
    row('facets: no filter, first request (uncached)', coldFacets);
    row('search: no filter, cached count', warmAll);
    row('facets: no filter, cached', warmFacets);
    console.log(`  ${before}`);
    const worst = Math.max(search.p95, facets.p95);
    console.log(
      `  target p95 ≤ ${targetP95} ms: search ${fmt(search.p95)}, facets ${fmt(facets.p95)} → ratio ${(worst / targetP95).toFixed(2)} ${worst <= targetP95 ? 'OK' : 'MISSED'}`,
    );
  } finally {
    await server.stop();
  }
}

type Runner = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

const FITS = 'octet_length(search_text) + octet_length(country) + octet_length(media_type) < 2400';
const PREVIOUS_PAGE = `SELECT *, count(*) OVER () AS total FROM global_contacts
  WHERE search_text LIKE $1 AND country IN ($2) AND media_type IN ($3) ORDER BY id + 0 DESC LIMIT 20`;
const PAIR_INDEX_PAGE = `SELECT id, count(*) OVER () AS total FROM (
  SELECT id FROM global_contacts WHERE search_text LIKE $1 AND country IN ($2) AND media_type IN ($3) AND ${FITS}
  UNION ALL
  SELECT id FROM global_contacts WHERE search_text LIKE $1 AND country IN ($2) AND media_type IN ($3) AND NOT (${FITS})) AS m
  ORDER BY id DESC LIMIT 20`;

/**
 * Before/after on the database itself: the previous page-and-total query (bitmap scan, one heap page
 * per candidate row) and the pair-index one, alternated on the same filters, so both meet the same load
 * on a shared machine. Every total must agree.
 */
async function compareWithPreviousDesign(run: Runner) {
  const previous: number[] = [];
  const current: number[] = [];
  for (const filter of narrowFilters(SAMPLES + 20)) {
    const params = [`%${filter.search}%`, filter.country![0], filter.mediaType![0]];
    let started = performance.now();
    const before = await run(PREVIOUS_PAGE, params);
    previous.push(performance.now() - started);
    started = performance.now();
    const after = await run(PAIR_INDEX_PAGE, params);
    await run('SELECT * FROM global_contacts WHERE id = ANY($1::int[]) ORDER BY id DESC', [
      after.map((r) => r.id),
    ]);
    current.push(performance.now() - started);
    if (Number(before[0]?.total ?? 0) !== Number(after[0]?.total ?? 0))
      throw new Error(`totals differ for ${JSON.stringify(filter)}`);
  }
  const summary = (times: number[]) => {
    const sorted = times.slice(20).sort((a, b) => a - b);
    return `p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(percentile(sorted, 95))}`;
  };
  console.log(
    `\nPage + total of text + country + media type in SQL, alternated, ${SAMPLES} filters (totals identical)`,
  );
  console.log(`  previous query (bitmap heap scan):   ${summary(previous)}`);
  console.log(`  pair index (index-only) + 20 rows:   ${summary(current)}`);
}

const PLAN_FILTER: ContactFilterInput = { search: 'ahmed', country: ['UAE'], mediaType: ['Newspaper'] };
/** The hard case: a word in about a quarter of all rows under the two largest filter values. */
const COMMON_WORD_FILTER: ContactFilterInput = {
  search: 'editor',
  country: ['UAE'],
  mediaType: ['Newspaper'],
};

/** Figures of the previous design (docs/decisions/006), printed beside the new ones. */
const BEFORE = {
  pglite: 'before the pair index (100,000): search p50 — / p95 74 ms, facets p95 98 ms',
  postgres: 'before the pair index (1,000,000): search p50 49 / p95 263 ms, facets p50 102 / p95 481 ms',
};
const BROAD_FILTER: ContactFilterInput = { country: ['Saudi Arabia'] };

async function pgliteScenario(count: number) {
  const dir = scratchDir('contacts-search-pglite');
  const database = await openDatabase({ dir });
  await migrate(database);
  const started = Date.now();
  await loadDemoContacts(database.db, count, { batchSize: 5000 });
  console.log(`PGlite: ${count} contacts loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await database.db.execute(sql`VACUUM ANALYZE global_contacts`);
  const cookie = await sessionCookie(database.db);
  await database.close();

  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const explain: Explainer = async (text, params) =>
    (await client.query<Record<string, string>>(text, params)).rows.map((r) => Object.values(r)[0]);
  const makeDb = (log: (q: string, p: unknown[]) => void) =>
    drizzlePglite(client, { schema, logger: { logQuery: log } }) as unknown as Db;
  await printPlans(makeDb, explain, 'PGlite, text + two filters', PLAN_FILTER);
  await printPlans(makeDb, explain, 'PGlite, common word + two filters', COMMON_WORD_FILTER);
  await printPlans(makeDb, explain, 'PGlite, broad filter', BROAD_FILTER);
  await client.close();
  await runScenario(
    `PGlite, ${count.toLocaleString('en')} contacts`,
    { BENCH_PGLITE_DIR: dir, DATABASE_URL: '' },
    cookie,
    150,
    BEFORE.pglite,
  );
}

async function loadPostgres(url: string, count: number): Promise<void> {
  const database = await openDatabase({ url });
  await migrate(database);
  // Building the GIN indexes once after the load is several times faster than maintaining them row by row.
  await database.db.execute(sql`DROP INDEX global_contacts_search_trgm_idx, global_contacts_topics_idx`);
  const started = Date.now();
  await loadDemoContacts(database.db, count, {
    batchSize: 10_000,
    onProgress: (done) => done % 200_000 === 0 && console.log(`  ${done} loaded`),
  });
  await database.db.execute(
    sql`CREATE INDEX global_contacts_search_trgm_idx ON global_contacts USING gin (search_text gin_trgm_ops)`,
  );
  await database.db.execute(
    sql`CREATE INDEX global_contacts_topics_idx ON global_contacts USING gin (contact_topic_list)`,
  );
  await database.db.execute(sql`VACUUM ANALYZE global_contacts`);
  console.log(
    `PostgreSQL: ${count} contacts loaded and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await database.close();
}

/** BENCH_PG_REUSE=<database> measures an already loaded scratch database again (kept afterwards). */
async function postgresScenario(serverUrl: string, count: number) {
  const reuse = process.env.BENCH_PG_REUSE;
  const scratch = reuse
    ? { url: Object.assign(new URL(serverUrl), { pathname: `/${reuse}` }).toString(), drop: async () => {} }
    : await scratchDatabase(serverUrl, 'nashr_bench_search');
  try {
    if (!reuse) await loadPostgres(scratch.url, count);
    const database = await openDatabase({ url: scratch.url });
    const cookie = await sessionCookie(database.db);
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM global_contacts`),
    );
    await database.close();

    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const explain: Explainer = async (text, params) =>
      (await pool.query(text, params)).rows.map((r) => Object.values(r)[0] as string);
    const makeDb = (log: (q: string, p: unknown[]) => void) =>
      drizzlePg(pool, { schema, logger: { logQuery: log } }) as unknown as Db;
    await printPlans(makeDb, explain, 'PostgreSQL, text + two filters', PLAN_FILTER);
    await printPlans(makeDb, explain, 'PostgreSQL, common word + two filters', COMMON_WORD_FILTER);
    await printPlans(makeDb, explain, 'PostgreSQL, broad filter', BROAD_FILTER);
    await compareWithPreviousDesign(async (text, params) => (await pool.query(text, params)).rows);
    await pool.end();
    await runScenario(
      `PostgreSQL, ${n.toLocaleString('en')} contacts`,
      { DATABASE_URL: scratch.url },
      cookie,
      100,
      BEFORE.postgres,
    );
  } finally {
    await scratch.drop();
  }
}

const only = process.env.BENCH_ONLY; // "pglite" or "postgres"
if (only !== 'postgres') await pgliteScenario(Number(process.env.BENCH_PGLITE_CONTACTS ?? 100_000));
if (only !== 'pglite') {
  const serverUrl = await postgresServerUrl();
  if (serverUrl) await postgresScenario(serverUrl, Number(process.env.BENCH_POSTGRES_CONTACTS ?? 1_000_000));
  else console.log('\nPostgreSQL: no server reachable (set DATABASE_URL); scenario skipped');
}
