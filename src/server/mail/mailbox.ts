/**
 * Mailboxes as nodemailer takes them (account mail, forwarded replies, test sends) and MAIL_FROM read into its
 * parts; the release e-mail builds its own headers (delivery/mime.ts formatAddress).
 */

/**
 * A mailbox for a library that encodes headers itself (nodemailer): the display name quoted, with
 * control characters, quotes and backslashes taken out so it cannot end the quote or the header.
 */
export function plainMailbox(name: string | undefined, address: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a header
  const display = (name ?? '').replace(/[\x00-\x1f\x7f"\\]+/g, ' ').trim();
  return display ? `"${display}" <${address}>` : address;
}

/** "Nashr <releases@example.com>" → its parts. */
export function parseMailbox(value: string): { name: string | undefined; address: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return match ? { name: match[1].trim() || undefined, address: match[2].trim() } : { name: undefined, address: value.trim() };
}
