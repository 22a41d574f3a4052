import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema.js';

/**
 * The DKIM key release messages are signed with (the signing itself: dkim-signer.ts). nodemailer's signer
 * canonicalises the headers and signs; the body hash is ours, because a release's body is two pieces:
 * the recipient's own text parts, then the attachment parts every recipient shares, canonicalised once.
 */
export type DkimKey = { domain: string; selector: string; privateKey: KeyObject };

const KEY_SETTING = 'dkim_private_key';

/**
 * The header fields every signature covers (those present in the message): RFC 6376 §5.4's list as
 * nodemailer has it, plus List-Unsubscribe-Post, which RFC 8058 §4 requires to be signed before a receiver
 * offers one-click unsubscribe, and Feedback-ID, so a report's campaign cannot be forged onto our mail.
 */
export const SIGNED_HEADER_FIELDS = [
  'From', 'Sender', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'To', 'Cc', 'MIME-Version', 'Content-Type',
  'Content-Transfer-Encoding', 'Content-ID', 'Content-Description', 'Resent-Date', 'Resent-From', 'Resent-Sender',
  'Resent-To', 'Resent-Cc', 'Resent-Message-ID', 'In-Reply-To', 'References', 'List-Id', 'List-Help',
  'List-Unsubscribe', 'List-Unsubscribe-Post', 'List-Subscribe', 'List-Post', 'List-Owner', 'List-Archive', 'Feedback-ID',
].join(':');

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
