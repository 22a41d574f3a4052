import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import sign from 'nodemailer/lib/dkim/sign';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema.js';

/**
 * DKIM signatures (RFC 6376, rsa-sha256, relaxed/relaxed) on every release message. nodemailer's signer
 * canonicalises the headers and signs; the body hash is ours, because a release's body is two pieces:
 * the recipient's own text parts, then the attachment parts every recipient shares. The shared piece is
 * canonicalised once per release and reused; hashing it again per message cannot be avoided (SHA-256 runs
 * from the first byte, and the personal part comes first), but nothing is encoded or copied again.
 */
export type DkimKey = { domain: string; selector: string; privateKey: KeyObject };

const KEY_SETTING = 'dkim_private_key';

/** DKIM_* when configured (PEM text or a path to it); otherwise a 2048-bit key made at the first start and kept. */
export async function loadDkimKey(
  db: Db,
  config: { dkim: { domain: string; selector: string; privateKey: string | undefined } },
): Promise<DkimKey> {
  const { domain, selector } = config.dkim;
  const configured = config.dkim.privateKey;
  if (configured) {
    const pem = configured.includes('-----BEGIN') ? configured : fs.readFileSync(configured, 'utf8');
    return { domain, selector, privateKey: createPrivateKey(pem) };
  }
  const stored = async () => (await db.select().from(appSettings).where(eq(appSettings.key, KEY_SETTING)))[0]?.value;
  let pem = await stored();
  if (!pem) {
    const generated = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // The first process to store its key wins; every process then signs with the stored one.
    await db.insert(appSettings).values({ key: KEY_SETTING, value: generated }).onConflictDoNothing();
    pem = (await stored())!;
  }
  return { domain, selector, privateKey: createPrivateKey(pem) };
}

/** The public half as the p= of the DNS record: base64 of the DER SubjectPublicKeyInfo. */
export const publicKeyRecord = (key: DkimKey) =>
  `v=DKIM1; k=rsa; p=${createPublicKey(key.privateKey).export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** RFC 6376 §3.4.4, the line rules: no whitespace at line ends, runs of it as one space. */
const relaxedLines = (text: string) => text.replace(/[ \t]+\r\n/g, '\r\n').replace(/[ \t]+/g, ' ');

const sharedCanonical = new WeakMap<Buffer, Buffer>();
/** The shared end of the body, canonical (empty lines at the very end dropped), once per release. */
function canonicalEnd(shared: Buffer): Buffer {
  let canonical = sharedCanonical.get(shared);
  if (!canonical) {
    const text = relaxedLines(shared.toString('latin1')).replace(/(\r\n)+$/, '');
    canonical = Buffer.from(`${text}\r\n`, 'latin1');
    sharedCanonical.set(shared, canonical);
  }
  return canonical;
}

/** Header fields as nodemailer's signer reads them: folded lines joined to their field. */
function headerFields(header: string) {
  const fields: Array<{ key: string; casedKey: string; line: string }> = [];
  for (const line of header.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length) fields[fields.length - 1].line += `\r\n${line}`;
    else if (line) {
      const name = line.slice(0, line.indexOf(':')).trim();
      fields.push({ key: name.toLowerCase(), casedKey: name, line });
    }
  }
  return fields;
}

/**
 * The DKIM-Signature header for a message whose header block is `header` and whose body is `personal`
 * (ending at a line end) followed by `shared`.
 */
export function dkimSignature(key: DkimKey, header: string, personal: string, shared: Buffer): string {
  const bodyHash = createHash('sha256').update(relaxedLines(personal), 'latin1').update(canonicalEnd(shared)).digest('base64');
  const signature = sign(headerFields(header), 'sha256', bodyHash, { domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey });
  if (!signature) throw new Error('DKIM signing failed: the private key was refused');
  return signature;
}
