import { TokenBuckets } from './token-bucket';

describe('TokenBuckets', () => {
  it('admits a burst, then one call per refill interval, and says how long to wait', () => {
    let now = 0;
    const buckets = new TokenBuckets(60, 3, () => now);
    expect([1, 2, 3].map(() => buckets.take('ana'))).toEqual([{ admitted: true }, { admitted: true }, { admitted: true }]);
    expect(buckets.take('ana')).toEqual({ admitted: false, retryAfterSeconds: 1 });
    now = 999;
    expect(buckets.take('ana')).toEqual({ admitted: false, retryAfterSeconds: 1 });
    now = 1000;
    expect(buckets.take('ana')).toEqual({ admitted: true });
    expect(buckets.take('ana')).toEqual({ admitted: false, retryAfterSeconds: 1 });
  });

  it('keeps one bucket per key and never fills one past its burst', () => {
    let now = 0;
    const buckets = new TokenBuckets(6, 2, () => now);
    expect(buckets.take('ana')).toEqual({ admitted: true });
    expect(buckets.take('ana')).toEqual({ admitted: true });
    expect(buckets.take('ana')).toEqual({ admitted: false, retryAfterSeconds: 10 });
    expect(buckets.take('bo')).toEqual({ admitted: true });
    now = 3_600_000;
    expect([1, 2, 3].map(() => buckets.take('ana').admitted)).toEqual([true, true, false]);
  });
});
