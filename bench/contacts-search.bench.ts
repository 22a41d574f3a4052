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
  type ContactFacets,
  type ContactFilterInput,
} from '../src/shared/contacts.js';
import { contactFacets, searchContacts } from '../src/server/contacts/contacts.service.js';
import { rowsOf } from '../src/server/db/client.js';
import { buildContactWordsIfMissing, contactIdsWithWord, forEachSentId } from '../src/server/contacts/contact-words.js';
import {
  addId,
  contactsIndex,
  emptyIdSet,
  intersect,
  pageOfMatches,
  type IdSet,
} from '../src/server/contacts/contacts-index.js';
import { searchTerms } from '../src/shared/text-fold.js';
import { expandQuery } from '../src/server/contacts/query-expansion.js';
import { readQuery } from '../src/server/contacts/query-reading.js';
import { createRandom, searchVocabulary } from '../src/server/demo-data/generate.js';
import { loadDemoContacts } from '../src/server/demo-data/load.js';
import {
  fmt,
  measure,
  measureTogether,
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
 * The measured case is "a text query plus two filters", each request with a different filter; broad
 * filters, and the first request after a change of the data (which brings the in-memory contacts
 * index forward), are measured as well. The previous design's facet query runs beside the current one on the
 * same filters (docs/decisions/006).
 * Issue 12 tightens the plain query at a million on PostgreSQL to p95 ≤ 50 ms, adds other spellings of
 * names and one-letter slips (p95 ≤ 150 ms on PGlite, ≤ 100 ms at a million on PostgreSQL), and runs
 * each query kind before and after the vocabulary side by side. BENCH_SLOWEST=n names the slowest requests.
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
  await contactFacets(db, filter, { revealsEmail: false });
  console.log(`\n--- query plans: ${label} ${JSON.stringify(input)}`);
  const relied = captured.filter(
    (c) => /global_contacts|contact_words/.test(c.text) && !c.text.includes('string_agg'),
  );
  for (const { text, params } of relied) {
    console.log(
      `\n> ${text.replace(/\s+/g, ' ').slice(0, 400)}\n  params ${JSON.stringify(params).slice(0, 200)}`,
    );
    for (const line of await explain(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params))
      console.log(`  ${line}`);
  }
}

