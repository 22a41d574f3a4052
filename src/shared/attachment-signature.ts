import { extensionOf } from './releases.js';

/**
 * Whether a file's bytes are what its name says (magic bytes): the server refuses a mismatch (415) and
 * the editor refuses it as soon as the file is attached, with the same rule.
 */

type Kind = 'pdf' | 'ole' | 'zip' | 'jpeg' | 'png';

const SIGNATURES: Array<{ kind: Kind; bytes: number[] }> = [
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { kind: 'ole', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // legacy Word (OLE2)
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // Office Open XML is a zip
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

const EXPECTED_KIND: Record<string, Kind> = {
  pdf: 'pdf',
  doc: 'ole',
  docx: 'zip',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
};

/** The kind of file its first bytes announce (magic bytes), whatever its name says. */
export function kindOf(content: Uint8Array): Kind | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => content[i] === b))?.kind;
}

function containsAscii(content: Uint8Array, text: string): boolean {
  const first = text.charCodeAt(0);
  for (
    let at = content.indexOf(first);
    at !== -1 && at + text.length <= content.length;
    at = content.indexOf(first, at + 1)
  ) {
    let i = 1;
    while (i < text.length && content[at + i] === text.charCodeAt(i)) i++;
    if (i === text.length) return true;
  }
  return false;
}

/** A .docx is a zip whose entries include the Word document part; any other zip is refused. */
function isWordDocument(content: Uint8Array): boolean {
  return containsAscii(content, 'word/') && containsAscii(content, '[Content_Types].xml');
}

export function contentMatchesName(originalName: string, content: Uint8Array): boolean {
  const expected = EXPECTED_KIND[extensionOf(originalName)];
  const kind = kindOf(content);
  return expected !== undefined && kind === expected && (kind !== 'zip' || isWordDocument(content));
}
