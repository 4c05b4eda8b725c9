import { describe, expect, it } from 'vitest';
import { expectCheckAsStrictAsSchema } from '../transport/push-guards.test-helper';
import {
  BYBIT_HOT_CHECKS,
  BYBIT_HOT_SCHEMAS,
  readBybitBook,
  readBybitPublicPush,
  readBybitTicker,
} from './hot-pushes';

const book = { s: 'BTCUSDT', b: [['95000.0', '1.2']], a: [['95000.1', '0']], u: 1201, seq: 7700 };
const ticker = { symbol: 'BTCUSDT', bid1Price: '95000.0', ask1Size: '2.1', markPriceIv: '0.5' };

describe('Bybit hot pushes', () => {
  it('checks the public envelope by hand no looser than its schema', () => {
    expectCheckAsStrictAsSchema(
      BYBIT_HOT_SCHEMAS.PublicEnvelope,
      BYBIT_HOT_CHECKS.isPublicEnvelope,
      readBybitPublicPush,
      [
        { topic: 'orderbook.200.BTCUSDT', type: 'delta', ts: 1764000000000, data: book, cts: 1 },
        { topic: 'tickers.BTCUSDT', ts: 1764000000000, data: ticker },
      ],
    );
  });

  it('checks book data by hand no looser than its schema', () => {
    expectCheckAsStrictAsSchema(BYBIT_HOT_SCHEMAS.BookData, BYBIT_HOT_CHECKS.isBookData, readBybitBook, [
      book,
    ]);
  });

  it('checks a ticker by hand no looser than its schema', () => {
    expectCheckAsStrictAsSchema(BYBIT_HOT_SCHEMAS.BybitTicker, BYBIT_HOT_CHECKS.isTicker, readBybitTicker, [
      ticker,
      { symbol: 'BTCUSDT' },
    ]);
  });

  it('names the bad field of a refused push, as the schema words it', () => {
    expect(() => readBybitBook({ ...book, u: '1201' })).toThrow(
      /Bybit orderbook push did not match the documented shape at "u"/,
    );
  });
});
