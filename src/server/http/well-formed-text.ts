import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

/**
 * JSON can carry half of a UTF-16 pair ("\ud800"): such a string cannot be stored as text or written
 * into mail, and failed deep inside a write as a 500. Every parsed body and query is checked once here,
 * before any route sees it, so each text input is refused alike as a 422.
 */

export const ILL_FORMED_TEXT_MESSAGE = 'Text contains characters that are not valid Unicode';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Visit = { value: unknown; key: string | null; parent: Visit | null };

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The path of the first ill-formed string in parsed input (a key that is ill-formed names its parent),
 * or null. Iterative, with links to parents: a body may nest deeply.
 */
export function illFormedTextPath(input: unknown): string | null {
  const pending: Visit[] = [{ value: input, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return pathOf(visit);
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (LONE_SURROGATE.test(key)) return pathOf(visit);
        pending.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

export function refuseIllFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = illFormedTextPath(request.body) ?? illFormedTextPath(request.query);
    if (path !== null) throw validationFailed([{ path, message: ILL_FORMED_TEXT_MESSAGE }]);
  });
}
