/** The answer of a rate limiter: admitted, or refused until `retryAfterSeconds` from now. */
export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets are swept of the idle (full again) ones after this many keys. */
const SWEEP_AT = 10_000;

/**
 * One token bucket per key: `perMinute` tokens flow in evenly, up to `burst`; each call takes one.
 * In memory, so the limit holds per server process (one process serves every door).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  take(key: string): Admission {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updatedAt: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.updatedAt) * this.perMs);
    bucket.updatedAt = now;
    if (!this.buckets.has(key)) {
      if (this.buckets.size >= SWEEP_AT) this.sweep(now);
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { admitted: true };
    }
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000)) };
  }

  /** Forgets the buckets that have filled up again: a new one would be the same. */
  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * this.perMs >= this.burst) this.buckets.delete(key);
    }
  }
}
