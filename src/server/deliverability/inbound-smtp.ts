import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../db/client.js';
import { readServerReport, type ServerReport } from './reports.js';
import { applyServerReport } from './reports.service.js';
import { accountHashOfBounceAddress, deliveryOfBounceAddress, isFeedbackAddress } from './verp.js';
import { applyAccountBounce } from './account-mail.js';

/**
 * The inbound SMTP listener for what comes back after sending (INBOUND_SMTP_PORT): bounce notifications
 * to the VERP addresses, and complaint reports to those or to the feedback-loop address. It accepts mail
 * for nothing else, at most MAX_MESSAGE_BYTES a message and MESSAGES_PER_MINUTE per client address;
 * unknown or forged notifications are logged and change nothing.
 */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
const MESSAGES_PER_MINUTE = 120;

export type InboundOptions = {
  db: Db;
  port: number;
  host: string;
  bounceDomain: string;
  secret: string;
  now?: () => Date;
  log: { info: (message: string) => void; warn: (message: string) => void };
};

export type InboundListener = { port: number; close: () => Promise<void> };

type Recipients = { deliveryIds: number[]; feedback: boolean; accountHashes: string[] };

export async function startInboundSmtp(options: InboundOptions): Promise<InboundListener> {
  const { db, bounceDomain, secret, log } = options;
  const now = options.now ?? (() => new Date());
  const recent = new Map<string, number[]>();

  const withinRate = (address: string) => {
    const cutoff = Date.now() - 60_000;
    const times = (recent.get(address) ?? []).filter((t) => t > cutoff);
    times.push(Date.now());
    recent.set(address, times);
    if (recent.size > 10_000) recent.clear(); // bounded memory under a scan from many addresses
    return times.length <= MESSAGES_PER_MINUTE;
  };

  const recipientsOf = (session: SMTPServerSession): Recipients => {
    const state: Recipients = { deliveryIds: [], feedback: false, accountHashes: [] };
    for (const rcpt of session.envelope.rcptTo) {
      const id = deliveryOfBounceAddress(rcpt.address, secret, bounceDomain);
      const accountHash = accountHashOfBounceAddress(rcpt.address, secret, bounceDomain);
      if (id !== undefined) state.deliveryIds.push(id);
      else if (accountHash !== undefined) state.accountHashes.push(accountHash);
      else if (isFeedbackAddress(rcpt.address, bounceDomain)) state.feedback = true;
    }
    return state;
  };

  async function handle(raw: Buffer, session: SMTPServerSession): Promise<void> {
    const report = await readServerReport(raw);
    const { deliveryIds, feedback, accountHashes } = recipientsOf(session);
    await handleAccountBounces(accountHashes, report, raw, session);
    if (accountHashes.length && !deliveryIds.length && !feedback) return;
    // A complaint sent to the feedback-loop address names the delivery by the envelope sender we gave it.
    if (feedback && report.type === 'complaint') {
      for (const named of [report.originalMailFrom, report.enclosedReturnPath]) {
        const id = named ? deliveryOfBounceAddress(named, secret, bounceDomain) : undefined;
        if (id !== undefined) {
          deliveryIds.push(id);
          break;
        }
      }
    }
    if (!deliveryIds.length) return log.warn(`Inbound report from ${session.remoteAddress} names no delivery of ours; ignored`);
    for (const deliveryId of new Set(deliveryIds)) {
      const outcome = await applyServerReport(db, deliveryId, report, now());
      if ('ignored' in outcome) log.warn(`Inbound report for delivery ${deliveryId} ignored: ${outcome.ignored}`);
      else log.info(`Inbound report for delivery ${deliveryId}: ${outcome.applied}`);
    }
  }

  /** Bounces of account mail (account-mail.ts): about an address, not a delivery. */
  async function handleAccountBounces(hashes: string[], report: ServerReport, raw: Buffer, session: SMTPServerSession): Promise<void> {
    for (const hash of new Set(hashes)) {
      const outcome = await applyAccountBounce(db, hash, report, raw);
      if ('ignored' in outcome) log.warn(`Account mail report from ${session.remoteAddress} ignored: ${outcome.ignored}`);
      else log.info(`Account mail report: ${outcome.applied}`);
    }
  }

  const server = new SMTPServer({
    name: bounceDomain,
    banner: 'Nashr bounce processing',
    size: MAX_MESSAGE_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      if (!withinRate(session.remoteAddress)) return callback(Object.assign(new Error('Too many messages, try later'), { responseCode: 421 }));
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const ours =
        deliveryOfBounceAddress(address.address, secret, bounceDomain) !== undefined ||
        accountHashOfBounceAddress(address.address, secret, bounceDomain) !== undefined ||
        isFeedbackAddress(address.address, bounceDomain);
      if (!ours) return callback(Object.assign(new Error('No such recipient here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      });
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded || bytes > MAX_MESSAGE_BYTES)
          return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        handle(Buffer.concat(chunks), session).then(
          () => callback(),
          (error: unknown) => {
            log.warn(`Inbound report not processed: ${error instanceof Error ? error.message : String(error)}`);
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (error) => log.warn(`Inbound SMTP: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
