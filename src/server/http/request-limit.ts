import { AppError } from './errors.js';
import { errorText } from '../../shared/error-codes.js';

/**
 * Per-user limits of cheap but abusable actions (searching the media database, duplicating a release, saving
 * a draft). Counted in the memory of each web process: these limits protect the process and its database
 * from one account's loop, so a generous limit per process is enough, and a database write per search would
 * cost more than the search. Account endpoints, whose limits are about guessing, count in the database
 * instead (common/rate-limit.ts).
 */

export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', errorText('RATE_LIMITED'));
  }
}

export type RequestLimiter = {
  /** Counts one request of `key`; throws a 429 (with the seconds to wait) once the window's limit is used up. */
  take(key: string, now?: number): void;
};

/** A sliding window of `limit` requests per `windowMs` for each key. */
export function createRequestLimiter(limit: number, windowMs: number): RequestLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;

  function sweep(now: number): void {
    // Forget keys idle for a whole window, so the map holds only recently active users.
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of hits) if (times[times.length - 1] <= now - windowMs) hits.delete(key);
  }

  return {
    take(key, now = Date.now()) {
      sweep(now);
      const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
      if (times.length >= limit) {
        hits.set(key, times);
        throw new TooManyRequestsError(Math.max(1, Math.ceil((times[0] + windowMs - now) / 1000)));
      }
      times.push(now);
      hits.set(key, times);
    },
  };
}
