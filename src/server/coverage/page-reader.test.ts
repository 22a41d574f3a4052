import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crowdedPage, deeplyNestedPage, longPage, normalArticle } from '../test/hostile-pages.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createPageReader, PAGE_LIMITS, type PageReader } from './page-reader.js';

/**
 * Article pages are read on threads of their own under hard limits (issue 24): hostile pages are
 * refused with their reason, and the thread that answers requests keeps answering while a page is read.
 */

let reader: PageReader;
let t: TestApp;

beforeAll(async () => {
  reader = createPageReader();
  t = await createTestApp();
});

afterAll(async () => {
  await reader.close();
  await t.close();
});

describe('reading article pages', () => {
  it('reads a normal article: its headline, text, site and date', async () => {
    const reading = await reader.read(normalArticle());
    expect(reading.status).toBe('read');
    if (reading.status !== 'read') return;
    expect(reading.article.title).toContain('Gulf Robotics opens a plant in Dubai');
    expect(reading.article.text).toContain('creating 300 jobs');
    expect(reading.article.siteName).toBe('The Gulf Ledger');
    expect(reading.article.publishedAt?.toISOString()).toBe('2026-11-20T08:00:00.000Z');
  });

  it('refuses 1,500 nested elements, 4.9 MB of HTML and a page of too many elements, each with its reason', async () => {
    expect(await reader.read(deeplyNestedPage(1500))).toEqual({ status: 'unreadable', reason: 'too_deep' });
    expect(await reader.read(longPage(4.9 * 1024 * 1024))).toEqual({ status: 'unreadable', reason: 'too_large' });
    expect(await reader.read(crowdedPage(PAGE_LIMITS.maxElements + 2))).toEqual({ status: 'unreadable', reason: 'too_many_elements' });
    // Within the limits, the same shapes read.
    expect((await reader.read(deeplyNestedPage(PAGE_LIMITS.maxDepth - 10))).status).toBe('read');
  });

  it('stops a page that takes longer than allowed, answers requests meanwhile, and reads the next page on a new thread', async () => {
    // Without the depth limit, 1,500 nested elements keep Readability busy for far longer than a second.
    const slow = createPageReader({ limits: { maxDepth: 100_000, timeMs: 1000 }, threads: 1 });
    try {
      await slow.ready();
      const order: string[] = [];
      const reading = slow.read(deeplyNestedPage(1500)).then((result) => {
        order.push('page read');
        return result;
      });
      await new Promise((resolve) => setImmediate(resolve));
      order.push('tick');
      const health = await t.request({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      order.push('/healthz answered');
      expect(await reading).toEqual({ status: 'unreadable', reason: 'too_slow' });
      expect(order).toEqual(['tick', '/healthz answered', 'page read']);
      expect((await slow.read(normalArticle())).status).toBe('read');
    } finally {
      await slow.close();
    }
  });

  it('stops a page that needs more memory than allowed, and reads the next page on a new thread', async () => {
    // Only the memory limit can stop it: time without end, and room for 8 MB of HTML in a 64 MB heap.
    const small = createPageReader({ limits: { memoryMb: 64, maxChars: 10_000_000, maxElements: 10_000_000, timeMs: 3_600_000 }, threads: 1 });
    try {
      expect(await small.read(longPage(8_000_000))).toEqual({ status: 'unreadable', reason: 'too_much_memory' });
      expect((await small.read(normalArticle())).status).toBe('read');
    } finally {
      await small.close();
    }
    // Parsing 8 MB until the heap runs out is real work: seconds on a quiet machine, more on a busy one.
  }, 120_000);
});
