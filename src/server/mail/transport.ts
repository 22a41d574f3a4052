import { isIPv4, isIPv6 } from 'node:net';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { nashrNameIn } from '../../shared/brands.js';
import { parseMailbox, plainMailbox } from './mailbox.js';
// Every SMTP connection of the process encodes its DATA with native searches (see smtp-data.ts).
import './smtp-data.js';

export type MailAttachment = { filename: string; content: Buffer | string; contentType?: string; encoding?: string };

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  from?: string;
  replyTo?: string;
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /** The reader's language, when no `from` is given: an Arabic reader's account mail comes from "نشر" (issue 37). */
  language?: 'en' | 'ar';
};

/** The From of a message without its own: MAIL_FROM, its name in the reader's language. */
export function defaultFrom(mailFrom: string, language: MailMessage['language']): string {
  if (language !== 'ar') return mailFrom;
  const { name, address } = parseMailbox(mailFrom);
  return plainMailbox(nashrNameIn(name, 'arabic'), address);
}

/** SMTP reply of a failed send, so the delivery engine can tell a bounce (5xx) from a retry (4xx). */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
  }
}

export interface Mailer {
  readonly mode: 'smtp' | 'capture';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

type Logger = { info: (obj: object, msg: string) => void };

/**
 * How account mail is signed and where its bounces go (deliverability/account-mail.ts): a DKIM key like
 * release mail's, and an envelope sender per recipient address that the inbound listener understands.
 */
export type MailSigning = {
  envelopeFrom: (to: string) => string;
  dkim: { domainName: string; keySelector: string; privateKey: string; headerFieldNames: string };
};

/** SMTP when a URL is configured; capture mode otherwise (stored for the Outbox, links logged). */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  pool: number;
  db: Db;
  log: Logger;
  /** The name given in EHLO (EHLO_NAME). */
  ehloName?: string;
  signing?: MailSigning;
}): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, options.pool, options.ehloName, options.signing) : captureMailer(options);
}

/**
 * A pool of `pool` connections to the relay of SMTP_URL (smtp:// or smtps://, credentials in the URL), greeting
 * it as `ehloName` (nodemailer's own default is the machine's host name, which receivers may find unresolvable).
 */
export function smtpPoolOptions(smtpUrl: string, pool: number, ehloName?: string) {
  const url = new URL(smtpUrl);
  return {
    pool: true as const,
    name: ehloName && ehloArgument(ehloName),
    maxConnections: pool,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // `?tls=insecure` accepts a self-signed certificate (a local relay); the default verifies it.
    tls: { rejectUnauthorized: url.searchParams.get('tls') !== 'insecure' },
  };
}

/** RFC 5321 §4.1.3: an address is given in EHLO as a literal in brackets. */
function ehloArgument(name: string): string {
  if (isIPv4(name)) return `[${name}]`;
  const v6 = name.replace(/^\[|\]$/g, '');
  return isIPv6(v6) ? `[IPv6:${v6}]` : name;
}

function smtpMailer(smtpUrl: string, from: string, pool: number, ehloName: string | undefined, signing: MailSigning | undefined): Mailer {
  const transport = nodemailer.createTransport({ ...smtpPoolOptions(smtpUrl, pool, ehloName), dkim: signing?.dkim });
  return {
    mode: 'smtp',
    async send(message) {
      const envelope = signing && { from: signing.envelopeFrom(message.to), to: [message.to] };
      try {
        const { language, ...mail } = message;
        const info = await transport.sendMail({ ...mail, from: mail.from ?? defaultFrom(from, language), envelope });
        return { messageId: info.messageId };
      } catch (error) {
        const err = error as { message: string; responseCode?: number };
        throw new MailSendError(err.message, err.responseCode);
      }
    },
    async close() {
      transport.close();
    },
  };
}

const LINK = /https?:\/\/[^\s"'<>]+/g;

function captureMailer(options: { from: string; db: Db; log: Logger }): Mailer {
  let counter = 0;
  return {
    mode: 'capture',
    async send(message) {
      const messageId = message.messageId ?? `<capture-${Date.now()}-${++counter}@nashr.local>`;
      await options.db.insert(mailOutbox).values({
        toAddress: message.to,
        fromAddress: message.from ?? defaultFrom(options.from, message.language),
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId,
      });
      const links = [...new Set(message.text.match(LINK) ?? [])];
      options.log.info({ to: message.to, subject: message.subject, links }, 'email captured (no SMTP_URL)');
      return { messageId };
    },
    async close() {},
  };
}
