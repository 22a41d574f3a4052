import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../e2e/chromium-path.js';
import { scratchDir, startServer } from './support/bench-kit.js';

/**
 * What each page makes the browser download: the app's entry and its imports, plus the page's own chunk
 * and its static imports (from Vite's build manifest), raw, gzip and brotli (maximum quality, as the build
 * sends them). The public landing page is served to visitors as a static copy with one small script
 * (src/client/features/public/static-pages.tsx), and must stay under 50 KB of compressed JavaScript.
 *
 * The manifest does not know what a page fetches once running (its texts, one JSON chunk per namespace and
 * language), so the landing page is also loaded in Chromium from the real server, in English and in
 * Arabic, and every script it downloads is counted as it came over the wire (compressed bytes). The
 * budget is checked against that figure.
 */
type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

const clientDir = path.resolve('dist/client');
const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
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
let landing = 0;
for (const page of pages) {
  const files = [...closure([entry, page])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.map(sizeOf).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  if (page.endsWith('landing-page.tsx')) landing = total.brotli;
  console.log(`${page.padEnd(48)}${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}`);
}
console.log(`\nlanding page as the app (signed in), static imports only, brotli: ${kb(landing).trim()}`);

/**
 * Loads `path` in Chromium in `language` and sums the compressed size of every script it downloaded. A
 * visitor gets the page's static copy; `asApp` sends a session cookie (any value), which makes the server
 * answer with the app instead, so both are measured side by side.
 */
async function downloadedScripts(baseUrl: string, pathname: string, language: 'en' | 'ar', asApp = false) {
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    const context = await browser.newContext();
    if (asApp) await context.addCookies([{ name: 'sid', value: 'none', url: baseUrl }]);
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
    const html = (await response!.request().sizes()).responseBodySize;
    const all = await Promise.all(scripts);
    return { html, count: all.length, bytes: all.reduce((sum, s) => sum + s.bytes, 0), encodings: [...new Set(all.map((s) => s.encoding))] };
  } finally {
    await browser.close();
  }
}

const server = await startServer({ BENCH_SERVE_CLIENT: 'on', BENCH_PGLITE_DIR: scratchDir('bundle-size'), DATABASE_URL: '' });
try {
  let worst = 0;
  for (const language of ['en', 'ar'] as const) {
    const visitor = await downloadedScripts(server.url, '/', language);
    const app = await downloadedScripts(server.url, '/', language, true);
    worst = Math.max(worst, visitor.bytes);
    console.log(
      `landing page in Chromium (${language}): static copy ${visitor.count} script(s), ${kb(visitor.bytes).trim()} over the wire` +
        ` (HTML ${kb(visitor.html).trim()}); as the app ${app.count} scripts, ${kb(app.bytes).trim()}` +
        ` (${app.bytes && visitor.bytes ? (app.bytes / visitor.bytes).toFixed(0) : '-'}× the static copy; ${[...new Set([...visitor.encodings, ...app.encodings])].join(', ')})`,
    );
  }
  console.log(`\nlanding page JavaScript as downloaded: ${kb(worst).trim()} (budget 50 KB: ${worst <= 50 * 1024 ? 'within' : 'OVER'})`);
} finally {
  await server.stop();
}
