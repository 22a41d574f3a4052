import { describe, expect, it } from 'vitest';
import { createRequestLimiter, TooManyRequestsError } from './request-limit.js';

describe('per-user request limiter', () => {
  it('allows the limit within a window, refuses the next with the seconds to wait, and frees up as the window slides', () => {
    const limiter = createRequestLimiter(3, 60_000);
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) limiter.take('u1', start + i * 1000);
    let refused: unknown;
    try {
      limiter.take('u1', start + 5000);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).status).toBe(429);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(55);
    // Another user is not affected.
    expect(() => limiter.take('u2', start + 5000)).not.toThrow();
    // The first request leaves the window after 60 s: one more is allowed, then refused again.
    expect(() => limiter.take('u1', start + 60_001)).not.toThrow();
    expect(() => limiter.take('u1', start + 60_002)).toThrow(TooManyRequestsError);
  });

  it('refused requests do not extend the wait', () => {
    const limiter = createRequestLimiter(1, 10_000);
    limiter.take('u', 0);
    for (let t = 1000; t < 10_000; t += 1000)
      expect(() => limiter.take('u', t)).toThrow(TooManyRequestsError);
    expect(() => limiter.take('u', 10_001)).not.toThrow();
  });
});
