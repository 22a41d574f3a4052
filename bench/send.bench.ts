import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { deliveries, globalContacts, listContacts, userLists } from '../src/server/db/schema.js';
import { loadCurrentUser } from '../src/server/access/session.js';
import { insertAccount } from '../src/server/test/accounts.js';
import { saveRelease } from '../src/server/releases/releases.service.js';
import { sendPressReleaseSchema } from '../src/shared/releases.js';
import { renderEmail, TOKEN_PLACEHOLDER } from '../src/shared/email-template.js';
import { renderRelease, messageFor } from '../src/server/delivery/release-renderer.js';
import { loadDkimKey } from '../src/server/deliverability/dkim.js';
import { defaultSigningThreads, dkimSignerThread } from '../src/server/deliverability/dkim-signer.js';
import { loadConfig } from '../src/server/config.js';
import { releasePayload } from '../src/server/releases/release-fixtures.js';
import { postgresServerUrl, scratchDatabase, scratchDir } from './support/bench-kit.js';
import type { SendJob } from './support/send-clients.js';
import type { ReleaseId } from '../src/shared/ids.js';

/**
 * Send throughput (issue 14): RECIPIENTS messages of a release with a 1 MB PDF into one local SMTP sink,
 * from four clients, each in its own process, one after the other, RUNS times:
 * - the delivery engine as a worker runs it (claims, render once, VERP, each message's MIME and DKIM signature on
 *   the signing threads, outcomes written in groups of up to 20 ms);
 * - the same engine without DKIM, to tell the signature's cost from the rest;
 * - a plain nodemailer pool given each message's parts (what a straightforward sender does, nodemailer as it comes);
 * - on PostgreSQL, two engines in two processes draining the release together, as two workers do;
 * - the limit: the engine's pool (nodemailer with the server's DATA encoding) sending one pre-built
 *   message's raw bytes, encoded for SMTP once (no client does less).
 * Targets: engine ÷ plain ≥ 2.0, engine ÷ limit ≥ 0.9 (≥ 0.8 on the embedded database), two engines ÷ limit ≥ 0.9. PostgreSQL when a
 * server answers (DATABASE_URL, else the local one), else PGlite; BENCH_ONLY=pglite takes PGlite anyway.
 * The clients share the machine's cores with the sink and each other's threads: on a machine running other
 * work the figures vary by ±30 % from run to run, so compare the ratios of one run.
 */

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const POOL = 5;
const PUBLIC_URL = 'http://localhost:3000';
const MAIL_FROM = 'Nashr <releases@nashr.test>';
const TERMINATOR = Buffer.from('\r\n.\r\n');
const clientsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'send-clients.ts');