/** A write through the API, which changes the data version: the next read reloads the contacts index. */
async function addContact(base: string, cookie: string, n: number) {
  const res = await fetch(base, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.change.${Date.now()}.${n}@example.com`,
      firstName: 'Bench',
      lastName: 'Change',
    }),
  });
  if (res.status !== 201) throw new Error(`creating a contact answered ${res.status}: ${await res.text()}`);
}

/**
 * Queries that go through the vocabulary (issue 12): other spellings of the demo data's names (each
 * found as typed and through its variants, in both scripts) and one-letter slips in long words (read
 * as the indexed words one edit away), each with one country and one media type as the plain query.
 */
const VARIANT_WORDS = ['mohamed', 'ahmad', 'khaled', 'yusuf', 'hussain', 'mostafa', 'fatma', 'aysha', 'leila', 'mariam', 'abdallah', 'tarek', 'faysal', 'yasmine', 'sarah', 'noura'];
const SLIPPED_WORDS = ['reportr', 'journalsit', 'corespondent', 'edittor', 'presentr', 'mohammd', 'ibrahm', 'mustafs', 'fatimaa', 'techonlogy', 'finanse', 'busines'];

/**
 * Queries read by the place and beat data (issue 26), each with one media type (a place word makes the
 * country filter): a place with a beat in both scripts, Arabic beats and places with their article and
 * clitics, and slips of places and beats.
 */
const PLACE_BEAT_QUERIES = ['saudi economy', 'uae business', 'egypt sports', 'dubai tech', 'riyadh finance', 'الاقتصاد السعودية', 'رياضة مصر', 'cairo banking', 'ksa energy', 'qatar travel'];
const ARABIC_ARTICLE_QUERIES = ['الاقتصاد', 'بالسعودية', 'للاقتصاد', 'الرياضة', 'والتقنية', 'الإمارات', 'بالرياض', 'السياحة'];
const PLACE_BEAT_SLIPS = ['ecnomy', 'econmy', 'riyahd', 'finanse', 'bahrian', 'techology', 'casablnca', 'sporst'];

function withMediaType(words: string[], count: number): ContactFilterInput[] {
  return withSearch(words, count).map(({ search, mediaType }) => ({ search, mediaType }));
}

function withSearch(words: string[], count: number): ContactFilterInput[] {
  const base = narrowFilters(count + 40).slice(40);
  return base.map((filter, i) => ({ ...filter, search: words[i % words.length] }));
}

/** Each user may search 120 times a minute; the bench's requests are spread over enough of them. */
const searchingUsers = (db: Db) => Promise.all(Array.from({ length: 30 }, () => sessionCookie(db)));

async function runScenario(
  label: string,
  serverEnv: Record<string, string>,
  cookie: string[],
  targetP95: number,
  variantTarget: number,
  before: string,
  adminCookie: string,
) {
  // Issue 40: the first visitors after a start, a narrow search, a broad word and the facets at once, as a
  // page asks: at the first start of a database they are answered from the database while the index loads
  // (decision 031); at a restart the index an earlier load kept is read in one piece (decision 032).
  const [firstNarrow] = narrowFilters(1);
  const firstAfterStart = (base: string) =>
    measureTogether([`${base}?${queryString(firstNarrow)}`, `${base}?search=editor&page=1`, `${base}/facets?${queryString(firstNarrow)}`], cookie);
  const server = await startServer({ ...serverEnv, BENCH_FORGET_KEPT_INDEX: 'on' });
  const base = `${server.url}/api/global-contacts`;
  let firstSearches: number[];
  try {
    firstSearches = await firstAfterStart(base);
    const firstRequest = await measure([`${base}/facets`], cookie);
    const afterChange: number[] = [];
    for (let i = 0; i < 3; i++) {
      await addContact(base, adminCookie, i);
      afterChange.push((await measure([`${base}?page=1`], cookie)).p50);
    }
    const noFilter = await measure(
      Array.from({ length: 20 }, () => `${base}?page=1`),
      cookie,
    );
    const noFilterFacets = await measure(
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
    const variants = await measure(
      withSearch(VARIANT_WORDS, SAMPLES).map((f) => `${base}?${queryString(f)}`),
      cookie,
    );
    const slips = await measure(
      withSearch(SLIPPED_WORDS, SAMPLES).map((f) => `${base}?${queryString(f)}`),
      cookie,
    );
    const placeBeat = await measure(withMediaType(PLACE_BEAT_QUERIES, SAMPLES).map((f) => `${base}?${queryString(f)}`), cookie);
    const arabicArticle = await measure(withMediaType(ARABIC_ARTICLE_QUERIES, SAMPLES).map((f) => `${base}?${queryString(f)}`), cookie);
    const placeBeatSlips = await measure(withMediaType(PLACE_BEAT_SLIPS, SAMPLES).map((f) => `${base}?${queryString(f)}`), cookie);
    const row = (name: string, m: { p50: number; p95: number; n: number }) =>
      console.log(
        `  ${name.padEnd(52)} n=${String(m.n).padStart(3)}  p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}`,
      );
    console.log(`\n${label} — latency through HTTP, one request at a time`);
    row('search: text + country + media type', search);
    row('facets: text + country + media type', facets);
    row('search: name spelling (variants) + country + type', variants);
    row('search: one-letter slip + country + media type', slips);
    row('search: place + beat + media type', placeBeat);
    row('search: Arabic with article/clitic + media type', arabicArticle);
    row('search: slipped place or beat + media type', placeBeatSlips);
    row('search: one country', broadSearch);
    row('facets: one media type', broadFacets);
    row('search: no filter', noFilter);
    row('facets: no filter', noFilterFacets);
    console.log(
      `  first requests after the first start, nothing kept, at once (narrow search, broad word, facets): ${firstSearches.map(fmt).join(', ')}` +
        ` (before decision 031 each waited for the index: 1.45 s)`,
    );
    row('facets: next request (the index loaded)', firstRequest);
    console.log(
      `  first request after a change (brings the index forward): ${afterChange.map(fmt).join(', ')}`,
    );
    console.log(
      `  server RSS ${server.memory().rssMb.toFixed(0)} MB (peak ${server.memory().peakMb.toFixed(0)} MB)`,
    );
    console.log(`  ${before}`);
    const worst = Math.max(search.p95, facets.p95);
    console.log(
      `  target p95 ≤ ${targetP95} ms: search ${fmt(search.p95)}, facets ${fmt(facets.p95)} → ratio ${(worst / targetP95).toFixed(2)} ${worst <= targetP95 ? 'OK' : 'MISSED'}`,
    );
    // Issue 12: variant and slip queries against their own budget, and beside the plain query.
    // Issue 26: plain and interpreted queries ≤ targetP95, slips ≤ variantTarget.
    const worstRead = Math.max(placeBeat.p95, arabicArticle.p95);
    console.log(
      `  interpreted p95 ≤ ${targetP95} ms: place + beat ${fmt(placeBeat.p95)}, Arabic article ${fmt(arabicArticle.p95)} → ${worstRead <= targetP95 ? 'OK' : 'MISSED'}; ` +
        `slipped place/beat p95 ≤ ${variantTarget} ms: ${fmt(placeBeatSlips.p95)} → ${placeBeatSlips.p95 <= variantTarget ? 'OK' : 'MISSED'}`,
    );
    const worstVariant = Math.max(variants.p95, slips.p95);
    console.log(
      `  variant/slip p95 ≤ ${variantTarget} ms: variants ${fmt(variants.p95)} (${(variants.p95 / search.p95).toFixed(1)}× the plain query), slips ${fmt(slips.p95)} (${(slips.p95 / search.p95).toFixed(1)}×) → ratio ${(worstVariant / variantTarget).toFixed(2)} ${worstVariant <= variantTarget ? 'OK' : 'MISSED'}`,
    );
  } finally {
    await server.stop();
  }
  // The first server's load kept its index; the data changed three times since (the additions above).
  const restarted = await startServer(serverEnv);
  try {
    const afterRestart = await firstAfterStart(`${restarted.url}/api/global-contacts`);
    const worst = Math.max(...afterRestart);
    console.log(
      `  first requests after a restart, index kept, at once (narrow search, broad word, facets): ${afterRestart.map(fmt).join(', ')}` +
        ` → worst ${fmt(worst)} vs ${fmt(Math.max(...firstSearches))} at the first start; target ≤ 300 ms at 1,000,000 on PostgreSQL ${worst <= 300 ? 'OK' : 'MISSED'}`,
    );
  } finally {
    await restarted.stop();
  }
}

type Runner = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * The previous design's facets of text + country + media type: one materialised scan of the trigram
 * matches that pass at least one of the two filters, each dimension counted under the other.
 */
const PREVIOUS_FACETS = `WITH matched AS MATERIALIZED (
    SELECT country, city, media_type, language, contact_topic_list, country = $2 AS c, media_type = $3 AS m
    FROM global_contacts WHERE search_text LIKE ALL ($1::text[]) AND (country = $2 OR media_type = $3))
  SELECT 'countries' AS facet, country AS value, count(*)::int AS count FROM matched WHERE m AND country <> '' GROUP BY country
  UNION ALL SELECT 'mediaTypes', media_type, count(*)::int FROM matched WHERE c AND media_type <> '' GROUP BY media_type
  UNION ALL SELECT 'languages', language, count(*)::int FROM matched WHERE c AND m AND language <> '' GROUP BY language
  UNION ALL SELECT 'cities', city, count(*)::int FROM matched WHERE c AND m AND city <> '' GROUP BY city
  UNION ALL SELECT 'contactTopics', topic, count(*)::int FROM matched CROSS JOIN LATERAL unnest(contact_topic_list) AS topic
    WHERE c AND m GROUP BY topic`;

function facetsOfRows(rows: Array<Record<string, unknown>>): ContactFacets {
  const facets: ContactFacets = { countries: [], cities: [], contactTopics: [], mediaTypes: [], languages: [] };
  for (const r of rows)
    facets[r.facet as keyof ContactFacets].push({ value: String(r.value), count: Number(r.count) });
  for (const values of Object.values(facets) as ContactFacets[keyof ContactFacets][])
    values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return facets;
}

/**
 * Before/after on the same database: the previous facet query and the current contactFacets (words
 * index + in-memory contacts index, in this process), alternated on the same filters so both meet the
 * same load on a shared machine. Every answer must agree.
 */
async function compareWithPreviousDesign(run: Runner, db: Db) {
  const previous: number[] = [];
  const current: number[] = [];
  await contactFacets(db, contactFilterSchema.parse({}), { revealsEmail: false }); // loads the contacts index once
  // The previous design read every query as typed: compared on queries the vocabulary reads the same way.
  // Nor does it read places or beats, or drop stop words ("تي في" is read as تي) (issue 26).
  const readAsTyped = async (filter: ContactFilterInput) => {
    const reading = await readQuery(filter.search ?? '', async () => false);
    const kept = reading.units.flatMap((unit) => unit.typed);
    return (
      !reading.interpreted.length &&
      kept.join(' ') === searchTerms(filter.search ?? '').join(' ') &&
      expandQuery(filter.search ?? '').every((unit) => !unit.variants.length)
    );
  };
  const candidates = narrowFilters(3 * (SAMPLES + 20));
  const plain = await Promise.all(candidates.map(readAsTyped));
  for (const filter of candidates.filter((_, i) => plain[i]).slice(0, SAMPLES + 20)) {
    const params = [
      searchTerms(filter.search ?? '').map((term) => `%${term}%`),
      filter.country![0],
      filter.mediaType![0],
    ];
    let started = performance.now();
    const before = facetsOfRows(await run(PREVIOUS_FACETS, params));
    previous.push(performance.now() - started);
    started = performance.now();
    const after = await contactFacets(db, contactFilterSchema.parse(filter), { revealsEmail: false });
    current.push(performance.now() - started);
    if (JSON.stringify(before) !== JSON.stringify(after))
      throw new Error(`facets differ for ${JSON.stringify(filter)}`);
  }
  const summary = (times: number[]) => {
    const sorted = times.slice(20).sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const [was, now] = [summary(previous), summary(current)];
  console.log(`\nFacets of text + country + media type, alternated, ${SAMPLES} filters read as typed (answers identical)`);
  console.log(`  previous query (trigram scan in SQL):      p50 ${fmt(was.p50)}  p95 ${fmt(was.p95)}`);
  console.log(`  words index + in-memory contacts index:    p50 ${fmt(now.p50)}  p95 ${fmt(now.p95)}`);
  console.log(
    `  ratio previous / current: p50 ${(was.p50 / now.p50).toFixed(1)}×, p95 ${(was.p95 / now.p95).toFixed(1)}×`,
  );
}

/**
 * The search before the vocabulary (issue 12): every term as typed, looked up in the words index, then
 * the page and total from the contacts index and the page's rows; what searchContacts did for these
 * queries before units, variants and slips. Rebuilt here from the same parts so both run in one process.
 */
async function searchAsTypedOnly(db: Db, filter: ContactFilterInput) {
  const parsed = contactFilterSchema.parse(filter);
  const [{ value }] = rowsOf<{ value: string }>(
    await db.execute(sql`SELECT value FROM app_settings WHERE key = 'contacts_version'`),
  );
  const index = await contactsIndex(db, value);
  let matches: IdSet | undefined;
  for (const term of searchTerms(parsed.search)) {
    const found = emptyIdSet(index.size);
    for (const ids of await contactIdsWithWord(db, term, false)) forEachSentId(ids, (id) => addId(found, id));
    matches = matches ? intersect(matches, found) : found;
  }
  const { ids, total } = pageOfMatches(index, parsed, matches, { page: 1, pageSize: 20 });
  if (ids.length) await db.execute(sql`SELECT * FROM global_contacts WHERE id = ANY(${sql.param(ids)}::int[])`);
  return total;
}

/**
 * Before/after the vocabulary on the same database, alternated per filter: the plain query (what the
 * vocabulary costs a query that needs none of it), other spellings of names and one-letter slips, with
 * how many contacts each finds before and after.
 */
async function compareWithSearchAsTyped(db: Db) {
  await searchContacts(db, contactFilterSchema.parse({}), { page: 1, pageSize: 20 }, false); // loads the index
  const kinds: Array<[string, ContactFilterInput[]]> = [
    ['plain word + country + media type', narrowFilters(SAMPLES + 20)],
    ['name spelling (variants) + country + type', withSearch(VARIANT_WORDS, SAMPLES + 20)],
    ['one-letter slip + country + media type', withSearch(SLIPPED_WORDS, SAMPLES + 20)],
    ['place + beat + media type', withMediaType(PLACE_BEAT_QUERIES, SAMPLES + 20)],
    ['Arabic with article/clitic + media type', withMediaType(ARABIC_ARTICLE_QUERIES, SAMPLES + 20)],
    ['slipped place or beat + media type', withMediaType(PLACE_BEAT_SLIPS, SAMPLES + 20)],
  ];
  console.log(`\nSearch before and after the vocabulary, alternated, ${SAMPLES} filters each (in process)`);
  for (const [name, filters] of kinds) {
    const before: number[] = [];
    const after: number[] = [];
    let [foundBefore, foundAfter] = [0, 0];
    for (const [i, filter] of filters.entries()) {
      let started = performance.now();
      const totalBefore = await searchAsTypedOnly(db, filter);
      const beforeMs = performance.now() - started;
      started = performance.now();
      const page = await searchContacts(db, contactFilterSchema.parse(filter), { page: 1, pageSize: 20 }, false);
      const afterMs = performance.now() - started;
      if (i < 20) continue; // warm-up
      before.push(beforeMs);
      after.push(afterMs);
      foundBefore += totalBefore;
      foundAfter += page.total;
    }
    const [was, now] = [before, after].map((times) => {
      const sorted = times.sort((a, b) => a - b);
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    });
    console.log(
      `  ${name.padEnd(44)} as typed: p50 ${fmt(was.p50).padStart(8)} p95 ${fmt(was.p95).padStart(8)}, found ${foundBefore.toLocaleString('en')}` +
        ` | now: p50 ${fmt(now.p50).padStart(8)} p95 ${fmt(now.p95).padStart(8)}, found ${foundAfter.toLocaleString('en')}` +
        ` | p95 ratio ${(now.p95 / was.p95).toFixed(2)}×`,
    );
  }
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
  pglite: 'previous design, trigram scan + pair index (100,000): search p95 35 ms, facets p95 30 ms',
  postgres:
    'previous design, trigram scan + pair index (1,000,000): search p50 20 / p95 73 ms, facets p50 57 / p95 189 ms',
};
const BROAD_FILTER: ContactFilterInput = { country: ['Saudi Arabia'] };

/** The plans of the three typical searches, then the side-by-side comparison, on one database. */
async function plansAndComparison(
  label: string,
  makeDb: (log: (q: string, p: unknown[]) => void) => Db,
  explain: Explainer,
  run: Runner,
) {
  await printPlans(makeDb, explain, `${label}, text + two filters`, PLAN_FILTER);
  await printPlans(makeDb, explain, `${label}, common word + two filters`, COMMON_WORD_FILTER);
  await printPlans(makeDb, explain, `${label}, broad filter`, BROAD_FILTER);
  await compareWithPreviousDesign(
    run,
    makeDb(() => {}),
  );
  await compareWithSearchAsTyped(makeDb(() => {}));
}

async function pgliteScenario(count: number) {
  const dir = scratchDir('contacts-search-pglite');
  const database = await openDatabase({ dir });
  await migrate(database);
  const started = Date.now();
  await loadDemoContacts(database.db, count, { batchSize: 5000 });
  console.log(`PGlite: ${count} contacts loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await database.db.execute(sql`VACUUM ANALYZE global_contacts`);
  await database.db.execute(sql`VACUUM ANALYZE contact_words`);
  const cookie = await searchingUsers(database.db);
  const adminCookie = await sessionCookie(database.db, { role: 'super_admin' });
  await database.close();

  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const explain: Explainer = async (text, params) =>
    (await client.query<Record<string, string>>(text, params)).rows.map((r) => Object.values(r)[0]);
  const makeDb = (log: (q: string, p: unknown[]) => void) =>
    drizzlePglite(client, { schema, logger: { logQuery: log } }) as unknown as Db;
  await plansAndComparison(
    'PGlite',
    makeDb,
    explain,
    async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
  );
  await client.close();
  await runScenario(
    `PGlite, ${count.toLocaleString('en')} contacts`,
    { BENCH_PGLITE_DIR: dir, DATABASE_URL: '' },
    cookie,
    150,
    150,
    BEFORE.pglite,
    adminCookie,
  );
}

