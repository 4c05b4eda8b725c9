import { describe, expect, it } from 'vitest';
import { ratioSpread, rotated } from './rounds';

describe('rotated', () => {
  it('starts each round one implementation later, so every one leads once in n rounds', () => {
    const order = ['perch', 'ccxt', 'json'];
    expect([0, 1, 2, 3].map((round) => rotated(order, round))).toEqual([
      ['perch', 'ccxt', 'json'],
      ['ccxt', 'json', 'perch'],
      ['json', 'perch', 'ccxt'],
      ['perch', 'ccxt', 'json'],
    ]);
    expect(rotated([], 3)).toEqual([]);
  });
});

describe('ratioSpread', () => {
  it('takes the ratio within each round, then its median and range', () => {
    // Round by round 2, 4 and 3: the slow second round slowed both sides alike in the first pair.
    expect(ratioSpread([200, 400, 150], [100, 100, 50])).toEqual({ median: 3, min: 2, max: 4, rounds: 3 });
  });

  it('skips rounds missing on either side, and is NaN with none', () => {
    expect(ratioSpread([10, 20], [5]).rounds).toBe(1);
    expect(ratioSpread([], []).median).toBeNaN();
  });
});
