import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import type { Db } from '../db/client.js';
import { readServerReport, type ServerReport } from './reports.js';
import { applyServerReport, deliveryOfMessageId } from './reports.service.js';
import { accountHashOfBounceAddress, deliveryOfBounceAddress, isFeedbackAddress } from './verp.js';
import { applyAccountBounce } from './account-mail.js';

/**
 * The inbound SMTP listener for what comes back after sending (INBOUND_SMTP_PORT): bounce notifications
 * to the VERP addresses, complaint reports to those or to the feedback-loop address, and journalists'
 * replies (to their reply address, or to the From address; issue 38). It accepts mail for nothing else, at most MAX_MESSAGE_BYTES a message and INBOUND_LIMITS per connection and per client
 * address and minute (a relay told 421 or 452 tries again later); unknown or forged notifications are
 * logged and change nothing.
 */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
/** A report names one recipient; a relay sends a few reports a connection. Everything past these waits. */
export const INBOUND_LIMITS = {
  connectionsPerMinute: 120,
  messagesPerConnection: 20,
  recipientsPerMessage: 5,
  messagesPerMinute: 120,
  recipientsPerMinute: 240,
};

/**
 * Journalists' replies (replies/intake.ts), when the listener takes them too: mail to a delivery's reply
 * address, or to the From address naming a delivery's Message-ID. Passed in, so this folder needs nothing
 * of the replies feature.
 */
export type ReplyReceiver = {
  recipient(address: string): Promise<'reply' | 'refused' | 'other'>;
  deliveryOfRecipient(address: string): number | undefined;
  isFromAddress(address: string): boolean;
  receive(message: { raw: Buffer; deliveryIds: number[]; byMessageId: boolean; envelope: { ip: string; helo: string; sender: string } }): Promise<{ bounceOf: number[] }>;
};

export type InboundOptions = {
  db: Db;
  port: number;
  host: string;
  bounceDomain: string;
  secret: string;
  now?: () => Date;
  replies?: ReplyReceiver;
  log: { info: (message: string) => void; warn: (message: string) => void };
};

export type InboundListener = { port: number; close: () => Promise<void> };

type Recipients = { deliveryIds: number[]; feedback: boolean; accountHashes: string[] };

export async function startInboundSmtp(options: InboundOptions): Promise<InboundListener> {
  const { db, bounceDomain, secret, log, replies } = options;
  const now = options.now ?? (() => new Date());
  const connections = minuteCounter(INBOUND_LIMITS.connectionsPerMinute);
  const messages = minuteCounter(INBOUND_LIMITS.messagesPerMinute);
  const recipients = minuteCounter(INBOUND_LIMITS.recipientsPerMinute);

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
    if (replies) {
      const rcpts = session.envelope.rcptTo.map((r) => r.address);
      const replyIds = rcpts.map((a) => replies.deliveryOfRecipient(a)).filter((id): id is number => id !== undefined);
      const toFrom = rcpts.some((a) => replies.isFromAddress(a));
      // What is no report is a person (or their auto-reply) writing back, to whichever of our addresses.
      const notReport = report.type === 'unknown';
      if (replyIds.length || toFrom || (notReport && (deliveryIds.length || feedback))) {
        const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const envelope = { ip: session.remoteAddress, helo: session.hostNameAppearsAs, sender };
        const { bounceOf } = await replies.receive({ raw, deliveryIds: notReport ? [...replyIds, ...deliveryIds] : replyIds, byMessageId: toFrom || feedback, envelope });
        if (notReport) return;
        deliveryIds.push(...bounceOf);
      }
    }
    if (accountHashes.length && !deliveryIds.length && !feedback) return;
    // A complaint sent to the feedback-loop address names the delivery inside: by the envelope sender we
    // gave it (its field or the enclosed Return-Path), else by the enclosed original's Message-ID.
    if (feedback && report.type === 'complaint') {
      const bySender = [report.originalMailFrom, report.enclosed.returnPath].map((named) => (named ? deliveryOfBounceAddress(named, secret, bounceDomain) : undefined));
      const id = bySender.find((found) => found !== undefined) ?? (await deliveryOfMessageId(db, report.enclosed.messageId));
      if (id !== undefined) deliveryIds.push(id);
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

  /** Undefined accepts the recipient; a forged or unknown reply address is refused like any address not ours. */
  async function answerRecipient(address: string, session: SMTPServerSession): Promise<Error | undefined> {
    const reply = replies ? await replies.recipient(address) : 'other';
    const ours =
      reply === 'reply' ||
      (reply === 'other' && !!replies?.isFromAddress(address)) ||
      deliveryOfBounceAddress(address, secret, bounceDomain) !== undefined ||
      accountHashOfBounceAddress(address, secret, bounceDomain) !== undefined ||
      isFeedbackAddress(address, bounceDomain);
    if (!ours) return refusal(550, 'No such recipient here');
    if (session.envelope.rcptTo.length >= INBOUND_LIMITS.recipientsPerMessage) return refusal(452, 'Too many recipients');
    if (!recipients.take(session.remoteAddress)) return refusal(452, 'Too many recipients, try later');
    return undefined;
  }

  const server = new SMTPServer({
    name: bounceDomain,
    banner: 'Nashr bounce processing',
    size: MAX_MESSAGE_BYTES,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      if (!connections.take(session.remoteAddress)) return callback(refusal(421, 'Too many connections, try later'));
      callback();
    },
    onMailFrom(_address, session, callback) {
      // 421 closes the connection: the relay queues the rest and comes back later.
      if (session.transaction > INBOUND_LIMITS.messagesPerConnection) return callback(refusal(421, 'Too many messages on one connection, try later'));
      if (!messages.take(session.remoteAddress)) return callback(refusal(421, 'Too many messages, try later'));
      callback();
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      answerRecipient(address.address, session).then(
        (error) => callback(error),
        () => callback(refusal(451, 'Try again later')),
      );
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
          return callback(refusal(552, 'Message too large'));
        handle(Buffer.concat(chunks), session).then(
          () => callback(),
          (error: unknown) => {
            log.warn(`Inbound report not processed: ${error instanceof Error ? error.message : String(error)}`);
            callback(refusal(451, 'Try again later'));
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

const refusal = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** Events per client address in the last minute, refused past `limit`; memory bounded under a scan from many addresses. */
function minuteCounter(limit: number) {
  const recent = new Map<string, number[]>();
  return {
    take(address: string): boolean {
      const now = Date.now();
      const times = (recent.get(address) ?? []).filter((t) => t > now - 60_000);
      if (times.length >= limit) return false;
      times.push(now);
      if (recent.size > 10_000) recent.clear();
      recent.set(address, times);
      return true;
    },
  };
}