async function loadPostgres(url: string, count: number): Promise<void> {
  const database = await openDatabase({ url });
  await migrate(database);
  // Building the GIN indexes once after the load is several times faster than maintaining them row by row.
  await database.db.execute(
    sql`DROP INDEX global_contacts_search_trgm_idx, global_contacts_topics_idx, contact_words_word_trgm_idx, contact_words_public_word_trgm_idx`,
  );
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
  await database.db.execute(
    sql`CREATE INDEX contact_words_word_trgm_idx ON contact_words USING gin (word gin_trgm_ops)`,
  );
  await database.db.execute(
    sql`CREATE INDEX contact_words_public_word_trgm_idx ON contact_words USING gin (word gin_trgm_ops) WHERE word NOT LIKE '@%'`,
  );
  await database.db.execute(sql`VACUUM ANALYZE global_contacts`);
  await database.db.execute(sql`VACUUM ANALYZE contact_words`);
  console.log(
    `PostgreSQL: ${count} contacts loaded and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await database.close();
}

/** Whether a database already holds contacts (one made with createdb holds no tables yet). */
async function holdsContacts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT to_regclass('global_contacts') IS NOT NULL AS made`);
    return rows[0].made === true && (await client.query('SELECT 1 FROM global_contacts LIMIT 1')).rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * BENCH_PG_REUSE=<database> measures a database of one's own (kept afterwards): an empty one, made
 * beforehand with createdb, is loaded first; one loaded by an earlier run is measured again.
 */
async function postgresScenario(serverUrl: string, count: number) {
  const reuse = process.env.BENCH_PG_REUSE;
  const scratch = reuse
    ? { url: Object.assign(new URL(serverUrl), { pathname: `/${reuse}` }).toString(), drop: async () => {} }
    : await scratchDatabase(serverUrl, 'nashr_bench_search');
  try {
    const loaded = reuse ? await holdsContacts(scratch.url) : false;
    if (!loaded) await loadPostgres(scratch.url, count);
    const database = await openDatabase({ url: scratch.url });
    if (loaded) {
      // A database loaded by an earlier version of the schema.
      await migrate(database);
      await buildContactWordsIfMissing(database.db, console);
    }
    const cookie = await searchingUsers(database.db);
    const adminCookie = await sessionCookie(database.db, { role: 'super_admin' });
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS n FROM global_contacts`),
    );
    await database.close();

    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const explain: Explainer = async (text, params) =>
      (await pool.query(text, params)).rows.map((r) => Object.values(r)[0] as string);
    const makeDb = (log: (q: string, p: unknown[]) => void) =>
      drizzlePg(pool, { schema, logger: { logQuery: log } }) as unknown as Db;
    await plansAndComparison(
      'PostgreSQL',
      makeDb,
      explain,
      async (text, params) => (await pool.query(text, params)).rows,
    );
    await pool.end();
    await runScenario(
      `PostgreSQL, ${n.toLocaleString('en')} contacts`,
      { DATABASE_URL: scratch.url },
      cookie,
      50,
      100,
      BEFORE.postgres,
      adminCookie,
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
