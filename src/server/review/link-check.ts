import type { LinkCheck } from '../../shared/review.js';
import { guardedRequest, PrivateAddressError } from '../http/outbound.js';

/**
 * Does each link of a release answer? Asked from the server on an editor's behalf, through the guarded
 * lookup of http/outbound.ts (only public addresses unless `allowPrivate`). HEAD first, GET if HEAD is
 * not allowed, at most 3 redirects, each link within `timeoutMs`.
 */

export type LinkCheckOptions = { allowPrivate: boolean; timeoutMs: number };

const MAX_REDIRECTS = 3;
const MAX_LINKS = 20;
const AT_ONCE = 5;

type Answer = { status: number; location: string | undefined };

async function request(url: URL, method: 'HEAD' | 'GET', options: LinkCheckOptions, signal: AbortSignal): Promise<Answer> {
  const res = await guardedRequest(url, { method, headers: { 'user-agent': 'Nashr link check' }, allowPrivate: options.allowPrivate, signal });
  res.destroy();
  return { status: res.statusCode ?? 0, location: res.headers.location };
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
