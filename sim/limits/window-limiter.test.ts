import { describe, expect, it } from 'vitest';
import { WindowLimiter } from './window-limiter.js';

describe('WindowLimiter', () => {
  it('counts down within a window and refuses past the limit until the window ends', () => {
    let now = 10_000;
    const limiter = new WindowLimiter(() => now);
    const remaining = [1, 2, 3].map(() => limiter.take('uid:/v5/order/create', 2, 1000));
    expect(remaining.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(remaining[2]?.resetAt).toBe(11_000);
    now = 11_000;
    expect(limiter.take('uid:/v5/order/create', 2, 1000).allowed).toBe(true);
  });

  it('keeps separate budgets per key', () => {
    const limiter = new WindowLimiter(() => 0);
    limiter.take('a', 1, 1000);
    expect(limiter.take('b', 1, 1000).allowed).toBe(true);
    expect(limiter.take('a', 1, 1000).allowed).toBe(false);
  });

  it('weighs a batch by its size', () => {
    const limiter = new WindowLimiter(() => 0);
    expect(limiter.take('k', 300, 2000, 299).remaining).toBe(1);
    expect(limiter.take('k', 300, 2000, 2).allowed).toBe(false);
  });
});
