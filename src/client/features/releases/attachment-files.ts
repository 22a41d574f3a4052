import {
  ATTACHMENT_MIME_TYPES,
  extensionOf,
  isAcceptedAttachmentName,
  MAX_ATTACHMENT_BYTES,
  MAX_TOTAL_ATTACHMENT_BYTES,
  type ATTACHMENT_EXTENSIONS,
} from '../../../shared/releases';
import { contentMatchesName } from '../../../shared/attachment-signature';
import type { EditorAttachment } from './editor-form';

/** What happened to a batch of picked or dropped files (SPEC §5 attachment rules). */
export type PickOutcome =
  | { kind: 'rejectedType'; names: string[] }
  | { kind: 'tooLarge'; names: string[] }
  | { kind: 'totalTooLarge'; totalBytes: number }
  | { kind: 'accepted'; files: File[] };

/** Decides on a batch before reading it: wrong types, files of 5 MB or more, or a total over 15 MB are refused. */
export function checkPickedFiles(files: Pick<File, 'name' | 'size'>[], alreadyAttachedBytes: number): PickOutcome {
  const wrongType = files.filter((f) => !isAcceptedAttachmentName(f.name)).map((f) => f.name);
  if (wrongType.length) return { kind: 'rejectedType', names: wrongType };
  const tooLarge = files.filter((f) => f.size >= MAX_ATTACHMENT_BYTES).map((f) => f.name);
  if (tooLarge.length) return { kind: 'tooLarge', names: tooLarge };
  const totalBytes = alreadyAttachedBytes + files.reduce((sum, f) => sum + f.size, 0);
  if (totalBytes > MAX_TOTAL_ATTACHMENT_BYTES) return { kind: 'totalTooLarge', totalBytes };
  return { kind: 'accepted', files: files as File[] };
}

/**
 * The names of files whose bytes are not the type their name says (a renamed file, a broken download):
 * refused when attached rather than at Send, by the same rule the server applies.
 */
export async function filesWithWrongContent(files: File[]): Promise<string[]> {
  const checks = await Promise.all(
    files.map(async (file) => ({ name: file.name, ok: contentMatchesName(file.name, new Uint8Array(await file.arrayBuffer())) })),
  );
  return checks.filter((c) => !c.ok).map((c) => c.name);
}

function mimeTypeOf(file: File): string {
  const ext = extensionOf(file.name) as (typeof ATTACHMENT_EXTENSIONS)[number];
  return file.type || ATTACHMENT_MIME_TYPES[ext] || 'application/octet-stream';
}

/** Reads a file as base64 (the SPEC §3 attachment payload); rejects on an unreadable or empty file. */
export function readAttachment(file: File): Promise<EditorAttachment> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.onload = () => {
      if (typeof reader.result !== 'string') return reject(new Error('Invalid file result'));
      const base64Content = reader.result.slice(reader.result.indexOf(',') + 1);
      if (!base64Content) return reject(new Error('Empty base64 content'));
      resolve({
        key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
        originalName: file.name,
        mimetype: mimeTypeOf(file),
        size: file.size,
        base64Content,
      });
    };
    reader.readAsDataURL(file);
  });
}
