import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

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

/**
 * Account mail (verification, reset, receipts) is about an address, not a delivery:
 * `bounces+a{hash}.{mac}@{domain}`, where hash is a digest of the recipient's address and mac a MAC of the
 * hash under the app secret. The listener refuses any other code at RCPT, and takes a bounce as being about
 * the address only when the report names an address with that digest.
 */
const ACCOUNT_HASH_LENGTH = 16;
const addressHash = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, ACCOUNT_HASH_LENGTH);
const accountMacOf = (hash: string, secret: string) => createHmac('sha256', secret).update(`verp-account:${hash}`).digest('hex').slice(0, MAC_LENGTH);

export function accountBounceAddress(email: string, secret: string, domain: string): string {
  const hash = addressHash(email);
  return `${PREFIX}+a${hash}.${accountMacOf(hash, secret)}@${domain}`;
}

/** The address digest an account bounce address carries, or undefined when it is not one of ours or its MAC is wrong. */
export function accountHashOfBounceAddress(address: string, secret: string, domain: string): string | undefined {
  const match = /^bounces\+a([0-9a-f]{16})\.([0-9a-f]+)@(.+)$/i.exec(address.trim());
  if (!match || match[3].toLowerCase() !== domain.toLowerCase()) return undefined;
  const hash = match[1].toLowerCase();
  const given = Buffer.from(match[2].toLowerCase());
  const expected = Buffer.from(accountMacOf(hash, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? hash : undefined;
}

/** Whether `email` is the address an account bounce address's digest names. */
export const isAddressOfHash = (email: string, hash: string) => addressHash(email) === hash;

/** The plain address feedback loops are registered with (`bounces@{domain}`): reports name the delivery inside. */
export const isFeedbackAddress = (address: string, domain: string) => address.trim().toLowerCase() === `${PREFIX}@${domain.toLowerCase()}`;
