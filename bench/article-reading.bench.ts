import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { articleText } from '../src/server/coverage/feed-items.js';
import { createPageReader } from '../src/server/coverage/page-reader.js';
import { deeplyNestedPage, longPage, normalArticle } from '../src/server/test/hostile-pages.js';

/**
 * /healthz latency while an article page is read (issue 24; target < 100 ms). The server here is a bare
 * HTTP server on this process's event loop, as the web process's is; a second process asks /healthz every
 * 10 ms and reports the slowest answer. "Before": Readability on the request thread, as the coverage code
 * read pages until issue 24 (the 1,500-deep page is left out by default: it held the loop 56 s and more;
 * BENCH_DEEP_BEFORE=1500 to see it). "After": the reading threads with their limits.
 */

const DEEP_BEFORE = Number(process.env.BENCH_DEEP_BEFORE ?? 300);

const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'));
server.keepAliveTimeout = 120_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const healthz = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;

/** The asking process: /healthz every 10 ms, each answer's start and latency (ms since the epoch) on stop. */
const PROBE = `
const url = process.argv[1]; const asked = []; let stop = false;
const now = () => performance.timeOrigin + performance.now();
process.stdin.on('data', () => { stop = true; }); process.stdin.resume();
(async () => {
  while (!stop) {
    const start = now();
    // A keep-alive connection the server closed while it was held up is asked again, as a client would.
    await fetch(url).then((r) => r.text()).catch(() => fetch(url).then((r) => r.text()));
    asked.push([start, now() - start]);
    if (asked.length === 5) console.log('WARM');
    await new Promise((r) => setTimeout(r, 10));
  }
  console.log(JSON.stringify(asked));
  process.exit(0);
})();`;

type Probed = { outcome: string; readMs: number; healthz: { n: number; p50: number; max: number } };

/** Runs `read` while another process asks /healthz; answers how long /healthz took during it and how long `read` took. */
async function whileProbed(read: () => Promise<string>): Promise<Probed> {
  const probe = spawn(process.execPath, ['-e', PROBE, healthz], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const warm = new Promise<void>((resolve) =>
    probe.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('WARM\n')) resolve();
    }),
  );
  const done = new Promise<void>((resolve) => probe.once('close', () => resolve()));
  // The first answers include the asking process's own start.
  await warm;
  out = '';
  const epoch = () => performance.timeOrigin + performance.now();
  const from = epoch();
  const outcome = await read();
  const to = epoch();
  probe.stdin.end('stop\n');
  await done;
  // Every /healthz asked while the page was read, or answered while it was.
  const during = (JSON.parse(out) as Array<[number, number]>)
    .filter(([start, latency]) => start <= to && start + latency >= from)
    .map(([, latency]) => latency)
    .sort((a, b) => a - b);
  return { outcome, readMs: to - from, healthz: { n: during.length, p50: during[Math.floor(during.length / 2)] ?? 0, max: during.at(-1) ?? 0 } };
}

const pages = [
  { name: 'normal article', html: normalArticle() },
  { name: `${DEEP_BEFORE} nested <div>s`, html: deeplyNestedPage(DEEP_BEFORE), beforeOnly: true },
  { name: '1,500 nested <div>s (17 KB)', html: deeplyNestedPage(1500), afterOnly: DEEP_BEFORE !== 1500 },
  { name: 'ordinary HTML, 1.5 MB (26,000 elements)', html: longPage(1_500_000) },
  { name: 'ordinary HTML, 4.9 MB', html: longPage(4.9 * 1024 * 1024), afterOnly: true },
];

const reader = createPageReader();
await reader.ready();
const rows: string[][] = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;
for (const page of pages) {
  const before = page.afterOnly
    ? undefined
    : await whileProbed(async () => {
        // What the web process did until issue 24: Readability on the thread that answers requests.
        await new Promise((resolve) => setImmediate(resolve));
        return articleText(page.html) ? 'read' : 'no article';
      });
  const after = page.beforeOnly
    ? undefined
    : await whileProbed(async () => {
        const reading = await reader.read(page.html);
        return reading.status === 'unreadable' ? `unreadable: ${reading.reason}` : reading.status;
      });
  rows.push([
    page.name,
    before ? `${ms(before.healthz.max)} (read ${ms(before.readMs)})` : '—',
    after ? (after.healthz.n ? `${ms(after.healthz.max)} (p50 ${ms(after.healthz.p50)}, ${after.healthz.n} asked)` : 'none asked meanwhile') : '—',
    after ? `${after.outcome} in ${ms(after.readMs)}` : '—',
  ]);
  console.log(rows.at(-1)!.join(' | '));
}
await reader.close();
server.close();

console.log('\nSlowest /healthz answer while the page is read (target < 100 ms)');
console.table(rows.map(([page, before, after, outcome]) => ({ page, 'before: on the request thread': before, 'after: reading threads': after, 'after: outcome': outcome })));
