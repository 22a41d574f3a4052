import { simpleParser, type AddressObject } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildRawMessage, encodeAttachmentParts, formatAddress, newBoundary } from './mime.js';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

/** A whole message through a real MIME parser, as a recipient's mail client reads it. */
async function parse(options: { filenames?: string[]; replyTo?: string; from?: string }) {
  const boundary = newBoundary();
  const pieces = await buildRawMessage({
    from: options.from ?? formatAddress('Nashr', 'releases@nashr.test'),
    to: 'editor@paper.example',
    replyTo: options.replyTo,
    subject: 'Subject',
    messageId: '<1@nashr.test>',
    date: new Date('2026-11-25T10:00:00Z'),
    headers: {},
    text: 'text',
    html: '<p>html</p>',
    mixedBoundary: boundary,
    attachmentParts: encodeAttachmentParts(
      boundary,
      (options.filenames ?? []).map((filename) => ({ filename, contentType: 'application/pdf', content: PDF })),
    ),
  });
  const raw = Buffer.concat(pieces);
  return { raw: raw.toString('latin1'), parsed: await simpleParser(raw) };
}

const mailboxes = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []].flat().flatMap((a) => a.value.map(({ name, address }) => ({ name, address })));

describe('MIME headers built from user text', () => {
  it('keeps every attachment name one parameter, whatever quotes, semicolons or scripts it holds', async () => {
    const names = [
      'x"; name="evil.exe"; y=".pdf',
      'back\\slash "quoted".pdf',
      'تقرير الربع الثالث ٢٠٢٦.pdf',
      'a very long name '.repeat(8) + '.pdf',
      'semi;colon=equals.pdf',
    ];
    const { raw, parsed } = await parse({ filenames: names });
    expect(parsed.attachments.map((a) => a.filename)).toEqual(names);
    expect(raw).not.toMatch(/name="evil\.exe"/);
    for (const a of parsed.attachments) expect(a.content.equals(PDF)).toBe(true);
    const typeNames = parsed.attachments.map((a) => (a.headers.get('content-type') as unknown as { params: { name: string } }).params.name);
    expect(typeNames).toEqual(names);
  });

  it('keeps a display name with a comma, an address, quotes or a line break one mailbox', async () => {
    const names = ['Press Office, x@evil.test', 'Say "hi" \\ <x@evil.test>', 'مكتب الإعلام، دبي', 'Line\r\nBcc: x@evil.test', 'Ünïcode, x@evil.test'];
    for (const name of names) {
      const { raw, parsed } = await parse({ replyTo: formatAddress(name, 'press@company.example') });
      expect(mailboxes(parsed.replyTo), name).toEqual([{ name: name.replace(/\r\n/g, ' '), address: 'press@company.example' }]);
      expect(raw).not.toMatch(/^Bcc:/m);
    }
  });
});
