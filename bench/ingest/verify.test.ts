import { describe, expect, it } from 'vitest';
import type { InProcessResult } from './results';
import { verifyInProcess } from './verify';

const result = (
  impl: InProcessResult['impl'],
  bestBid: string | undefined,
  delivered = 10,
): InProcessResult => ({
  impl,
  exchange: 'bybit',
  frames: 10,
  passes: [1],
  wallPasses: [1],
  deliveredPerPass: delivered,
  bestBid,
});

describe('verifyInProcess', () => {
  it('accepts books that agree on the best bid as numbers, and a delivery per frame', () => {
    expect(
      verifyInProcess([
        result('perch', '67369.50'),
        result('ccxt.pro', '67369.5'),
        result('JSON.parse', undefined),
      ]),
    ).toEqual([]);
  });

  it('names an implementation that delivered less than a frame each', () => {
    expect(verifyInProcess([result('sdk', undefined, 9)])).toEqual([
      'bybit sdk delivered 9 per pass of 10 frames',
    ]);
  });

  it('names books that disagree', () => {
    expect(verifyInProcess([result('perch', '2'), result('ccxt.pro', '1')])).toEqual([
      'bybit books disagree on the best bid: perch 2, ccxt.pro 1',
    ]);
  });
});
