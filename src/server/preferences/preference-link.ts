import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The preference link of a release e-mail: `/preferences/{deliveryId}.{mac}`, the delivery it came with and a
 * MAC of its id under the app secret (as VERP addresses are signed, deliverability/verp.ts). No password: the
 * link is the journalist's key, so a guessed or altered one names nothing. Its own purpose string keeps a
 * bounce address's MAC from ever being a valid preference link; the embargo notice's agreement link
 * (embargo/embargo-link.ts) is signed the same way under a purpose of its own.
 */
const MAC_LENGTH = 32;

const macOf = (purpose: string, deliveryId: number, secret: string) =>
  createHmac('sha256', secret).update(`${purpose}:${deliveryId}`).digest('hex').slice(0, MAC_LENGTH);

/** `{deliveryId}.{mac}` for a link of `purpose` about one delivery. */
export function signedDeliveryToken(purpose: string, deliveryId: number, secret: string): string {
  return `${deliveryId}.${macOf(purpose, deliveryId, secret)}`;
}

/** The delivery a token of `purpose` names, or undefined when it is malformed or its MAC is wrong. */
export function deliveryOfSignedToken(purpose: string, token: string, secret: string): number | undefined {
  const match = /^(\d{1,15})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return undefined;
  const deliveryId = Number(match[1]);
  if (!Number.isSafeInteger(deliveryId)) return undefined;
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(macOf(purpose, deliveryId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? deliveryId : undefined;
}

export const preferenceToken = (deliveryId: number, secret: string): string => signedDeliveryToken('preferences', deliveryId, secret);

export const deliveryOfPreferenceToken = (token: string, secret: string): number | undefined => deliveryOfSignedToken('preferences', token, secret);

/** The embargo notice's agreement link, `/embargo/{deliveryId}.{mac}` of the notice's delivery (decision 027). */
export const embargoToken = (noticeDeliveryId: number, secret: string): string => signedDeliveryToken('embargo', noticeDeliveryId, secret);

export const deliveryOfEmbargoToken = (token: string, secret: string): number | undefined => deliveryOfSignedToken('embargo', token, secret);
