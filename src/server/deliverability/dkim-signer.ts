import { Worker } from 'node:worker_threads';
import { SIGNED_HEADER_FIELDS, type DkimKey } from './dkim.js';

/**
 * DKIM signatures (RFC 6376, rsa-sha256, relaxed/relaxed) for release messages, made on a thread of their
 * own. The body hash runs over the whole body, and a release's body is the recipient's own text parts
 * followed by the attachment parts every recipient shares: SHA-256 runs from the first byte, so the shared
 * part is hashed again for every message (about 0.85 ms for a 1 MB attachment, plus 0.35 ms for the RSA
 * signature). On the sending thread that was most of what the engine did beyond writing to the socket;
 * here it runs beside it. The shared part crosses to the thread once per release and is canonicalised
 * there once; per message only the header block and the personal part do.
 */
export interface DkimSigner {
  /** The DKIM-Signature header for a message whose header block is `header` and body `personal` + `shared`. */
  sign(header: string, personal: string, shared: Buffer): Promise<string>;
  close(): Promise<void>;
}

/** How many releases' shared parts the thread keeps (the engine renders at most 16 releases at a time). */
const SHARED_KEPT = 16;

type Reply = { n: number; signature?: string; error?: string };

export function dkimSignerThread(key: DkimKey): DkimSigner {
  let worker: Worker | undefined;
  let counter = 0;
  const pending = new Map<number, { resolve: (signature: string) => void; reject: (error: Error) => void }>();
  const sharedIds = new Map<Buffer, number>();

  function failAll(error: Error) {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    sharedIds.clear();
    worker = undefined;
  }

  function start(): Worker {
    const thread = new Worker(new URL('./dkim-thread.mjs', import.meta.url), {
      workerData: { domain: key.domain, selector: key.selector, privateKey: key.privateKey, headerFieldNames: SIGNED_HEADER_FIELDS },
    });
    thread.on('message', ({ n, signature, error }: Reply) => {
      const request = pending.get(n);
      pending.delete(n);
      // Only an unanswered request keeps the process alive.
      if (!pending.size) thread.unref();
      if (error !== undefined) request?.reject(new Error(error));
      else request?.resolve(signature!);
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`the DKIM signing thread stopped (exit code ${code})`));
    });
    return thread;
  }

  /** The id the thread knows `shared` by, sent to it the first time (and forgotten by both once old). */
  function sharedId(thread: Worker, shared: Buffer): number {
    let id = sharedIds.get(shared);
    if (id === undefined) {
      id = ++counter;
      thread.postMessage({ kind: 'shared', id, bytes: shared });
      sharedIds.set(shared, id);
      if (sharedIds.size > SHARED_KEPT) {
        const [oldest, oldestId] = sharedIds.entries().next().value!;
        sharedIds.delete(oldest);
        thread.postMessage({ kind: 'forget', id: oldestId });
      }
    }
    return id;
  }

  return {
    sign(header, personal, shared) {
      const thread = (worker ??= start());
      const n = ++counter;
      const id = sharedId(thread, shared);
      return new Promise((resolve, reject) => {
        pending.set(n, { resolve, reject });
        thread.ref();
        thread.postMessage({ kind: 'sign', n, header, personal, shared: id });
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      failAll(new Error('the DKIM signer was closed'));
      await thread?.terminate();
    },
  };
}
