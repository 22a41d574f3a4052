import {
  ATTACHMENT_MIME_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_TOTAL_ATTACHMENT_BYTES,
  extensionOf,
  megabytes,
  type NewAttachmentInput,
} from '../../shared/releases.js';
import { contentMatchesName } from '../../shared/attachment-signature.js';
import { validationFailed, appError, fieldError } from '../http/errors.js';

export type CheckedAttachment = {
  originalName: string;
  mimetype: string;
  size: number;
  content: Buffer;
};

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
      throw validationFailed([fieldError(`attachments.${index}.base64Content`, 'ATTACHMENT_UNREADABLE')]);
    }
    return { originalName: file.originalName, content };
  });

  const tooBig = checked.filter((f) => f.content.length >= MAX_ATTACHMENT_BYTES).map((f) => f.originalName);
  if (tooBig.length) throw appError('ATTACHMENT_TOO_LARGE', { files: tooBig.join(', ') });
  const total = keptBytes + checked.reduce((sum, f) => sum + f.content.length, 0);
  if (total > MAX_TOTAL_ATTACHMENT_BYTES) throw appError('ATTACHMENTS_TOO_LARGE', { totalMegabytes: megabytes(total) });

  return checked.map(({ originalName, content }) => {
    if (!contentMatchesName(originalName, content)) throw appError('ATTACHMENT_TYPE', { file: originalName });
    return {
      originalName,
      mimetype: ATTACHMENT_MIME_TYPES[extensionOf(originalName) as keyof typeof ATTACHMENT_MIME_TYPES],
      size: content.length,
      content,
    };
  });
}
