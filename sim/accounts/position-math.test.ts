import { describe, expect, it } from 'vitest';
import { applyFillToPosition, unrealisedPnl } from './position-math.js';

describe('applyFillToPosition', () => {
  it('opens a position at the fill price', () => {
    expect(applyFillToPosition(0, 0, 2, 100)).toEqual({ size: 2, avgPx: 100, realised: 0, closed: 0 });
  });

  it('grows a position at the size-weighted average entry', () => {
    const grown = applyFillToPosition(2, 100, 2, 110);
    expect(grown.size).toBe(4);
    expect(grown.avgPx).toBe(105);
  });

  it('reduces a long and realises the gain, keeping the entry', () => {
    expect(applyFillToPosition(4, 105, -1, 115)).toEqual({ size: 3, avgPx: 105, realised: 10, closed: 1 });
  });

  it('closes a short and realises a loss when the price rose', () => {
    expect(applyFillToPosition(-2, 100, 2, 110)).toEqual({ size: 0, avgPx: 0, realised: -20, closed: 2 });
  });

  it('flips a long into a short at the fill price', () => {
    expect(applyFillToPosition(1, 100, -3, 90)).toEqual({ size: -2, avgPx: 90, realised: -10, closed: 1 });
  });

  it('sums 0.1 steps without float noise', () => {
    expect(applyFillToPosition(0.1, 10, 0.2, 10).size).toBe(0.3);
  });
});

describe('unrealisedPnl', () => {
  it('is positive for a short when the mark falls', () => {
    expect(unrealisedPnl(-2, 100, 90)).toBe(20);
  });
});
