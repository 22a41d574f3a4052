import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { shouldRetryQuery, staleTimeFor } from './query-client';

const MINUTE = 60_000;

describe('SPEC §9 freshness', () => {
  it.each([
    [['/api/auth/session'], 5 * MINUTE],
    [['/api/global-contacts', { page: 2 }], 2 * MINUTE],
    [['/api/user-lists'], 5 * MINUTE],
    [['/api/user-lists/abc/contacts'], 5 * MINUTE],
    [['/api/analytics/dashboard'], 5 * MINUTE],
    [['/api/press-releases'], 2 * MINUTE],
    [['/api/contacts'], 30 * MINUTE],
    [['/api/campaigns'], 5 * MINUTE],
    [['/api/subscription/status'], 2 * MINUTE],
    [['not-an-api-path'], 30_000],
    [[42], 30_000],
  ])('keeps %j fresh for %i ms', (key, staleTime) => {
    expect(staleTimeFor(key)).toBe(staleTime);
  });
});

describe('read retries', () => {
  it('retries a network or server fault twice, then gives up', () => {
    const fault = new ApiError(500, 'SERVER_ERROR', 'Server error occurred');
    expect([0, 1, 2].map((count) => shouldRetryQuery(count, fault))).toEqual([true, true, false]);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('never retries an answer that will not change: 401, 403, 404', () => {
    for (const status of [401, 403, 404])
      expect(shouldRetryQuery(0, new ApiError(status, 'X', 'x'))).toBe(false);
  });
});
