import { createHash } from 'node:crypto';
import type { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Headers, Splitter, type MimeNode } from '@zone-eu/mailsplit';
import { simpleParser } from 'mailparser';
import type { DeliveryReportKind } from '../../shared/deliverability.js';

/**
 * What a mail server's report says, read from the raw message: a delivery status notification (RFC 3464,
 * multipart/report; report-type=delivery-status), a complaint in the Abuse Reporting Format (RFC 5965,
 * report-type=feedback-report), or a plain-text bounce of a server that sends neither.
 *
 * The MIME tree is walked with mailsplit (the splitter under mailparser) with enclosed messages left
 * whole: mailparser folds a message/delivery-status part into the text and an inline message/rfc822
 * into the body, losing the fields and the enclosed headers a report is read by. The report parts are
 * RFC 822-style header blocks separated by blank lines (RFC 3464 §2.1): each block is parsed by
 * mailsplit's header parser (folding, case); no maintained npm library reads the fields themselves.
 */
export type ReportedRecipient = {
  address: string | undefined;
  /** hard: failed for good (5.x.x); soft: the relay gave up after retries (4.x.x); delayed: still being retried (information). */
  kind: Exclude<DeliveryReportKind, 'complaint'>;
  status: string;
  /** The remote server's words (Diagnostic-Code without its type), shown as the delivery's last error. */
  detail: string;
};

/** What a complaint's enclosed original (message/rfc822 or text/rfc822-headers) says about the message. */
export type EnclosedOriginal = { returnPath: string | undefined; messageId: string | undefined };

/** `id` tells a report from a replay of it: the report's Message-ID, or a hash of its bytes when it has none. */
export type ServerReport = { id: string } & (
  | { type: 'bounce'; recipients: ReportedRecipient[]; text: string }
  | { type: 'complaint'; feedbackType: string; originalMailFrom: string | undefined; originalRecipient: string | undefined; enclosed: EnclosedOriginal }
  | { type: 'unknown' }
);

const DELIVERY_STATUS = ['message/delivery-status', 'message/global-delivery-status'];
const FEEDBACK_REPORT = ['message/feedback-report'];
const ENCLOSED = ['message/rfc822', 'message/global', 'text/rfc822-headers', 'message/global-headers'];
const REPORT_PARTS = new Set([...DELIVERY_STATUS, ...FEEDBACK_REPORT, ...ENCLOSED]);

type Part = { contentType: string; body: Buffer };

/** The top-level headers and the report parts (decoded), in the order they appear. */
async function splitReport(raw: Buffer): Promise<{ headers: Headers | undefined; parts: Part[] }> {
  const splitter = new Splitter({ ignoreEmbedded: true });
  const parts: Array<Promise<Part>> = [];
  const decoders = new Map<object, Transform>();
  let headers: Headers | undefined;
  splitter.on('data', (data) => {
    if (data.type !== 'node') {
      if (data.type === 'body') decoders.get(data.node)?.write(data.value);
      return;
    }
    if (data.root && data.headers) headers = data.headers;
    const contentType = (data.contentType || '').toLowerCase();
    if (!REPORT_PARTS.has(contentType)) return;
    const decoder = (data as unknown as MimeNode).getDecoder(); // base64 or quoted-printable as the part says
    const chunks: Buffer[] = [];
    decoder.on('data', (chunk: Buffer) => chunks.push(chunk));
    parts.push(finished(decoder).then(() => ({ contentType, body: Buffer.concat(chunks) })));
    decoders.set(data, decoder);
  });
  splitter.end(raw);
  await finished(splitter);
  for (const decoder of decoders.values()) decoder.end();
  return { headers, parts: await Promise.all(parts) };
}

/** RFC 3464 §2.1: groups of fields separated by blank lines; RFC 5965's report is one such group. */
const fieldGroups = (body: Buffer): Headers[] =>
  body
    .toString('utf8')
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((group) => group.trim())
    .map((group) => new Headers(Buffer.from(`${group.replace(/^(\r?\n)+/, '')}\r\n`)));

/** An enclosed message's (or headers part's) own header block: everything up to its first blank line. */
const headerBlock = (body: Buffer): Headers => new Headers(Buffer.from(`${body.toString('utf8').split(/\r?\n\r?\n/)[0]}\r\n`));

const field = (headers: Headers | undefined, name: string) => headers?.getFirst(name) || undefined;

/** "rfc822; someone@example.com" or "<someone@example.com>" → the address. */
const addressOf = (typed: string | undefined) => typed?.split(';').pop()?.trim().replace(/^<|>$/g, '').toLowerCase() || undefined;

