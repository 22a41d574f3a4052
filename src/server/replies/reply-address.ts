import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A release e-mail's Reply-To (issue 38): `r-{delivery}.{mac}@REPLY_DOMAIN`, the MAC an HMAC of the
 * delivery id under the app secret with a purpose of its own (a bounce address's MAC does not make a
 * reply address), so a reply names its delivery and a guessed or altered address names nothing. Lower
 * case throughout: relays may change the case of a local part.
 */
const MAC_LENGTH = 16;

const macOf = (deliveryId: number, secret: string) =>
  createHmac('sha256', secret).update(`reply:${deliveryId}`).digest('hex').slice(0, MAC_LENGTH);

export function replyAddress(deliveryId: number, secret: string, domain: string): string {
  return `r-${deliveryId}.${macOf(deliveryId, secret)}@${domain.toLowerCase()}`;
}

/** Whether an address is shaped as a reply address of `domain`, whatever its MAC (to refuse a forged one, not pass it on). */
export const looksLikeReplyAddress = (address: string, domain: string) => {
  const match = /^r-\d{1,15}\.[0-9a-z]+@(.+)$/i.exec(address.trim());
  return !!match && match[1].toLowerCase() === domain.toLowerCase();
};

/** The delivery a reply address names, or undefined when it is not one of ours or its MAC is wrong. */
export function deliveryOfReplyAddress(address: string, secret: string, domain: string): number | undefined {
  const match = /^r-(\d{1,15})\.([0-9a-f]+)@(.+)$/i.exec(address.trim());
  if (!match || match[3].toLowerCase() !== domain.toLowerCase()) return undefined;
  const deliveryId = Number(match[1]);
  const given = Buffer.from(match[2].toLowerCase());
  const expected = Buffer.from(macOf(deliveryId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? deliveryId : undefined;
}
