/**
 * SEND_RATE: messages per second for this worker process, with a burst of one second's worth.
 * A rate of 0 means no limit.
 */
export class TokenBucket {
  private tokens: number;
  private last = Date.now();

  constructor(private readonly ratePerSecond: number) {
    this.tokens = Math.max(1, ratePerSecond);
  }

  /** Resolves when a message may be sent. */
  async take(): Promise<void> {
    if (this.ratePerSecond <= 0) return;
    for (;;) {
      this.refill();
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      const waitMs = Math.ceil(((1 - this.tokens) / this.ratePerSecond) * 1000);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  private refill(): void {
    const now = Date.now();
    const capacity = Math.max(1, this.ratePerSecond);
    this.tokens = Math.min(capacity, this.tokens + ((now - this.last) / 1000) * this.ratePerSecond);
    this.last = now;
  }
}