/** "smtp; 550 5.1.1 <x>: User unknown" → "550 5.1.1 <x>: User unknown": the server's words, without their type. */
const diagnosticText = (code: string | undefined) => (code ?? '').replace(/^[\w.-]+;\s*/, '').slice(0, 500);

const ENHANCED_STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const BASIC_REPLY = /\b([45])\d\d\b/;

/** RFC 3464 §2.3.3: failed is final (a 5.x.x status for good, a 4.x.x one when the relay gave up); delayed is a warning. */
function recipientKind(action: string, status: string): ReportedRecipient['kind'] | undefined {
  if (action === 'delayed') return 'delayed';
  if (action !== 'failed') return undefined; // delivered, relayed, expanded
  return status.startsWith('5') ? 'hard' : 'soft';
}

function deliveryStatusRecipients(body: Buffer): ReportedRecipient[] {
  // The per-message group comes first; a group is about a recipient when it names one or its action
  // (a report that leaves out the per-message fields still has its recipients read).
  const perRecipient = fieldGroups(body).filter((group) => group.hasHeader('final-recipient') || group.hasHeader('action'));
  return perRecipient.flatMap((fields): ReportedRecipient[] => {
    const status = ENHANCED_STATUS.exec(field(fields, 'status') ?? '')?.[0] ?? '';
    const kind = recipientKind((field(fields, 'action') ?? '').toLowerCase(), status);
    if (!kind) return [];
    const address = addressOf(field(fields, 'final-recipient') ?? field(fields, 'original-recipient'));
    return [{ address, kind, status, detail: diagnosticText(field(fields, 'diagnostic-code')) }];
  });
}

/** A report's identity: its Message-ID, else the hash of its bytes (a replay has the same bytes). */
const reportIdOf = (headers: Headers | undefined, raw: Buffer) =>
  `smtp:${field(headers, 'message-id')?.slice(0, 300) ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`}`;

export async function readServerReport(raw: Buffer): Promise<ServerReport> {
  const { headers, parts } = await splitReport(raw);
  const id = reportIdOf(headers, raw);
  const partOf = (types: string[]) => parts.find((p) => types.includes(p.contentType));

  const deliveryStatus = partOf(DELIVERY_STATUS);
  if (deliveryStatus) return { id, type: 'bounce', recipients: deliveryStatusRecipients(deliveryStatus.body), text: '' };

  const feedback = partOf(FEEDBACK_REPORT);
  if (feedback) {
    const [fields] = fieldGroups(feedback.body);
    const original = partOf(ENCLOSED);
    const enclosed = original ? headerBlock(original.body) : undefined;
    return {
      id,
      type: 'complaint',
      feedbackType: (field(fields, 'feedback-type') ?? 'abuse').toLowerCase(),
      originalMailFrom: addressOf(field(fields, 'original-mail-from')),
      originalRecipient: addressOf(field(fields, 'original-rcpt-to')),
      enclosed: { returnPath: addressOf(field(enclosed, 'return-path')), messageId: field(enclosed, 'message-id') },
    };
  }
  return plainTextBounce(raw, id);
}

/** A plain-text bounce: the server's own words, with a status code somewhere in them. */
async function plainTextBounce(raw: Buffer, id: string): Promise<ServerReport> {
  const parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
  const text = parsed.text ?? '';
  const enhanced = ENHANCED_STATUS.exec(text)?.[0];
  const basic = BASIC_REPLY.exec(text)?.[0];
  const opening = `${parsed.subject ?? ''} ${text.slice(0, 2000)}`;
  const looksLikeBounce = /undeliver|delivery (has )?failed|could not be delivered|returned mail|failure notice|mail delivery|delayed/i.test(opening);
  const status = enhanced ?? (basic ? `${basic[0]}.0.0` : undefined);
  if (!looksLikeBounce || !status || status[0] === '2') return { id, type: 'unknown' };
  // A warning says the server is still trying; only a failure tells the message was not delivered.
  const warning = /\bdelayed\b|warning|still (being )?(re)?tr(y|ied)|will (be )?retr/i.test(opening);
  const kind = status[0] === '5' ? 'hard' : warning ? 'delayed' : 'soft';
  const line = text.split('\n').find((l) => l.includes(enhanced ?? basic!))?.trim() ?? '';
  return { id, type: 'bounce', recipients: [{ address: undefined, kind, status, detail: line.slice(0, 500) }], text };
}
