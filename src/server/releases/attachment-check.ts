import {
  ATTACHMENT_MIME_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_TOTAL_ATTACHMENT_BYTES,
  MESSAGES,
  extensionOf,
  fileTooLargeMessage,
  totalTooLargeMessage,
  type NewAttachmentInput,
} from '../../shared/releases.js';
import { tooLarge, unsupportedMedia, validationFailed } from '../http/errors.js';

export type CheckedAttachment = {
  originalName: string;
  mimetype: string;
  size: number;
  content: Buffer;
};

type Kind = 'pdf' | 'ole' | 'zip' | 'jpeg' | 'png';

const SIGNATURES: Array<{ kind: Kind; bytes: number[] }> = [
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { kind: 'ole', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // legacy Word (OLE2)
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // Office Open XML is a zip
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

const EXPECTED_KIND: Record<string, Kind> = { pdf: 'pdf', doc: 'ole', docx: 'zip', jpg: 'jpeg', jpeg: 'jpeg', png: 'png' };

function kindOf(content: Buffer): Kind | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => content[i] === b))?.kind;
}

/** A .docx is a zip whose entries include the Word document part; any other zip is refused. */
function isWordDocument(content: Buffer): boolean {
  return content.includes('word/') && content.includes('[Content_Types].xml');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes base64 (with or without a data: URL prefix); undefined when it is not base64. */
export function decodeBase64(value: string): Buffer | undefined {
  const payload = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!payload || payload.length % 4 === 1 || !BASE64.test(payload)) return undefined;
  const buffer = Buffer.from(payload, 'base64');
  return buffer.length ? buffer : undefined;
}

/**
 * Checks uploaded files by content: an accepted extension whose magic bytes match it (415 otherwise),
 * each under 5 MB and, with the files already kept, at most 15 MB together (413). The stored mimetype
 * comes from the checked content, never from the client.
 */
export function checkAttachments(files: NewAttachmentInput[], keptBytes: number): CheckedAttachment[] {
  const checked = files.map((file, index) => {
    const content = decodeBase64(file.base64Content);
    if (!content) {
      throw validationFailed([{ path: `attachments.${index}.base64Content`, message: MESSAGES.attachmentUnreadable }]);
    }
    return { originalName: file.originalName, content };
  });

  const tooBig = checked.filter((f) => f.content.length >= MAX_ATTACHMENT_BYTES).map((f) => f.originalName);
  if (tooBig.length) throw tooLarge(fileTooLargeMessage(tooBig));
  const total = keptBytes + checked.reduce((sum, f) => sum + f.content.length, 0);
  if (total > MAX_TOTAL_ATTACHMENT_BYTES) throw tooLarge(totalTooLargeMessage(total));

  return checked.map(({ originalName, content }) => {
    const extension = extensionOf(originalName);
    const expected = EXPECTED_KIND[extension];
    const kind = kindOf(content);
    const matches = expected !== undefined && kind === expected && (kind !== 'zip' || isWordDocument(content));
    if (!matches) throw unsupportedMedia(`${MESSAGES.attachmentType}: ${originalName}`);
    return {
      originalName,
      mimetype: ATTACHMENT_MIME_TYPES[extension as keyof typeof ATTACHMENT_MIME_TYPES],
      size: content.length,
      content,
    };
  });
}
