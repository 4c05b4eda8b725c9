import { describe, expect, it } from 'vitest';
import type { InProcessResult } from './results';
import { verifyInProcess } from './verify';

const result = (
  impl: InProcessResult['impl'],
  bestBid: string | undefined,
  delivered = 10,
  mix: InProcessResult['mix'] = 'recorded',
): InProcessResult => ({
  impl,
  exchange: 'bybit',
  mix,
  frames: 10,
  count: { books: 5, tickers: 5 },
  passes: [
    { cpu: 1, wall: 1, delivered: 10 },
    { cpu: 1, wall: 1, delivered },
  ],
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

  it('names an implementation that delivered less than a frame each in any pass', () => {
    expect(verifyInProcess([result('sdk', undefined, 9)])).toEqual([
      'bybit recorded sdk delivered 9 in a pass of 10 frames',
    ]);
  });

  it('names books that disagree within one mix, and compares no book across mixes', () => {
    expect(verifyInProcess([result('perch', '2'), result('ccxt.pro', '1')])).toEqual([
      'bybit recorded books disagree on the best bid: perch 2, ccxt.pro 1',
    ]);
    expect(
      verifyInProcess([result('perch', '2', 10, 'quotes'), result('ccxt.pro', '1', 10, 'books')]),
    ).toEqual([]);
  });

  it('expects no book from ticker frames alone', () => {
    const tickersOnly = { ...result('perch', undefined, 10, 'tickers'), count: { books: 0, tickers: 10 } };
    expect(verifyInProcess([tickersOnly])).toEqual([]);
  });
});
