import { describe, expect, it } from 'vitest';
import { countMix, describeMix, frameKind, interleave, mixFrames, quoteHeavy, repeatedTo } from './frame-mix';

const okxBook = (n: number) =>
  `{"arg":{"channel":"books","instId":"BTC-USDT-SWAP"},"data":[{"seqId":${String(n)}}]}`;
const okxTicker = (n: number) =>
  `{"arg":{"channel":"tickers","instId":"BTC-USDT-SWAP"},"data":[{"last":"${String(n)}"}]}`;
const bybitBook = '{"topic":"orderbook.50.BTCUSDT","type":"delta","data":{}}';
const bybitTicker = '{"topic":"tickers.BTCUSDT","type":"delta","data":{}}';

describe('frameKind and countMix', () => {
  it('tell book frames from ticker frames on both exchanges', () => {
    expect([okxBook(1), okxTicker(1), bybitBook, bybitTicker].map(frameKind)).toEqual([
      'book',
      'ticker',
      'book',
      'ticker',
    ]);
    expect(countMix([okxBook(1), okxBook(2), bybitTicker])).toEqual({ books: 2, tickers: 1 });
  });

  it('refuses a frame that is neither', () => {
    expect(() => frameKind('{"arg":{"channel":"trades"},"data":[]}')).toThrow(/not a book or ticker/);
  });

  it('words the mix in whole per cent', () => {
    expect(describeMix({ books: 1, tickers: 3 })).toBe('25 % book frames, 75 % ticker frames');
  });
});

describe('interleave', () => {
  it('spreads the books evenly and keeps each list in its order', () => {
    expect(interleave(['b1', 'b2'], ['t1', 't2', 't3', 't4', 't5', 't6'])).toEqual([
      't1',
      't2',
      't3',
      'b1',
      't4',
      't5',
      't6',
      'b2',
    ]);
  });
});

describe('quoteHeavy', () => {
  it('keeps every ticker and the first books, four tickers to a book', () => {
    const books = Array.from({ length: 10 }, (_, i) => `b${String(i)}`);
    const tickers = Array.from({ length: 8 }, (_, i) => `t${String(i)}`);
    const mixed = quoteHeavy(books, tickers, 0.8);
    expect(mixed.filter((frame) => frame.startsWith('b'))).toEqual(['b0', 'b1']);
    expect(mixed.filter((frame) => frame.startsWith('t'))).toEqual(tickers);
  });

  it('cuts the tickers when there are too few books for the share', () => {
    const mixed = quoteHeavy(
      ['b0'],
      Array.from({ length: 9 }, (_, i) => `t${String(i)}`),
      0.8,
    );
    expect(mixed).toEqual(['t0', 't1', 't2', 't3', 'b0']);
  });
});

describe('repeatedTo and mixFrames', () => {
  it('repeats a sequence whole, at least once', () => {
    expect(repeatedTo(['a', 'b'], 4)).toEqual(['a', 'b', 'a', 'b']);
    expect(repeatedTo(['a', 'b'], 5)).toHaveLength(6);
    expect(repeatedTo(['a', 'b', 'c'], 1)).toEqual(['a', 'b', 'c']);
  });

  it('cuts each mix from the recording, the recorded one as it is', () => {
    const pushes = [okxBook(1), okxTicker(1), okxBook(2), okxTicker(2)];
    expect(mixFrames(pushes, 'recorded')).toEqual(pushes);
    expect(mixFrames(pushes, 'books')).toEqual([okxBook(1), okxBook(2), okxBook(1), okxBook(2)]);
    expect(countMix(mixFrames(pushes, 'tickers'))).toEqual({ books: 0, tickers: 4 });
  });
});
