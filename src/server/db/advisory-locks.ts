/**
 * Every PostgreSQL advisory lock key the product takes, in one place so that no two unrelated jobs share one
 * (a shared key makes them wait for each other for nothing).
 */
export const ADVISORY_LOCKS = {
  /** Migrations at start: one instance migrates, the others wait (migrate.ts). */
  migrations: 727_274,
  /** Building the contact word index once on an existing database (contact-words.ts). */
  contactWords: 727_275,
  /** Sends to lists holding a journalist with a weekly cap or a digest (dispatch.service.ts). */
  cappedSends: 727_276,
  /** Claiming outlet feeds to poll (coverage/poller.ts). */
  feedClaims: 727_277,
  /**
   * The first of two keys (the second: a hash of what is counted) for counting a rate-limit allowance exactly,
   * one address at a time (rate-limit.ts takeAttemptIfAllowed: invitation mail). Two-key locks never meet the
   * one-key locks above.
   */
  rateLedger: 727_278,
} as const;
