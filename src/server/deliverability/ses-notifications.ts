import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { ServerReport } from './reports.js';

/**
 * Amazon SES reports bounces and complaints through SNS: an HTTPS POST of a JSON envelope signed with
 * the key of the certificate at SigningCertURL. Checked here by hand: the string to sign is a fixed list
 * of the envelope's fields (AWS's SNS documentation), and the AWS SDK's validator fetches certificates
 * from AWS only, which a test or a closed network cannot serve. SES_SIGNING_CERT configures the
 * certificate (PEM or a path; a public key PEM will do) instead of fetching it.
 */
export type SnsEnvelope = {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Subject?: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  SubscribeURL?: string;
  Token?: string;
};

const FIELDS: Record<string, Array<keyof SnsEnvelope>> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/** The text SNS signed: each present field's name and value on lines of their own, in a fixed order. */
export function snsStringToSign(envelope: SnsEnvelope): string {
  return (FIELDS[envelope.Type] ?? [])
    .filter((field) => envelope[field] !== undefined)
    .map((field) => `${field}\n${envelope[field]}\n`)
    .join('');
}

/** Certificates are served by SNS itself, under its own host names, over HTTPS. */
const AWS_CERT_URL = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/[^?#]+\.pem$/;
const fetchedKeys = new Map<string, KeyObject>();

async function signingKey(envelope: SnsEnvelope, configured: string | undefined): Promise<KeyObject | undefined> {
  if (configured) return createPublicKey(configured.includes('-----BEGIN') ? configured : fs.readFileSync(configured, 'utf8'));
  if (!AWS_CERT_URL.test(envelope.SigningCertURL)) return undefined;
  let key = fetchedKeys.get(envelope.SigningCertURL);
  if (!key) {
    const response = await fetch(envelope.SigningCertURL, { signal: AbortSignal.timeout(5000), redirect: 'error' });
    if (!response.ok) return undefined;
    key = createPublicKey(await response.text());
    fetchedKeys.set(envelope.SigningCertURL, key);
  }
  return key;
}

export async function isAuthenticSnsMessage(envelope: SnsEnvelope, configuredCert: string | undefined): Promise<boolean> {
  const algorithm = envelope.SignatureVersion === '2' ? 'RSA-SHA256' : envelope.SignatureVersion === '1' ? 'RSA-SHA1' : undefined;
  if (!algorithm || typeof envelope.Signature !== 'string' || !FIELDS[envelope.Type]) return false;
  const key = await signingKey(envelope, configuredCert).catch(() => undefined);
  if (!key) return false;
  return createVerify(algorithm).update(snsStringToSign(envelope), 'utf8').verify(key, envelope.Signature, 'base64');
}

type SesNotification = {
  notificationType?: string;
  bounce?: { bounceType?: string; bouncedRecipients?: Array<{ emailAddress?: string; status?: string; diagnosticCode?: string }> };
  complaint?: { complaintFeedbackType?: string; complainedRecipients?: Array<{ emailAddress?: string }> };
  mail?: { source?: string };
};

/** SNS delivers within seconds and retries for minutes: an older message is a replay. */
export const SNS_MAX_AGE_MS = 3_600_000;
const CLOCK_SKEW_MS = 5 * 60_000;

/** Whether an SNS message's Timestamp is within the last hour (a few minutes ahead of our clock allowed). */
export function isFreshSnsMessage(envelope: Pick<SnsEnvelope, 'Timestamp'>, now: Date): boolean {
  const sent = Date.parse(envelope.Timestamp);
  if (!/^\d{4}-\d\d-\d\dT/.test(envelope.Timestamp) || Number.isNaN(sent)) return false;
  const age = now.getTime() - sent;
  return age <= SNS_MAX_AGE_MS && age >= -CLOCK_SKEW_MS;
}

/**
 * An SES notification as the same report the inbound listener reads, with the envelope sender it names.
 * SES sends a bounce once it stopped trying: Permanent is hard, Transient (and Undetermined) soft, both final.
 */
export function reportOfSesNotification(message: string, snsMessageId: string): { report: ServerReport; envelopeSender: string | undefined } {
  const id = `sns:${snsMessageId}`;
  let notification: SesNotification;
  try {
    notification = JSON.parse(message) as SesNotification;
  } catch {
    return { report: { id, type: 'unknown' }, envelopeSender: undefined };
  }
  const envelopeSender = notification.mail?.source;
  if (notification.notificationType === 'Bounce' && notification.bounce) {
    // Permanent: the address will never take mail; Transient and Undetermined may pass later.
    const kind: 'hard' | 'soft' = notification.bounce.bounceType === 'Permanent' ? 'hard' : 'soft';
    const recipients = (notification.bounce.bouncedRecipients ?? []).map((r) => ({
      address: r.emailAddress?.toLowerCase(),
      kind,
      status: r.status ?? (kind === 'hard' ? '5.0.0' : '4.0.0'),
      detail: (r.diagnosticCode ?? '').slice(0, 500),
    }));
    return { report: { id, type: 'bounce', recipients, text: '' }, envelopeSender };
  }
  if (notification.notificationType === 'Complaint' && notification.complaint) {
    return {
      report: {
        id,
        type: 'complaint',
        feedbackType: notification.complaint.complaintFeedbackType ?? 'abuse',
        originalMailFrom: envelopeSender,
        originalRecipient: notification.complaint.complainedRecipients?.[0]?.emailAddress?.toLowerCase(),
        enclosed: { returnPath: undefined, messageId: undefined },
      },
      envelopeSender,
    };
  }
  return { report: { id, type: 'unknown' }, envelopeSender };
}
