import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';

/**
 * Requests the server makes on someone's behalf (an editor's link check, an outlet's feed, an article
 * a customer names) must not become a way into our own network. Every address a name resolves to is
 * checked at connection time (no second lookup for an attacker's DNS to change), and only public
 * unicast addresses are reached unless private ones are allowed (tests serving from 127.0.0.1).
 */

export class PrivateAddressError extends Error {
  readonly code = 'PRIVATE_ADDRESS';
}

const isPublicAddress = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses names resolving to loopback, private, link-local or metadata addresses. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const allowed = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '');
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

/** An address written in the URL itself is connected to without a lookup: it is checked here. */
function assertPublicLiteral(url: URL, allowPrivate: boolean): void {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(literal) && !isPublicAddress(literal)) {
    throw new PrivateAddressError(`${literal} is a private address`);
  }
}

export type GuardedRequest = { method: 'GET' | 'HEAD'; headers: Record<string, string>; allowPrivate: boolean; signal: AbortSignal };

/**
 * One request (no redirect followed: each hop is a request of its own, checked again), to a public
 * address only; resolves with the response as soon as its head has arrived.
 */
export function guardedRequest(url: URL, options: GuardedRequest): Promise<IncomingMessage> {
  try {
    assertPublicLiteral(url, options.allowPrivate);
  } catch (error) {
    return Promise.reject(error);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const { method, headers, signal } = options;
    const req = client.request(url, { method, headers, signal, lookup: guardedLookup(options.allowPrivate) }, resolve);
    req.on('error', reject);
    req.end();
  });
}
