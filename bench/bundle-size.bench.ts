import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * What each page makes the browser download: the app's entry and its imports, plus the page's own chunk
 * and its static imports (from Vite's build manifest), raw, gzip and brotli (quality 5, as the server
 * sends them). The public landing page should stay under 150 KB of compressed JavaScript: it must not
 * carry the editor, the charts or Stripe.
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
      brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
    });
  }
  return sizes.get(file)!;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const pages = Object.keys(manifest).filter((k) => /-page\.tsx$/.test(k)).sort();
console.log(`${'route chunk'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
let landing = 0;
for (const page of pages) {
  const files = [...closure([entry, page])].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const total = files.map(sizeOf).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  if (page.endsWith('landing-page.tsx')) landing = total.brotli;
  console.log(`${page.padEnd(48)}${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}`);
}
console.log(`\nlanding page JavaScript, brotli: ${kb(landing).trim()} (budget 150 KB: ${landing <= 150 * 1024 ? 'within' : 'OVER'})`);
