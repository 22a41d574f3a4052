import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The preference link of a release e-mail: `/preferences/{deliveryId}.{mac}`, the delivery it came with and a
 * MAC of its id under the app secret (as VERP addresses are signed, deliverability/verp.ts). No password: the
 * link is the journalist's key, so a guessed or altered one names nothing. Its own purpose string keeps a
 * bounce address's MAC from ever being a valid preference link.
 */
const MAC_LENGTH = 32;

const macOf = (deliveryId: number, secret: string) =>
  createHmac('sha256', secret).update(`preferences:${deliveryId}`).digest('hex').slice(0, MAC_LENGTH);

export function preferenceToken(deliveryId: number, secret: string): string {
  return `${deliveryId}.${macOf(deliveryId, secret)}`;
}

/** The delivery a preference token names, or undefined when it is malformed or its MAC is wrong. */
export function deliveryOfPreferenceToken(token: string, secret: string): number | undefined {
  const match = /^(\d{1,15})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return undefined;
  const deliveryId = Number(match[1]);
  if (!Number.isSafeInteger(deliveryId)) return undefined;
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(macOf(deliveryId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? deliveryId : undefined;
}
