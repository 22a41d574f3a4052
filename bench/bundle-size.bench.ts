import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath } from '../e2e/chromium-path.js';
import { openDatabase } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { scratchDir, sessionCookie, startServer } from './support/bench-kit.js';

/**
 * What each page makes the browser download: the app's entry and its imports, plus the page's own chunk
 * and its static imports (from Vite's build manifest), raw, gzip and brotli (maximum quality, as the build
 * sends them). The public landing page is served to visitors as a static copy with one small script
 * (src/client/features/public/static-pages.tsx), and must stay under 50 KB of compressed JavaScript.
 *
 * The manifest does not know what a page fetches once running (its texts, one JSON chunk per namespace and
 * language, and the chunks its components load on demand), so the pages with a budget are also loaded in
 * Chromium from the real server, in English and in Arabic, and every script they download is counted as it
 * came over the wire (compressed bytes): the landing page as a visitor gets it, the dashboard (the signed-in
 * app's first page) and the editor of a new release as a signed-in owner gets them. The budgets are checked
 * against those figures; the bench exits non-zero when one is over.
 *
 * BENCH_CLIENT_DIR weighs another build (say, one made before a change, for a side-by-side figure);
 * BENCH_SCRIPTS=1 lists every script each signed-in page downloaded.
 */
type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath) && !process.env.BENCH_CLIENT_DIR) {
  console.log('building the client first…');
  const built = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  if (!sizes.has(file)) {
    const bytes = fs.readFileSync(path.join(clientDir, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes).length,
      brotli: zlib.brotliCompressSync(bytes).length,
    });
  }
  return sizes.get(file)!;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
