// The per-recipient part of a release message's body, in plain JavaScript: delivery/mime.ts builds it on the
// main thread, and the signing threads (deliverability/dkim-thread.mjs) build it beside the DKIM signature, in
// Node without the TypeScript loader. One implementation, so both give the same bytes.

export const CRLF = '\r\n';

/** Base64 in lines of 76 characters. */
export function wrapBase64(data) {
  const encoded = Buffer.isBuffer(data) ? data.toString('base64') : Buffer.from(data, 'utf8').toString('base64');
  const lines = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join(CRLF);
}

/** The body's first part: multipart/alternative with the recipient's text and HTML, ahead of the shared attachment parts. */
export function personalPart(mixedBoundary, text, html) {
  const alternative = `${mixedBoundary}_alt`;
  return [
    `--${mixedBoundary}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    `--${alternative}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrapBase64(text),
    `--${alternative}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrapBase64(html),
    `--${alternative}--`,
    '',
  ].join(CRLF);
}

/** The message's own bytes (everything before the shared parts): the DKIM-Signature header when signed, the header block, the personal part. */
export const messageHead = (signature, header, personal) => `${signature ? `${signature}${CRLF}` : ''}${header}${CRLF}${CRLF}${personal}`;
