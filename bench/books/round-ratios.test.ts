import { describe, expect, it } from 'vitest';
import { interleaveRounds, ratioSpread, speedRatios } from './round-ratios';

describe('ratioSpread', () => {
  it('gives the median of the per-round ratios and their min and max', () => {
    expect(ratioSpread([1.5, 0.9, 2.1, 1.2, 1.4])).toEqual({ median: 1.4, min: 0.9, max: 2.1 });
  });

  it('is NaN without rounds', () => {
    expect(ratioSpread([]).median).toBeNaN();
  });
});

describe('interleaveRounds', () => {
  it('runs every implementation once a round, the order rotated by one each round', () => {
    const order: string[] = [];
    const run = (name: string, time: number) => () => {
      order.push(name);
      return time;
    };
    const times = interleaveRounds({ a: run('a', 1), b: run('b', 2), c: run('c', 3) }, 4);
    expect(order.join('')).toBe('abcbcacababc');
    expect(times).toEqual({ a: [1, 1, 1, 1], b: [2, 2, 2, 2], c: [3, 3, 3, 3] });
  });
});

describe('speedRatios', () => {
  it('divides the reference time by the measured one, round by round', () => {
    expect(speedRatios([2, 4], [4, 2])).toEqual([2, 0.5]);
  });
});
