import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe } from 'vitest';

/**
 * A PDF read back as a person's tools read it: Poppler extracts the text (Arabic must come out as the
 * letters that were written, in reading order), counts the pages, and renders the page to an image whose
 * QR code is decoded. Without Poppler a suite using `describeWithPoppler` is skipped with a message,
 * except under CI=true, where it fails.
 */
const POPPLER_TOOLS = ['pdftotext', 'pdftoppm', 'pdfinfo'];
export const missingPopplerTools = POPPLER_TOOLS.filter((tool) => spawnSync(tool, ['-v']).error);
export const popplerMessage = `The invoice PDF tests need Poppler (${missingPopplerTools.join(', ')} missing): apt-get install poppler-utils.`;
if (missingPopplerTools.length && process.env.CI !== 'true') console.warn(`SKIPPED: ${popplerMessage}`);
export const describeWithPoppler = missingPopplerTools.length && process.env.CI !== 'true' ? describe.skip : describe;

/** In a suite's beforeAll: under CI=true, a missing Poppler fails the suite instead of skipping it. */
export function requirePoppler(): void {
  if (missingPopplerTools.length) throw new Error(`FAILED: ${popplerMessage}`);
}

/**
 * For a suite inside `describeWithPoppler`: Poppler required, and a temporary folder for its PDFs, made
 * before its tests and removed after. `save` writes a PDF there and returns its path.
 */
export function pdfFolder(prefix: string): { save: (name: string, pdf: Buffer) => string } {
  let folder = '';
  beforeAll(() => {
    requirePoppler();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });
  return {
    save: (name, pdf) => {
      const file = path.join(folder, `${name}.pdf`);
      fs.writeFileSync(file, pdf);
      return file;
    },
  };
}

/**
 * pdftotext's text without the direction marks it adds around right-to-left and left-to-right stretches,
 * spaces collapsed. `layout` keeps the page's lines (labels, values and Arabic labels on one line);
 * without it the columns come one after the other, so a wrapped paragraph reads as one.
 */
export function extractText(file: string, mode: 'layout' | 'flow'): string {
  const args = mode === 'layout' ? ['-layout', file, '-'] : [file, '-'];
  const text = execFileSync('pdftotext', args, { encoding: 'utf8' });
  const lines = text.replace(/[\u200E\u200F\u202A-\u202E]/g, '').split('\n');
  const squeezed = lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return mode === 'layout' ? squeezed.join('\n') : squeezed.join(' ');
}

/** The page rendered at 150 dpi, as a person's scanner app would see a print; the QR code's text, if any. */
export function decodeQr(file: string): string | null {
  const prefix = file.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, prefix]);
  const png = PNG.sync.read(fs.readFileSync(`${prefix}.png`));
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  return code?.data ?? null;
}

export function pageCount(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}
