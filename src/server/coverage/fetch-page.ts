import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { guardedRequest, PrivateAddressError } from '../http/outbound.js';

/**
 * GET of an outlet's feed or article page for coverage: only public addresses unless `allowPrivate`
 * (http/outbound.ts, every redirect checked again), at most 3 redirects, `maxBytes` of the decoded
 * body, `timeoutMs` for the whole exchange, and a conditional request when the last answer's ETag or
 * Last-Modified is known. One request at a time per host through a queue (the poller's, or the process's).
 */

export type FetchOptions = {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  etag?: string | null;
  lastModified?: string | null;
  /** The poller has its own, so that a person's request does not wait behind a round of feeds. */
  queue?: HostQueue;
};

export type Fetched =
  | { status: 'ok'; text: string; url: string; etag: string | null; lastModified: string | null }
  | { status: 'not_modified' };

export type FetchProblem = 'invalid' | 'private_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'http_error' | 'unreachable';

export class FetchError extends Error {
  constructor(
    readonly problem: FetchProblem,
    message: string,
  ) {
    super(message);
  }
}

export const FEED_FETCH_TIMEOUT_MS = 15_000;
export const FEED_FETCH_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const USER_AGENT = 'Nashr coverage monitor (+https://nashr.example/coverage)';

export type HostQueue = <T>(host: string, work: () => Promise<T>) => Promise<T>;

/** A queue per host: `work` runs after every earlier request to its host through this queue has finished. */
export function createHostQueue(): HostQueue {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(host: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(host) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    queues.set(host, settled);
    void settled.then(() => {
      if (queues.get(host) === settled) queues.delete(host);
    });
    return run;
  };
}

/** The queue of requests made for people (an article added by hand): one per process. */
const processQueue = createHostQueue();

function decoded(res: IncomingMessage): NodeJS.ReadableStream {
  switch ((res.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/** Reads a body up to `maxBytes` decoded; a larger one is refused, not cut (a cut feed is malformed XML). */
function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (!res.headers['content-encoding'] && Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new FetchError('too_large', `larger than ${maxBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = decoded(res);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        res.destroy();
        reject(new FetchError('too_large', `larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    res.on('error', reject);
  });
}

const CHARSET_IN_HEADER = /charset=["']?([\w.:-]+)/i;
const CHARSET_IN_DOCUMENT = /<\?xml[^>]*encoding=["']([\w.:-]+)|<meta[^>]+charset=["']?([\w.:-]+)/i;

/**
 * The body as text in the character set the answer names (Content-Type, else the XML declaration or the
 * HTML meta tag), UTF-8 when it names none or one unknown. Arabic outlets still publish in windows-1256.
 */
function decodeText(body: Buffer, contentType: string): string {
  const declared = CHARSET_IN_DOCUMENT.exec(body.subarray(0, 1024).toString('latin1'));
  const label = CHARSET_IN_HEADER.exec(contentType)?.[1] ?? declared?.[1] ?? declared?.[2] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

function asFetchError(error: unknown, signal: AbortSignal): FetchError {
  if (error instanceof FetchError) return error;
  if (error instanceof PrivateAddressError) return new FetchError('private_address', error.message);
  if (signal.aborted) return new FetchError('timeout', 'no complete answer in time');
  return new FetchError('unreachable', error instanceof Error ? error.message : String(error));
}

async function fetchWithin(address: string, options: FetchOptions, signal: AbortSignal): Promise<Fetched> {
  const maxBytes = options.maxBytes ?? FEED_FETCH_MAX_BYTES;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new FetchError('invalid', 'not a web address');
  }
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('invalid', `${url.protocol} is not a web address`);
    const res = await guardedRequest(url, { method: 'GET', headers, allowPrivate: options.allowPrivate, signal });
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status === 304) {
      res.resume();
      return { status: 'not_modified' };
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new FetchError('http_error', `answered ${status}`);
    }
    return {
      status: 'ok',
      text: decodeText(await readBody(res, maxBytes), String(res.headers['content-type'] ?? '')),
      url: url.toString(),
      etag: typeof res.headers.etag === 'string' ? res.headers.etag : null,
      lastModified: typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : null,
    };
  }
  throw new FetchError('too_many_redirects', `more than ${MAX_REDIRECTS} redirects`);
}

/** Fetches a page or feed; every failure is a FetchError naming its problem. */
export async function fetchPage(address: string, options: FetchOptions): Promise<Fetched> {
  let host: string;
  try {
    host = new URL(address).host.toLowerCase();
  } catch {
    throw new FetchError('invalid', 'not a web address');
  }
  return (options.queue ?? processQueue)(host, async () => {
    // The time runs from the request, not from the wait for the host's earlier ones.
    const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS);
    try {
      return await fetchWithin(address, options, signal);
    } catch (error) {
      throw asFetchError(error, signal);
    }
  });
}