// The app's entry is its index.html; the build's other entry is the public pages' small script (islands.ts).
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))!;
const pages = Object.keys(manifest).filter((k) => /-page\.tsx$/.test(k)).sort();
console.log(`${'route chunk'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
const sum = (files: string[]) =>
  files.map(sizeOf).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
const common = sum([...closure([entry])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));
console.log(`${'(the common entry: every page pays it)'.padEnd(48)}${kb(common.raw)}${kb(common.gzip)}${kb(common.brotli)}`);
let landing = 0;
for (const page of pages) {
  const files = [...closure([entry, page])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = sum(files);
  if (page.endsWith('landing-page.tsx')) landing = total.brotli;
  console.log(`${page.padEnd(48)}${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}`);
}
console.log(`\nlanding page as the app (signed in), static imports only, brotli: ${kb(landing).trim()}`);

/** `then`: what a person does once the page is drawn; its downloads are counted too. */
type Visit = { cookie?: string; ready?: string; then?: (page: Page) => Promise<void> };

/**
 * Loads `pathname` in Chromium in `language` and sums the compressed size of every script it downloaded. A
 * visitor gets the page's static copy; a session cookie makes the server answer with the app instead (any
 * value for the landing page, a real session for the signed-in pages). `ready` is a selector the page
 * shows once drawn: the count waits for it, then for the network to be quiet (the chunks drawn parts load).
 */
async function downloadedScripts(baseUrl: string, pathname: string, language: 'en' | 'ar', visit: Visit = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const context = await browser.newContext();
    if (visit.cookie) {
      const [name, value] = visit.cookie.split('=');
      await context.addCookies([{ name, value, url: baseUrl }]);
    }
    const page = await context.newPage();
    await page.addInitScript((lang) => localStorage.setItem('nashr-language', lang), language);
    const scripts: Promise<{ url: string; bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          url: request.url(),
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    const response = await page.goto(`${baseUrl}${pathname}?lang=${language}`, { waitUntil: 'networkidle' });
    if (visit.ready) {
      await page.locator(visit.ready).first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
    }
    if (visit.then) {
      await visit.then(page);
      await page.waitForLoadState('networkidle');
    }
    const html = (await response!.request().sizes()).responseBodySize;
    const all = await Promise.all(scripts);
    return {
      html,
      count: all.length,
      bytes: all.reduce((sum, s) => sum + s.bytes, 0),
      encodings: [...new Set(all.map((s) => s.encoding))],
      scripts: all.sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await browser.close();
  }
}

/**
 * The signed-in pages: the app's first page and the editor of a new release have a budget. The editor fetches
 * its rich-text editor (TipTap) at the first sign of writing (releases/rich-text-field.tsx), so it is also
 * weighed once its content box has the focus, for what a person who writes downloads in all.
 */
const signedInPages: Array<{ name: string; pathname: string; ready: string; budgetKb?: number; then?: Visit['then'] }> = [
  { name: 'dashboard', pathname: '/dashboard', ready: '[data-testid="dashboard-welcome"]', budgetKb: 120 },
  { name: 'editor (new release)', pathname: '/editor', ready: 'main h1', budgetKb: 200 },
  {
    name: 'editor, writing',
    pathname: '/editor',
    ready: 'main h1',
    then: async (page) => {
      await page.locator('[role="textbox"][contenteditable]').first().focus();
      await page.locator('[role="toolbar"]').first().waitFor({ timeout: 30_000 });
    },
  },
];
const LANDING_BUDGET_KB = 50;

// A signed-in owner, written to the database before the server opens it (PGlite has one process at a time).
const dataDir = scratchDir('bundle-size');
const database = await openDatabase({ dir: dataDir });
await migrate(database);
const cookie = await sessionCookie(database.db);
await database.close();

const server = await startServer({ BENCH_SERVE_CLIENT: 'on', BENCH_PGLITE_DIR: dataDir, BENCH_CLIENT_DIR: clientDir, DATABASE_URL: '' });
const over: string[] = [];
try {
  let worst = 0;
  for (const language of ['en', 'ar'] as const) {
    const visitor = await downloadedScripts(server.url, '/', language);
    const app = await downloadedScripts(server.url, '/', language, { cookie: 'sid=none' });
    worst = Math.max(worst, visitor.bytes);
    console.log(
      `landing page in Chromium (${language}): static copy ${visitor.count} script(s), ${kb(visitor.bytes).trim()} over the wire` +
        ` (HTML ${kb(visitor.html).trim()}); as the app ${app.count} scripts, ${kb(app.bytes).trim()}` +
        ` (${app.bytes && visitor.bytes ? (app.bytes / visitor.bytes).toFixed(0) : '-'}× the static copy; ${[...new Set([...visitor.encodings, ...app.encodings])].join(', ')})`,
    );
  }
  const landingWithin = worst <= LANDING_BUDGET_KB * 1024;
  if (!landingWithin) over.push('landing page');
  console.log(`\nlanding page JavaScript as downloaded: ${kb(worst).trim()} (budget ${LANDING_BUDGET_KB} KB: ${landingWithin ? 'within' : 'OVER'})`);

  console.log(`\nsigned in, in Chromium (scripts over the wire, brotli)${' '.repeat(4)}${'en'.padStart(10)}${'ar'.padStart(10)}    budget`);
  for (const { name, pathname, ready, budgetKb, then } of signedInPages) {
    const figures = [];
    for (const language of ['en', 'ar'] as const) {
      const visit = await downloadedScripts(server.url, pathname, language, { cookie, ready, then });
      figures.push(visit);
      if (process.env.BENCH_SCRIPTS)
        for (const script of visit.scripts) console.log(`    ${language} ${kb(script.bytes)}  ${new URL(script.url).pathname}`);
    }
    const worstPage = Math.max(...figures.map((f) => f.bytes));
    const within = budgetKb === undefined || worstPage <= budgetKb * 1024;
    if (!within) over.push(name);
    console.log(
      `${`${name} (${pathname}), ${figures.map((f) => f.count).join('/')} scripts`.padEnd(58)}${figures.map((f) => kb(f.bytes)).join('')}` +
        (budgetKb === undefined ? '    no budget' : `    ${budgetKb} KB: ${within ? 'within' : 'OVER'}`),
    );
  }
} finally {
  await server.stop();
}
if (over.length) {
  console.log(`\nover budget: ${over.join(', ')}`);
  process.exitCode = 1;
}
