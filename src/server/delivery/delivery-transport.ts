import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import { smtpPoolOptions, type Mailer } from '../mail/transport.js';
import type { OutgoingMessage } from './release-renderer.js';

/** Where the engine hands messages: an SMTP pool fed pre-built MIME, or the capture mailer. */
export interface DeliveryTransport {
  /** Resolves with the receiving server's answer when it accepted the message (kept for the delivery log). */
  send(message: OutgoingMessage): Promise<string>;
  close(): Promise<void>;
}

/** The SMTP reply code of a failed send (undefined for connection errors), so outcomes can be told apart. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
  }
}

/**
 * SMTP_POOL pooled connections sending the raw message: nodemailer only streams the bytes, so the
 * attachments are not encoded again per recipient (the shared Mailer would re-encode them).
 */
export function smtpDeliveryTransport(smtpUrl: string, poolSize: number, ehloName?: string): DeliveryTransport {
  const transport = nodemailer.createTransport({ ...smtpPoolOptions(smtpUrl, poolSize, ehloName), maxMessages: Infinity });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({ envelope: { from: message.envelopeFrom, to: [message.to] }, raw: Readable.from(await message.raw()) });
        return info.response;
      } catch (error) {
        const err = error as { message: string; responseCode?: number };
        throw new DeliveryError(err.message, err.responseCode);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/** What the delivery log shows for a message kept in capture mode: no server answered it. */
export const CAPTURED_ANSWER = 'captured (capture mode: kept for the Outbox, not sent)';

/** Capture mode (no SMTP_URL): messages are stored for the admin Outbox through the shared mailer. */
export function mailerDeliveryTransport(mailer: Mailer): DeliveryTransport {
  return {
    async send(message) {
      try {
        await mailer.send({
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          replyTo: message.replyTo,
          messageId: message.messageId,
          headers: message.headers,
        });
        return CAPTURED_ANSWER;
      } catch (error) {
        const err = error as { message: string; responseCode?: number };
        throw new DeliveryError(err.message, err.responseCode);
      }
    },
    async close() {},
  };
}
