import zlib from 'node:zlib';
import { Jimp } from 'jimp';

/** Real images for logo tests: PNG written by hand (one colour, 8-bit RGB), JPEG by jimp, and bare headers. */

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** 8-bit RGB, or 1-bit grey (`bilevel`). */
const ihdr = (width: number, height: number, bilevel = false) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set(bilevel ? [1, 0, 0, 0, 0] : [8, 2, 0, 0, 0], 8);
  return chunk('IHDR', header);
};

/** A PNG of one colour. */
export const pngImage = (width: number, height: number, rgb: [number, number, number] = [0x1d, 0x4e, 0xd8]) => {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return png(width, height, row, false);
};

/** A black-and-white PNG, all white: a huge one weighs little (12000 × 12000 is some 40 KB). */
export const bilevelPng = (width: number, height: number) => png(width, height, Buffer.alloc(1 + Math.ceil(width / 8), 0xff).fill(0, 0, 1), true);

/** The rows deflated as a stream, so a huge image never sits in memory whole. */
async function png(width: number, height: number, row: Buffer, bilevel: boolean): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat([PNG_SIGNATURE, ihdr(width, height, bilevel), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}

/** A PNG whose header claims these dimensions, with no pixels. */
export const pngHeader = (width: number, height: number) =>
  Buffer.concat([PNG_SIGNATURE, ihdr(width, height), chunk('IEND', Buffer.alloc(0))]);

/** A JPEG's start (SOI, a JFIF APP0 and a baseline frame header) claiming these dimensions, with no scan. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A real JPEG of one colour. */
export async function jpegImage(width: number, height: number): Promise<Buffer> {
  return new Jimp({ width, height, color: 0x1d4ed8ff }).getBuffer('image/jpeg');
}