/** A minimal SMTP server that accepts everything and keeps only counts: the relay is not what is measured. */
async function startCountingSink() {
  let messages = 0;
  let bytes = 0;
  const server = net.createServer((socket) => {
    let inData = false;
    let tail = Buffer.alloc(0);
    let line = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      let rest = chunk;
      while (rest.length) {
        if (inData) {
          // The terminator may straddle two chunks: look at the seam, then inside the chunk (no copies).
          const seam = Buffer.concat([tail, rest.subarray(0, 4)]).indexOf(TERMINATOR);
          const inside = seam >= 0 ? -1 : rest.indexOf(TERMINATOR);
          if (seam < 0 && inside < 0) {
            bytes += rest.length;
            tail = Buffer.from(rest.subarray(Math.max(0, rest.length - 4)));
            return;
          }
          const consumed = seam >= 0 ? seam + 5 - tail.length : inside + 5;
          bytes += consumed;
          messages += 1;
          inData = false;
          tail = Buffer.alloc(0);
          rest = rest.subarray(consumed);
          socket.write('250 OK queued\r\n');
          continue;
        }
        const newline = rest.indexOf('\n');
        if (newline < 0) {
          line += rest.toString('latin1');
          return;
        }
        line += rest.subarray(0, newline + 1).toString('latin1');
        rest = rest.subarray(newline + 1);
        const command = line.trim().toUpperCase();
        line = '';
        if (command.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (command.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (command === 'DATA') {
          inData = true;
          // The message starts right after this line: "\r\n.\r\n" may also end an empty message.
          tail = Buffer.from('\r\n');
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts: () => ({ messages, bytes }),
    reset: () => {
      messages = 0;
      bytes = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A valid PDF header followed by 1 MB of incompressible-looking bytes. */
function onePdfMegabyte(): Buffer {
  const body = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < body.length; i++) body[i] = (i * 2654435761) >>> 24;
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), body, Buffer.from('\n%%EOF\n')]);
}

async function prepareRelease(database: Database, pdf: Buffer) {
  const { db } = database;
  const user = await insertAccount(db, {
    email: `bench-sender-${Date.now()}@bench.test`,
    passwordHash: 'x',
    companyName: 'Bench Co',
    verified: true,
    userType: 'active',
    monthlyPressReleaseLimit: 100,
  });
  const [list] = await db.insert(userLists).values({ workspaceId: user.workspaceId, createdBy: user.id, name: 'Bench list' }).returning();
  const stamp = Date.now();
  for (let start = 0; start < RECIPIENTS; start += 1000) {
    const chunk = Array.from({ length: Math.min(1000, RECIPIENTS - start) }, (_, i) => ({ email: `reader${start + i}-${stamp}@example.com`, firstName: 'Reader' }));
    const contacts = await db.insert(globalContacts).values(chunk).returning({ id: globalContacts.id });
    await db.insert(listContacts).values(contacts.map((c) => ({ listId: list.id, globalContactId: c.id })));
  }
  const input = sendPressReleaseSchema.parse(
    releasePayload({ recipientLists: [list.id], attachments: [{ originalName: 'annual-report.pdf', base64Content: pdf.toString('base64') }] }),
  );
  // Sending throughput, not review: measured as an installation without editorial review.
  return saveRelease({ db, now: () => new Date(), publicUrl: PUBLIC_URL, review: false }, (await loadCurrentUser(db, user.id))!, input);
}

/** Queues the release's deliveries again, so the next engine run sends them all once more. */
async function requeue(database: Database, releaseId: ReleaseId) {
  await database.db.update(deliveries).set({ status: 'queued', attempts: 0, sentAt: null, lockedBy: null, lockedUntil: null }).where(eq(deliveries.releaseId, releaseId));
}

/** Runs a client in its own process (not synchronously: this process serves the sink meanwhile). */
type Client = 'engine' | 'unsigned' | 'plain' | 'limit' | 'engine×2';

/** A client's seconds, and the CPU its process spent meanwhile (every thread), when it reports it. */
type ClientRun = { seconds: number; cpuMs?: number };

function runClient(mode: Client, jobFile: string): Promise<ClientRun> {
  if (mode === 'engine×2') return runEnginesTogether(jobFile).then((seconds) => ({ seconds }));
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE=<dir> writes a CPU profile of each client there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, `--cpu-prof-name=${mode}.cpuprofile`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', clientsFile, mode, jobFile], { env: process.env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${mode} client failed:\n${err}`));
      const lines = out.trim().split('\n');
      const cpu = lines.find((line) => line.startsWith('cpu '));
      resolve({ seconds: Number(lines.at(-1)), cpuMs: cpu ? Number(cpu.slice(4)) : undefined });
    });
  });
}

/**
 * Two engines, each in its own process as two workers run, draining the release together (their claims skip
 * each other's rows). Both are set up first, then started at once; the time is from the first start to the
 * last end, and their sends must add up to every recipient once.
 */
function runEnginesTogether(jobFile: string): Promise<number> {
  const children = [0, 1].map(() => spawn(process.execPath, ['--import', 'tsx', clientsFile, 'engine', jobFile, 'together'], { env: process.env }));
  const outputs = children.map(() => ({ out: '', err: '' }));
  const ready = new Set<number>();
  const ended = children.map(
    (child, i) =>
      new Promise<{ start: number; end: number; sent: number }>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          outputs[i].out += chunk.toString();
          if (!ready.has(i) && /^ready$/m.test(outputs[i].out)) {
            ready.add(i);
            if (ready.size === children.length) for (const c of children) c.stdin.end('go\n');
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (outputs[i].err += chunk.toString()));
        child.on('close', (code) => {
          const line = outputs[i].out.split('\n').find((l) => l.startsWith('together '));
          if (code !== 0 || !line) return reject(new Error(`engine ${i + 1} of two failed:\n${outputs[i].err}`));
          const [start, end, sent] = line.split(' ').slice(1).map(Number);
          resolve({ start, end, sent });
        });
      }),
  );
  return Promise.all(ended).then((runs) => {
    const sent = runs.reduce((sum, r) => sum + r.sent, 0);
    if (sent !== RECIPIENTS) throw new Error(`two engines sent ${sent} of ${RECIPIENTS} (${runs.map((r) => r.sent).join(' + ')})`);
    return (Math.max(...runs.map((r) => r.end)) - Math.min(...runs.map((r) => r.start))) / 1000;
  });
}

