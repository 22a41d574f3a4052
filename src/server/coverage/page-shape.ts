import { Parser } from 'htmlparser2';
import type { PageUnreadable } from '../../shared/coverage.js';

/**
 * How big the document an HTML page would build is, measured by a streaming tokenizer (htmlparser2, the
 * parser linkedom builds its documents with) before any document exists. Readability's time grows with
 * depth faster than with size: 1,500 nested <div>s (17 KB) took a minute; an ordinary 2 MB page, 35,000
 * elements, four seconds and 130 MB.
 */

export type ShapeLimits = { maxDepth: number; maxElements: number };

class TooBig extends Error {
  constructor(readonly reason: PageUnreadable) {
    super(reason);
  }
}

/** Why a page is too big to read (nesting too deep, too many elements), or null when it is not. */
export function pageTooBig(html: string, limits: ShapeLimits): PageUnreadable | null {
  let depth = 0;
  let elements = 0;
  const parser = new Parser({
    onopentag() {
      if (++depth > limits.maxDepth) throw new TooBig('too_deep');
      if (++elements > limits.maxElements) throw new TooBig('too_many_elements');
    },
    onclosetag() {
      depth--;
    },
  });
  try {
    parser.end(html);
  } catch (error) {
    if (error instanceof TooBig) return error.reason;
    throw error;
  }
  return null;
}
