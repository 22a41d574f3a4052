import type { PageUnreadable } from '../../shared/coverage.js';
import { articleText } from './feed-items.js';
import { pageTooBig, type ShapeLimits } from './page-shape.js';

/** What reading an article page gave: its article, no article in it, or why it was not read. */
export type PageReading =
  | { status: 'read'; article: NonNullable<ReturnType<typeof articleText>> }
  | { status: 'no_article' }
  | { status: 'unreadable'; reason: PageUnreadable };

/** Reads a page on the reading thread (page-thread.mjs): its shape first, then Readability when it fits. */
export function readPage(html: string, limits: ShapeLimits): PageReading {
  const tooBig = pageTooBig(html, limits);
  if (tooBig) return { status: 'unreadable', reason: tooBig };
  const article = articleText(html);
  return article ? { status: 'read', article } : { status: 'no_article' };
}
