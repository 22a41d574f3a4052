import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VERP: each message's envelope sender (Return-Path) names its delivery, so whatever bounces back says
 * which delivery it is about. `bounces+{id}.{mac}@{domain}`: the delivery id and a MAC of it under the
 * app secret (a guessed or altered address names nothing), short enough for SMTP's 64-octet local part.
 */
const PREFIX = 'bounces';
const MAC_LENGTH = 16;

const macOf = (deliveryId: number, secret: string) =>
  createHmac('sha256', secret).update(`verp:${deliveryId}`).digest('hex').slice(0, MAC_LENGTH);

export function bounceAddress(deliveryId: number, secret: string, domain: string): string {
  return `${PREFIX}+${deliveryId}.${macOf(deliveryId, secret)}@${domain}`;
}

/** The delivery a bounce address names, or undefined when it is not one of ours or its MAC is wrong. */
export function deliveryOfBounceAddress(address: string, secret: string, domain: string): number | undefined {
  const match = /^bounces\+(\d{1,15})\.([0-9a-f]+)@(.+)$/i.exec(address.trim());
  if (!match || match[3].toLowerCase() !== domain.toLowerCase()) return undefined;
  const deliveryId = Number(match[1]);
  const given = Buffer.from(match[2].toLowerCase());
  const expected = Buffer.from(macOf(deliveryId, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? deliveryId : undefined;
}

/** The plain address feedback loops are registered with (`bounces@{domain}`): reports name the delivery inside. */
export const isFeedbackAddress = (address: string, domain: string) => address.trim().toLowerCase() === `${PREFIX}@${domain.toLowerCase()}`;
