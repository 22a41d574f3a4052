import { Worker } from 'node:worker_threads';
import { pagesUnreadable } from '../operations/metrics.js';
import type { PageReading } from './page-reading.js';

/**
 * Article pages are read off the thread that answers requests (issue 24): one outlet's page of 1,500
 * nested <div>s held the web process for a minute. Pages go to a small pool of long-lived threads
 * (page-thread.mjs), one page per thread at a time, under hard limits: a page longer than `maxChars`
 * is refused before it is sent, one deeper or with more elements than allowed before a document is
 * built (page-shape.ts), and a thread that takes longer than `timeMs` or more heap than `memoryMb` is
 * stopped and replaced. Each refusal is the page's "unreadable" reason.
 */

export type PageLimits = {
  /** Characters of HTML read at most (the fetch takes up to 5 MB; a larger page is an application's, not an article). */
  maxChars: number;
  maxDepth: number;
  maxElements: number;
  /** How long one page may keep its thread. */
  timeMs: number;
  /** The thread's heap (V8's old generation), in MB. */
  memoryMb: number;
};

/** Real articles nest 20 to 60 deep in a few thousand elements; Readability takes 0.4 s at depth 200, 1.4 s at 300. */
export const PAGE_LIMITS: PageLimits = { maxChars: 2_000_000, maxDepth: 150, maxElements: 30_000, timeMs: 10_000, memoryMb: 256 };

export interface PageReader {
  read(html: string): Promise<PageReading>;
  /** Starts the threads now instead of at the first page. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

type Job = { html: string; resolve: (reading: PageReading) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; ready: boolean; started: Promise<void>; markStarted: () => void; job?: Job; timer?: NodeJS.Timeout };
type Reply = { ready?: true; reading?: PageReading; error?: string };

const outOfMemory = (error: Error) => (error as Error & { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';

export function createPageReader(options: { limits?: Partial<PageLimits>; threads?: number } = {}): PageReader {
  const limits = { ...PAGE_LIMITS, ...options.limits };
  const size = options.threads ?? 2;
  const threads = new Set<Thread>();
  const queue: Job[] = [];
  let closed = false;

  function start(): Thread {
    const worker = new Worker(new URL('./page-thread.mjs', import.meta.url), {
      workerData: { limits: { maxDepth: limits.maxDepth, maxElements: limits.maxElements } },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const thread: Thread = { worker, ready: false, started, markStarted };
    worker.on('message', (reply: Reply) => {
      if (reply.ready) {
        thread.ready = true;
        thread.worker.unref();
        markStarted();
      } else {
        const job = finish(thread);
        if (reply.error !== undefined) job?.reject(new Error(reply.error));
        else job?.resolve(reply.reading!);
      }
      dispatch();
    });
    worker.on('error', (error) => stopped(thread, outOfMemory(error) ? { status: 'unreadable', reason: 'too_much_memory' } : error));
    worker.on('exit', (code) => stopped(thread, new Error(`the page-reading thread stopped (exit code ${code})`)));
    threads.add(thread);
    return thread;
  }

  /** The thread's page, taken off it; an idle thread does not keep the process alive. */
  function finish(thread: Thread): Job | undefined {
    const job = thread.job;
    clearTimeout(thread.timer);
    thread.job = thread.timer = undefined;
    thread.worker.unref();
    return job;
  }

  /** A thread that ended: its page gets `outcome`; one that never started fails the pages waiting too. */
  function stopped(thread: Thread, outcome: PageReading | Error) {
    if (!threads.delete(thread)) return;
    const job = finish(thread);
    const waiting = thread.ready ? [] : queue.splice(0);
    for (const each of job ? [job, ...waiting] : waiting) {
      if (outcome instanceof Error) each.reject(outcome);
      else each.resolve(outcome);
    }
    thread.markStarted();
    dispatch();
  }

  function give(thread: Thread, job: Job) {
    thread.job = job;
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      const timedOut = finish(thread);
      threads.delete(thread);
      void thread.worker.terminate();
      timedOut?.resolve({ status: 'unreadable', reason: 'too_slow' });
      dispatch();
    }, limits.timeMs);
    thread.worker.postMessage({ html: job.html });
  }

  function dispatch() {
    if (closed) return;
    for (const thread of threads) {
      if (!queue.length) break;
      if (thread.ready && !thread.job) give(thread, queue.shift()!);
    }
    const free = [...threads].filter((thread) => !thread.job).length;
    for (let more = queue.length - free; more > 0 && threads.size < size; more--) start();
  }

  return {
    read(html) {
      if (closed) return Promise.reject(new Error('the page reader was closed'));
      if (html.length > limits.maxChars) return Promise.resolve({ status: 'unreadable', reason: 'too_large' });
      return new Promise((resolve, reject) => {
        queue.push({ html, resolve, reject });
        dispatch();
      });
    },
    async ready() {
      while (threads.size < size) start();
      await Promise.all([...threads].map((thread) => thread.started));
    },
    async close() {
      closed = true;
      const running = [...threads];
      threads.clear();
      const error = new Error('the page reader was closed');
      for (const job of queue.splice(0)) job.reject(error);
      for (const thread of running) finish(thread)?.reject(error);
      await Promise.all(running.map((thread) => thread.worker.terminate()));
    },
  };
}

let processReader: PageReader | undefined;

/** Reads an article page on this process's reading threads (started at the first page), counting refusals. */
export async function readArticlePage(html: string): Promise<PageReading> {
  const reading = await (processReader ??= createPageReader()).read(html);
  if (reading.status === 'unreadable') pagesUnreadable.inc({ reason: reading.reason });
  return reading;
}
