import net from 'node:net';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { deliveries, globalContacts, listContacts, userLists, users } from '../src/server/db/schema.js';
import { toCurrentUser } from '../src/server/http/session.js';
import { saveRelease } from '../src/server/releases/releases.service.js';
import { sendPressReleaseSchema } from '../src/shared/releases.js';
import { personalise, renderEmail, TOKEN_PLACEHOLDER } from '../src/shared/email-template.js';
import { createDeliveryEngine } from '../src/server/delivery/delivery-engine.js';
import { smtpDeliveryTransport } from '../src/server/delivery/delivery-transport.js';
import { releasePayload } from '../src/server/releases/release-fixtures.js';
import { postgresServerUrl, scratchDatabase, scratchDir } from './support/bench-kit.js';

/**
 * Send throughput: 5,000 recipients of a release with a 1 MB PDF through the real delivery engine
 * (claims, render once, pre-encoded attachment, outcomes recorded in the database) into a local SMTP
 * sink, against the same 5,000 messages handed to a plain nodemailer pool of the same size.
 * Target: the engine at least 1.5× the plain pool.
 */

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 5000);
const POOL = 5;
const PUBLIC_URL = 'http://localhost:3000';
const MAIL_FROM = 'Nashr <releases@nashr.test>';

const TERMINATOR = Buffer.from('\r\n.\r\n');

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
    port,
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
  const [user] = await db
    .insert(users)
    .values({ email: `bench-sender-${Date.now()}@bench.test`, passwordHash: 'x', companyName: 'Bench Co', verified: true, userType: 'active', monthlyPressReleaseLimit: 1 })
    .returning();
  const [list] = await db.insert(userLists).values({ userId: user.id, name: 'Bench list' }).returning();
  const stamp = Date.now();
  for (let start = 0; start < RECIPIENTS; start += 1000) {
    const chunk = Array.from({ length: Math.min(1000, RECIPIENTS - start) }, (_, i) => ({
      email: `reader${start + i}-${stamp}@example.com`,
      firstName: 'Reader',
    }));
    const contacts = await db.insert(globalContacts).values(chunk).returning({ id: globalContacts.id });
    await db.insert(listContacts).values(contacts.map((c) => ({ listId: list.id, globalContactId: c.id })));
  }
  const input = sendPressReleaseSchema.parse(
    releasePayload({ recipientLists: [list.id], attachments: [{ originalName: 'annual-report.pdf', base64Content: pdf.toString('base64') }] }),
  );
  // Sending throughput, not review: measured as an installation without editorial review.
  const release = await saveRelease({ db, now: () => new Date(), publicUrl: PUBLIC_URL, review: false }, toCurrentUser(user), input);
  return release;
}

async function runEngine(database: Database, sinkUrl: string, releaseId: string): Promise<number> {
  const transport = smtpDeliveryTransport(sinkUrl, POOL);
  const engine = createDeliveryEngine({ db: database.db, transport, publicUrl: PUBLIC_URL, mailFrom: MAIL_FROM, batchSize: 250 });
  const started = performance.now();
  const sent = await engine.drain();
  const seconds = (performance.now() - started) / 1000;
  await transport.close();
  const rows = await database.db.select({ status: deliveries.status }).from(deliveries).where(eq(deliveries.releaseId, releaseId));
  const notSent = rows.filter((r) => r.status !== 'sent').length;
  if (sent !== RECIPIENTS || notSent) throw new Error(`engine sent ${sent}, ${notSent} deliveries not sent`);
  return seconds;
}

/** The same messages (same template, same personalisation, same headers and attachment) through a plain pool. */
async function runPlainPool(sinkPort: number, release: Awaited<ReturnType<typeof prepareRelease>>, pdf: Buffer, tokens: string[]): Promise<number> {
  const transport = nodemailer.createTransport({ pool: true, maxConnections: POOL, maxMessages: Infinity, host: '127.0.0.1', port: sinkPort, secure: false });
  const rendered = renderEmail(release, {
    viewInBrowser: `${PUBLIC_URL}/r/${release.webUrl?.split('/r/')[1]}?t=${TOKEN_PLACEHOLDER}`,
    unsubscribe: `${PUBLIC_URL}/u/${TOKEN_PLACEHOLDER}`,
    openPixel: `${PUBLIC_URL}/t/o/${TOKEN_PLACEHOLDER}.gif`,
    trackLink: (_url, n) => `${PUBLIC_URL}/t/c/${TOKEN_PLACEHOLDER}/${n}`,
  });
  const started = performance.now();
  await Promise.all(
    tokens.map((token, i) =>
      transport.sendMail({
        from: MAIL_FROM,
        to: `reader${i}@example.com`,
        replyTo: `${release.contactName} <${release.contactEmail}>`,
        subject: rendered.subject,
        html: personalise(rendered.html, token),
        text: personalise(rendered.text, token),
        messageId: `<plain-${i}@nashr.test>`,
        headers: { 'List-Unsubscribe': `<${PUBLIC_URL}/u/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        attachments: [{ filename: 'annual-report.pdf', content: pdf, contentType: 'application/pdf' }],
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return seconds;
}

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
  const server = await postgresServerUrl();
  if (server) {
    const scratch = await scratchDatabase(server, 'nashr_bench_send');
    const database = await openDatabase({ url: scratch.url });
    await migrate(database);
    return { database, label: 'PostgreSQL', drop: scratch.drop };
  }
  const database = await openDatabase({ dir: scratchDir('send-bench') });
  await migrate(database);
  return { database, label: 'PGlite', drop: async () => {} };
}

const { database, label, drop } = await openBenchDatabase();
const sink = await startCountingSink();
try {
  const pdf = onePdfMegabyte();
  console.log(`Send throughput: ${RECIPIENTS} recipients, ${(pdf.length / 1024 / 1024).toFixed(2)} MB PDF, pool of ${POOL} SMTP connections, database ${label}`);
  const release = await prepareRelease(database, pdf);
  const tokens = (await database.db.select({ token: deliveries.token }).from(deliveries).where(eq(deliveries.releaseId, release.id))).map((r) => r.token);

  const plainSeconds = await runPlainPool(sink.port, release, pdf, tokens);
  const plainCounts = sink.counts();
  sink.reset();
  const engineSeconds = await runEngine(database, sink.url, release.id);
  const engineCounts = sink.counts();
  if (engineCounts.messages !== RECIPIENTS || plainCounts.messages !== RECIPIENTS) {
    throw new Error(`sink received engine ${engineCounts.messages}, plain ${plainCounts.messages}`);
  }
  const engineRate = RECIPIENTS / engineSeconds;
  const plainRate = RECIPIENTS / plainSeconds;
  const ratio = engineRate / plainRate;
  console.log(`  delivery engine     : ${engineRate.toFixed(0).padStart(6)} msg/s  (${engineSeconds.toFixed(1)} s, ${(engineCounts.bytes / 1024 / 1024).toFixed(0)} MB on the wire)`);
  console.log(`  plain nodemailer pool: ${plainRate.toFixed(0).padStart(6)} msg/s  (${plainSeconds.toFixed(1)} s, ${(plainCounts.bytes / 1024 / 1024).toFixed(0)} MB on the wire)`);
  console.log(`  ratio engine / plain: ${ratio.toFixed(2)}×  (target ≥ 1.5×: ${ratio >= 1.5 ? 'met' : 'NOT met'})`);
} finally {
  await sink.close();
  await database.close();
  await drop();
}
