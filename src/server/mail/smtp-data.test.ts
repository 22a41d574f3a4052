import DataStream from 'nodemailer/lib/smtp-connection/data-stream';
import { describe, expect, it } from 'vitest';
import { encodedOnce, nodemailerDataTransform } from './smtp-data.js';

/** Streams `chunks` through a DataStream (ours, or with nodemailer's transform) and answers the bytes it wrote. */
async function encode(chunks: Buffer[], withNodemailers: boolean): Promise<Buffer> {
  const stream = new DataStream();
  if (withNodemailers) stream._transform = nodemailerDataTransform;
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return Buffer.concat(out);
}

/** Bytes where the rules apply, densely: dots, CRs, LFs and a letter, cut into chunks at random places. */
function randomChunks(random: () => number): Buffer[] {
  const alphabet = [0x2e, 0x0d, 0x0a, 0x61];
  const bytes = Buffer.from(Array.from({ length: Math.floor(random() * 60) }, () => alphabet[Math.floor(random() * alphabet.length)]));
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + Math.floor(random() * 8);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

/** A small deterministic generator, so a failure can be replayed from its seed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('SMTP DATA encoding', () => {
  it('writes what nodemailer writes for any bytes, chunked anyhow', async () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const chunks = randomChunks(seeded(seed));
      const ours = await encode(chunks, false);
      const theirs = await encode(chunks, true);
      if (!ours.equals(theirs)) {
        expect({ seed, input: Buffer.concat(chunks).toString('latin1'), ours: ours.toString('latin1') }).toEqual({
          seed,
          input: Buffer.concat(chunks).toString('latin1'),
          ours: theirs.toString('latin1'),
        });
      }
    }
  });

  it('doubles a dot at a line start, turns bare CR and LF into CRLF and ends the data', async () => {
    const encoded = await encode([Buffer.from('.first\r\nsecond\n.third\rfourth\r'), Buffer.from('.fifth\r\n')], false);
    expect(encoded.toString('latin1')).toBe('..first\r\nsecond\r\n..third\r\nfourth\r\n..fifth\r\n.\r\n');
  });

  it('writes bytes encoded once as they are at a line start, and checks anything else as usual', async () => {
    const ready = encodedOnce(Buffer.from('QUJD\r\nREVG\r\n'));
    const notReady = encodedOnce(Buffer.from('QUJD\r\n.hidden\r\n'));
    const stream = new DataStream();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.write(Buffer.from('Subject: x\r\n\r\n'));
    stream.write(ready);
    stream.write(notReady);
    expect(out[1]).toBe(ready);
    expect(Buffer.concat(out).toString('latin1')).toBe('Subject: x\r\n\r\nQUJD\r\nREVG\r\nQUJD\r\n..hidden\r\n');
    // After a bare CR they are not at a line start: the CR still gets its LF.
    const afterCr = await encode([Buffer.from('x\r'), ready], false);
    expect(afterCr.toString('latin1')).toBe('x\r\nQUJD\r\nREVG\r\n.\r\n');
  });

  it('passes a chunk with nothing to change on as it is', async () => {
    const line = Buffer.from('QUJD\r\n'.repeat(1000));
    const stream = new DataStream();
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.write(line);
    expect(out[0]).toBe(line);
  });
});