async function openBenchDatabase(): Promise<{ database: Database; where: SendJob['database']; label: string; drop: () => Promise<void> }> {
  const server = process.env.BENCH_ONLY === 'pglite' ? undefined : await postgresServerUrl();
  if (server) {
    const scratch = await scratchDatabase(server, 'nashr_bench_send');
    const database = await openDatabase({ url: scratch.url });
    await migrate(database);
    return { database, where: { url: scratch.url }, label: 'PostgreSQL', drop: scratch.drop };
  }
  const dir = scratchDir('send-bench');
  const database = await openDatabase({ dir });
  await migrate(database);
  return { database, where: { dir }, label: 'PGlite', drop: async () => {} };
}

const bench = await openBenchDatabase();
let { database } = bench;
const sink = await startCountingSink();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nashr-send-bench-'));
try {
  const pdf = onePdfMegabyte();
  console.log(`Send throughput: ${RECIPIENTS} recipients, ${(pdf.length / 1024 / 1024).toFixed(2)} MB PDF, pool of ${POOL} SMTP connections, database ${bench.label}, ${os.cpus().length} CPUs, ${defaultSigningThreads()} signing thread(s), ${RUNS} runs`);
  const release = await prepareRelease(database, pdf);
  const rows = await database.db.select().from(deliveries).where(eq(deliveries.releaseId, release.id));
  const rendered = renderEmail(release, {
    viewInBrowser: `${PUBLIC_URL}/r/${release.webUrl?.split('/r/')[1]}?t=${TOKEN_PLACEHOLDER}`,
    unsubscribe: `${PUBLIC_URL}/u/${TOKEN_PLACEHOLDER}`,
    openPixel: `${PUBLIC_URL}/t/o/${TOKEN_PLACEHOLDER}.gif`,
    trackLink: (_url, n) => `${PUBLIC_URL}/t/c/${TOKEN_PLACEHOLDER}/${n}`,
  });
  // The limit client's message: exactly what the engine sends to the first recipient, signed.
  const dkim = dkimSignerThread(await loadDkimKey(database.db, loadConfig({ MAIL_FROM })));
  const engineMessage = messageFor(await renderRelease(database.db, release.id, PUBLIC_URL), rows[0], MAIL_FROM, PUBLIC_URL, new Date(), { dkim });
  const engineBytes = Buffer.concat(await engineMessage.raw());
  await dkim.close();
  const pdfFile = path.join(work, 'report.pdf');
  const rawFile = path.join(work, 'message.eml');
  fs.writeFileSync(pdfFile, pdf);
  fs.writeFileSync(rawFile, engineBytes);
  const job: SendJob = {
    sinkUrl: sink.url,
    pool: POOL,
    publicUrl: PUBLIC_URL,
    mailFrom: MAIL_FROM,
    recipients: RECIPIENTS,
    database: bench.where,
    pdfFile,
    parts: { subject: rendered.subject, html: rendered.html, text: rendered.text, replyTo: `${release.contactName} <${release.contactEmail}>`, tokens: rows.map((r) => r.token) },
    rawFile,
  };
  const jobFile = path.join(work, 'job.json');
  fs.writeFileSync(jobFile, JSON.stringify(job));
  // The engine's process opens the database itself; an embedded one allows one process at a time.
  if (bench.label === 'PGlite') await database.close();

  const rates: Record<Client, number[]> = { engine: [], unsigned: [], plain: [], limit: [], 'engine×2': [] };
  /** CPU per message, ms: the client's process (all its threads) and the sink, which share the machine's cores. */
  const cpuPerMessage: Record<Client, Array<{ client: number; sink: number }>> = { engine: [], unsigned: [], plain: [], limit: [], 'engine×2': [] };
  // Two workers need a database two processes can open: PostgreSQL only.
  const modes: Client[] = ['limit', 'plain', 'engine', 'unsigned', ...(bench.label === 'PGlite' ? [] : (['engine×2'] as const))];
  for (let run = 1; run <= RUNS; run++) {
    for (const mode of modes) {
      if ((mode === 'engine' && run > 1) || mode === 'unsigned' || mode === 'engine×2') {
        if (bench.label === 'PGlite') database = await openDatabase(bench.where);
        await requeue(database, release.id);
        if (bench.label === 'PGlite') await database.close();
      }
      sink.reset();
      // The sink shares the machine's cores with the client (and the client's threads): its CPU time is shown.
      const sinkCpu = process.cpuUsage();
      const { seconds, cpuMs } = await runClient(mode, jobFile);
      const { user, system } = process.cpuUsage(sinkCpu);
      const { messages, bytes } = sink.counts();
      if (messages !== RECIPIENTS) throw new Error(`${mode}: the sink received ${messages} of ${RECIPIENTS}`);
      rates[mode].push(RECIPIENTS / seconds);
      const sinkMs = (user + system) / 1000 / RECIPIENTS;
      if (cpuMs !== undefined) cpuPerMessage[mode].push({ client: cpuMs / RECIPIENTS, sink: sinkMs });
      const clientCpu = cpuMs === undefined ? '' : `client CPU ${(cpuMs / RECIPIENTS).toFixed(2)} ms/msg, `;
      console.log(`  run ${run} ${mode.padEnd(8)}: ${(RECIPIENTS / seconds).toFixed(0).padStart(5)} msg/s  (${seconds.toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(0)} MB on the wire, ${clientCpu}sink CPU ${sinkMs.toFixed(2)} ms/msg)`);
    }
  }
  const ratios = (of: Client, over: Client) => rates[of].map((rate, i) => rate / rates[over][i]);
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
  const [plain, limit, unsigned] = [ratios('engine', 'plain'), ratios('engine', 'limit'), ratios('unsigned', 'limit')];
  console.log(`  engine ÷ plain pool  : ${range(plain)}×  (target ≥ 2.0: ${Math.min(...plain) >= 2 ? 'met' : 'NOT met'})`);
  // The embedded database runs on the engine's own thread: its target is lower.
  const target = bench.label === 'PGlite' ? 0.8 : 0.9;
  console.log(`  engine ÷ limit       : ${range(limit)}×  (target ≥ ${target}: ${Math.min(...limit) >= target ? 'met' : 'NOT met'})`);
  console.log(`  unsigned ÷ limit     : ${range(unsigned)}×  (the engine without DKIM: what it does beyond the wire, signing apart)`);
  // What each client needs of the machine per message (its process and the sink together): when the cores are
  // all busy, as they are on a small machine, rates stand in the inverse ratio of these figures.
  const cpuOf = (mode: Client) => cpuPerMessage[mode].map((c) => c.client + c.sink);
  const cores = os.availableParallelism();
  // On PostgreSQL the server's own processes share the cores too, and are not counted here.
  if (bench.label !== 'PGlite') console.log('  (CPU below: the clients and the sink; PostgreSQL\'s processes are not counted)');
  for (const mode of ['limit', 'engine', 'unsigned'] as const) {
    const each = cpuOf(mode);
    console.log(`  CPU per message, ${mode.padEnd(8)}: ${range(each)} ms (client with all its threads, and the sink); ${cores} cores keep a client that busy at most at ${(cores * 1000 / Math.min(...each)).toFixed(0)} msg/s`);
  }
  const cpuRatio = cpuOf('limit').map((limitCpu, i) => limitCpu / cpuOf('engine')[i]);
  console.log(`  limit's CPU ÷ engine's : ${range(cpuRatio)}×  (the engine ÷ limit a machine whose cores are all busy allows)`);
  if (rates['engine×2'].length) {
    const two = ratios('engine×2', 'limit');
    console.log(`  two engines ÷ limit  : ${range(two)}×  (two workers on one release; target ≥ 0.9: ${Math.min(...two) >= 0.9 ? 'met' : 'NOT met'})`);
  }
} finally {
  await sink.close();
  if (bench.label !== 'PGlite') await database.close();
  await bench.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
