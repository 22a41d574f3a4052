import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRawMessage, encodeAttachmentParts, newBoundary } from '../delivery/mime.js';
import { dkimSignerThread, type DkimSigner } from './dkim-signer.js';
import { publicKeyRecord, type DkimKey } from './dkim.js';
import { signedFields } from '../test/dkim-check.js';

/**
 * The signing threads: what they sign verifies, whichever release's shared part a message ends with and
 * however many releases go through them, and what they build is what the sending thread builds; a refused
 * key or a closed signer is an error for the message, never a hang.
 */

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key: DkimKey = { domain: 'nashr.test', selector: 'nashr', privateKey };
/** mailauth asks for the key record through this instead of DNS. */
const resolver = async (name: string) => {
  if (name !== 'nashr._domainkey.nashr.test') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [[publicKeyRecord(key)]];
};

let signer: DkimSigner | undefined;
afterEach(async () => {
  await signer?.close();
  signer = undefined;
});

function release(n: number) {
  const boundary = newBoundary();
  const content = Buffer.alloc(4000 + n, n);
  return { boundary, attachmentParts: encodeAttachmentParts(boundary, [{ filename: `release-${n}.pdf`, contentType: 'application/pdf', content }]) };
}

/** `on`: 'threads' builds the message's own bytes on the signing threads, 'here' on this thread (then only signing there). */
const message = (sign: DkimSigner, r: ReturnType<typeof release>, to: string, on: 'here' | 'threads' = 'here') =>
  buildRawMessage(
    {
      from: 'Nashr <releases@nashr.test>',
      to,
      subject: `To ${to}`,
      messageId: `<${to}@nashr.test>`,
      date: new Date('2026-11-26T08:00:00Z'),
      headers: {
        'List-Unsubscribe': `<https://nashr.test/u/${to}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'List-Id': '<releases.nashr.test>',
        'Feedback-ID': 'r1:c1:release:nashr',
      },
      text: `Hello ${to}`,
      html: `<p>Hello ${to}</p>`,
      mixedBoundary: r.boundary,
      attachmentParts: r.attachmentParts,
    },
    on === 'threads' ? sign : (header, personal, shared) => sign.sign(header, personal, shared),
  );

describe('DKIM signing thread', () => {
  it('signs messages of many releases at once so that each verifies, past the releases the thread keeps', async () => {
    signer = dkimSignerThread(key);
    const releases = Array.from({ length: 20 }, (_, n) => release(n));
    // Every release twice, the second round after the first releases were forgotten by the thread.
    const rounds = [...releases, ...releases].map((r, i) => message(signer!, r, `reader${i}@journalists.test`));
    const raws = await Promise.all(rounds);
    for (const pieces of raws) {
      const verified = await dkimVerify(Buffer.concat(pieces), { resolver });
      expect(verified.results.map((r) => r.status.result)).toEqual(['pass']);
    }
  });

  it.each([1, 2])('builds with %i thread(s) the very bytes this thread builds and signs, each of which verifies', async (threads) => {
    signer = dkimSignerThread(key, threads);
    expect(signer.threads).toBe(threads);
    const releases = Array.from({ length: 3 }, (_, n) => release(n));
    const readers = Array.from({ length: 12 }, (_, i) => ({ r: releases[i % 3], to: `reader${i}@journalists.test` }));
    const built = await Promise.all(readers.map(({ r, to }) => message(signer!, r, to, 'threads')));
    const here = await Promise.all(readers.map(({ r, to }) => message(signer!, r, to, 'here')));
    for (const [i, pieces] of built.entries()) {
      expect(Buffer.concat(pieces).equals(Buffer.concat(here[i]))).toBe(true);
      // The shared attachment bytes are passed on as they are, not copied per message.
      expect(pieces[1]).toBe(readers[i].r.attachmentParts);
      expect((await dkimVerify(Buffer.concat(pieces), { resolver })).results.map((r) => r.status.result)).toEqual(['pass']);
    }
  });

  it('covers the one-click unsubscribe (RFC 8058 §4) and the list and feedback headers', async () => {
    signer = dkimSignerThread(key);
    const raw = Buffer.concat(await message(signer, release(3), 'reader@journalists.test'));
    const [result] = (await dkimVerify(raw, { resolver })).results;
    expect(result.status.result).toBe('pass');
    expect(signedFields(result)).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post', 'list-id', 'feedback-id', 'from', 'subject']));
  });

  it('answers a key that cannot sign with an error for the message', async () => {
    const ed25519 = createPrivateKey(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    signer = dkimSignerThread({ ...key, privateKey: ed25519 });
    await expect(message(signer, release(1), 'reader@journalists.test')).rejects.toThrow(/DKIM signing failed/);
    await expect(message(signer, release(1), 'reader@journalists.test', 'threads')).rejects.toThrow(/DKIM signing failed/);
  });

  it('refuses the messages still waiting when it is closed', async () => {
    signer = dkimSignerThread(key);
    const refused = expect(message(signer, release(2), 'reader@journalists.test')).rejects.toThrow(/closed/);
    await signer.close();
    await refused;
  });
});
