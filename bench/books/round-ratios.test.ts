import { describe, expect, it } from 'vitest';
import { interleaveRounds } from './round-ratios';

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
