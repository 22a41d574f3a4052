import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import type { LinkCheck } from '../../shared/review.js';

/**
 * Does each link of a release answer? Asked from the server on an editor's behalf, so the request must
 * not become a way into our own network: every address a name resolves to is checked at connection
 * time (no second lookup for an attacker's DNS to change), and only public unicast addresses are
 * reached unless `allowPrivate` (tests serving links from 127.0.0.1). HEAD first, GET if HEAD is not
 * allowed, at most 3 redirects, each link within `timeoutMs`.
 */

export type LinkCheckOptions = { allowPrivate: boolean; timeoutMs: number };

const MAX_REDIRECTS = 3;
const MAX_LINKS = 20;
const AT_ONCE = 5;

class PrivateAddressError extends Error {
  readonly code = 'PRIVATE_ADDRESS';
}

const isPublic = (address: string) => ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses names resolving to loopback, private, link-local or metadata addresses. */
function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const allowed = allowPrivate ? addresses : addresses.filter((a) => isPublic(a.address));
      if (allowed.length === 0) return callback(new PrivateAddressError(`${hostname} resolves to a private address`), '');
      if (options.all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

type Answer = { status: number; location: string | undefined };

function request(url: URL, method: 'HEAD' | 'GET', options: LinkCheckOptions, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  // An address written in the link is connected to without a lookup: check it here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && ipaddr.isValid(literal) && !isPublic(literal)) {
    return Promise.reject(new PrivateAddressError(`${literal} is a private address`));
  }
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, lookup: guardedLookup(options.allowPrivate), signal, headers: { 'user-agent': 'Nashr link check' } }, (res) => {
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

async function checkOne(href: string, options: LinkCheckOptions): Promise<Omit<LinkCheck, 'text'>> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return { href, ok: false, status: null, problem: 'invalid' };
  }
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { href, ok: false, status: null, problem: 'invalid' };
      let answer = await request(url, 'HEAD', options, signal);
      if (answer.status === 405 || answer.status === 501) answer = await request(url, 'GET', options, signal);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        url = new URL(answer.location, url);
        continue;
      }
      const ok = answer.status >= 200 && answer.status < 400;
      return { href, ok, status: answer.status, problem: ok ? null : 'http_error' };
    }
    return { href, ok: false, status: null, problem: 'too_many_redirects' };
  } catch (error) {
    if (error instanceof PrivateAddressError) return { href, ok: false, status: null, problem: 'private_address' };
    if (signal.aborted) return { href, ok: false, status: null, problem: 'timeout' };
    return { href, ok: false, status: null, problem: 'unreachable' };
  }
}

/** Checks up to 20 links, five at a time, and answers them in the order given. */
export async function checkLinks(links: Array<{ text: string; href: string }>, options: LinkCheckOptions): Promise<LinkCheck[]> {
  const queue = links.slice(0, MAX_LINKS);
  const results: LinkCheck[] = new Array(queue.length);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const i = next++;
      results[i] = { text: queue[i].text, ...(await checkOne(queue[i].href, options)) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  return results;
}
