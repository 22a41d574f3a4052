import { randomBytes } from 'node:crypto';
import { buildHeaderValue, foldLines, quoteString } from 'nodemailer/lib/mime-funcs';
import { CRLF, messageHead, personalPart, wrapBase64, type MessageBuilder } from '../mail/mime-body.mjs';

/**
 * Just enough MIME to assemble a release email from parts encoded once: the attachment parts are
 * base64-encoded once per release and reused byte for byte for every recipient.
 */

export { wrapBase64 };

const isPlainAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** RFC 2047 encoded words, split on character boundaries so every word stays under the line limit. */
export function encodeHeaderText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');
  if (isPlainAscii(clean)) return clean;
  const words: string[] = [];
  let chunk = '';
  for (const char of clean) {
    if (Buffer.byteLength(chunk + char, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/**
 * A mailbox whose display name stays one phrase whatever it holds: control characters (a line break
 * would start a new header) become spaces, ASCII goes out as a quoted-string (a comma, colon or @ inside
 * cannot split it into more addresses), anything else as encoded words.
 */
export function formatAddress(name: string | undefined, address: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header
  const display = (name ?? '').replace(/[\x00-\x1f\x7f]+/g, ' ').trim();
  if (!display) return address;
  return `${isPlainAscii(display) ? quoteString(display) : encodeHeaderText(display)} <${address}>`;
}

export const newBoundary = () => `----=_nashr_${randomBytes(12).toString('hex')}`;

/**
 * `Content-Type`/`Content-Disposition` with the file's name as one parameter: quoted, or RFC 2231-encoded
 * (and continued when long) when it holds quotes, non-ASCII or text that looks like an encoded word.
 */
const fileHeader = (field: string, value: string, params: Record<string, string>) =>
  foldLines(`${field}: ${buildHeaderValue({ value, params })}`, 76);

/** The attachment parts of a multipart/mixed body, closing delimiter included: built once per release. */
export function encodeAttachmentParts(
  boundary: string,
  files: Array<{ filename: string; contentType: string; content: Buffer }>,
): Buffer {
  const parts = files.map((file) =>
    [
      `--${boundary}`,
      fileHeader('Content-Type', file.contentType, { name: file.filename }),
      `Content-Transfer-Encoding: base64`,
      fileHeader('Content-Disposition', 'attachment', { filename: file.filename }),
      '',
      wrapBase64(file.content),
      '',
    ].join(CRLF),
  );
  return Buffer.from(parts.join('') + `--${boundary}--${CRLF}`, 'ascii');
}

export type RawMessageParts = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  text: string;
  html: string;
  mixedBoundary: string;
  /** From encodeAttachmentParts with the same boundary. */
  attachmentParts: Buffer;
};

/** The header block of the message (without the DKIM-Signature, which goes before it). */
export function messageHeader(parts: RawMessageParts): string {
  return [
    `From: ${parts.from}`,
    `To: ${parts.to}`,
    ...(parts.replyTo ? [`Reply-To: ${parts.replyTo}`] : []),
    `Subject: ${encodeHeaderText(parts.subject)}`,
    `Date: ${parts.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${parts.messageId}`,
    'MIME-Version: 1.0',
    ...Object.entries(parts.headers).map(([k, v]) => `${k}: ${v}`),
    `Content-Type: multipart/mixed; boundary="${parts.mixedBoundary}"`,
  ].join(CRLF);
}

/**
 * The complete message, as its two pieces: per-recipient headers and text parts, then the shared
 * attachment bytes. `sign` (DKIM) gets the header block, the personal part of the body and the shared
 * part, and answers a header to put first; a MessageBuilder instead builds and signs the first piece
 * itself (the same bytes, off this thread).
 */
export async function buildRawMessage(
  parts: RawMessageParts,
  sign?: ((header: string, personal: string, shared: Buffer) => Promise<string>) | MessageBuilder,
): Promise<Buffer[]> {
  const header = messageHeader(parts);
  // Two pieces, not one buffer: the shared attachment bytes are sent as they are, never copied per message.
  if (sign && typeof sign !== 'function') return [await sign.build(header, parts.text, parts.html, parts.mixedBoundary, parts.attachmentParts), parts.attachmentParts];
  const personal = personalPart(parts.mixedBoundary, parts.text, parts.html);
  const signature = sign ? await sign(header, personal, parts.attachmentParts) : undefined;
  return [Buffer.from(messageHead(signature, header, personal), 'utf8'), parts.attachmentParts];
}
