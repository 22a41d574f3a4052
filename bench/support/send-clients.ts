import fs from 'node:fs';
import nodemailer from 'nodemailer';
import { personalise } from '../../src/shared/email-template.js';
import { finishIfDone } from '../../src/server/releases/lifecycle.js';

/**
 * One sending client of the send bench, in a process of its own so that none shares a CPU's event loop
 * with another or with the sink: `engine` (the delivery engine as a worker runs it: claims, renders,
 * VERP, DKIM, outcomes in the database), `plain` (a nodemailer pool given each message's parts), `limit`
 * (the same pool sending one pre-built message's raw bytes: what any client can reach with this sink).
 * Prints the seconds it took as its last line.
 */
export type SendJob = {
  sinkUrl: string;
  pool: number;
  publicUrl: string;
  mailFrom: string;
  recipients: number;
  database: { url?: string; dir?: string };
  pdfFile: string;
  /** plain: the rendered parts and each recipient's token. */
  parts: { subject: string; html: string; text: string; replyTo: string; tokens: string[] };
  /** limit: one complete message as the engine sends it. */
  rawFile: string;
};

const [mode, jobFile, pairing] = process.argv.slice(2);
const together = pairing === 'together';
// The server's modules are loaded only by the clients that use them: the engine's pool and the limit's (the same
// pool) encode DATA as the server does (src/server/mail/smtp-data.ts); the plain pool is nodemailer as it comes.
const smtpData = mode === 'limit' ? await import('../../src/server/mail/smtp-data.js') : undefined;
const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as SendJob;
const sinkPort = Number(new URL(job.sinkUrl).port);
const pool = () => nodemailer.createTransport({ pool: true, maxConnections: job.pool, maxMessages: Infinity, host: '127.0.0.1', port: sinkPort, secure: false });

/** Milliseconds of CPU the whole process (every thread: signing, PGlite, sockets) spent in the timed part. */
let cpuMs = 0;

/** Times `work`: its seconds, and in cpuMs the CPU the process spent on it (the bench weighs each client's need of the machine per message). */
async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; started: number; result: T }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  cpuMs = (used.user + used.system) / 1000;
  return { seconds, started, result };
}

async function runEngine(signed: boolean): Promise<number> {
  const [{ openDatabase }, { createDeliveryEngine }, { smtpDeliveryTransport }, { bounceAddress }, { loadDkimKey }, { dkimSignerThread }, { loadConfig }] = await Promise.all([
    import('../../src/server/db/client.js'),
    import('../../src/server/delivery/delivery-engine.js'),
    import('../../src/server/delivery/delivery-transport.js'),
    import('../../src/server/deliverability/verp.js'),
    import('../../src/server/deliverability/dkim.js'),
    import('../../src/server/deliverability/dkim-signer.js'),
    import('../../src/server/config.js'),
  ]);
  const database = await openDatabase(job.database);
  const transport = smtpDeliveryTransport(job.sinkUrl, job.pool);
  // As a worker runs it: VERP envelope senders and DKIM signatures.
  const config = loadConfig({ MAIL_FROM: job.mailFrom });
  const dkim = signed ? dkimSignerThread(await loadDkimKey(database.db, config)) : undefined;
  const engine = createDeliveryEngine({ onReleaseDrained: finishIfDone,
    db: database.db,
    transport,
    publicUrl: job.publicUrl,
    mailFrom: job.mailFrom,
    batchSize: 250,
    bounceAddress: (id) => bounceAddress(id, 'bench-secret-bench-secret', config.bounceDomain),
    dkim,
  });
  // One of two engines draining the release together (two workers): ready once set up, then it waits for the
  // bench's go so both start at once, and reports when it started and ended and how many it sent.
  if (together) {
    console.log('ready');
    await new Promise((go) => process.stdin.once('data', go));
  }
  const { seconds, started, result: sent } = await timed(() => engine.drain());
  await transport.close();
  await dkim?.close();
  await database.close();
  if (together) console.log(`together ${performance.timeOrigin + started} ${performance.timeOrigin + started + seconds * 1000} ${sent}`);
  else if (sent !== job.recipients) throw new Error(`engine sent ${sent} of ${job.recipients}`);
  return seconds;
}

async function runPlain(): Promise<number> {
  const transport = pool();
  const pdf = fs.readFileSync(job.pdfFile);
  const { parts } = job;
  const { seconds } = await timed(() =>
    Promise.all(
      parts.tokens.map((token, i) =>
        transport.sendMail({
          from: job.mailFrom,
          to: `reader${i}@example.com`,
          replyTo: parts.replyTo,
          subject: parts.subject,
          html: personalise(parts.html, token),
          text: personalise(parts.text, token),
          messageId: `<plain-${i}@nashr.test>`,
          headers: { 'List-Unsubscribe': `<${job.publicUrl}/u/${token}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          attachments: [{ filename: 'annual-report.pdf', content: pdf, contentType: 'application/pdf' }],
        }),
      ),
    ),
  );
  transport.close();
  return seconds;
}

async function runLimit(): Promise<number> {
  const transport = pool();
  // Pre-built, so encoded for SMTP once as well: the wire and nothing else.
  const raw = smtpData!.encodedOnce(fs.readFileSync(job.rawFile));
  const { seconds } = await timed(() =>
    Promise.all(Array.from({ length: job.recipients }, (_, i) => transport.sendMail({ envelope: { from: 'releases@nashr.test', to: [`reader${i}@example.com`] }, raw }))),
  );
  transport.close();
  return seconds;
}

const clients: Record<string, () => Promise<number>> = { engine: () => runEngine(true), unsigned: () => runEngine(false), plain: runPlain, limit: runLimit };
const seconds = await clients[mode]();
console.log(`cpu ${cpuMs.toFixed(1)}`);
console.log(seconds.toFixed(4));
