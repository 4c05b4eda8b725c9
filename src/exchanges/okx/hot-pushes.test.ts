import { describe, expect, it } from 'vitest';
import { expectCheckAsStrictAsSchema } from '../transport/push-guards.test-helper';
import { OKX_HOT_CHECKS, OKX_HOT_SCHEMAS, readOkxBooks, readOkxPush, readOkxTickers } from './hot-pushes';

const bookPush = {
  arg: { channel: 'books', instId: 'BTC-USDT-SWAP' },
  action: 'update',
  data: [
    {
      asks: [['95000.1', '2', '0', '1']],
      bids: [['95000.0', '0', '0', '0']],
      ts: '1764000000000',
      checksum: -1881014294,
      seqId: 12,
      prevSeqId: 10,
    },
  ],
};
const tickerPush = {
  arg: { channel: 'tickers', instId: 'BTC-USDT-SWAP' },
  data: [
    { instType: 'SWAP', instId: 'BTC-USDT-SWAP', last: '95000.1', bidPx: '95000.0', ts: '1764000000000' },
  ],
};

describe('OKX hot pushes', () => {
  it('checks the envelope by hand no looser than its schema', () => {
    expectCheckAsStrictAsSchema(OKX_HOT_SCHEMAS.PushEnvelope, OKX_HOT_CHECKS.isPushEnvelope, readOkxPush, [
      bookPush,
      tickerPush,
      { arg: { channel: 'account', ccy: 'USDT', instType: 'ANY' }, data: [] },
    ]);
  });

  it('checks book data by hand no looser than its schema', () => {
    expectCheckAsStrictAsSchema(
      OKX_HOT_SCHEMAS.BookDataList,
      OKX_HOT_CHECKS.isBookDataList,
      (data) => readOkxBooks(data, 'books'),
      [bookPush.data, [{ asks: [], bids: [], ts: '1' }]],
    );
  });

  it('checks tickers by hand no looser than their schema', () => {
    expectCheckAsStrictAsSchema(OKX_HOT_SCHEMAS.OkxTickers, OKX_HOT_CHECKS.isTickerList, readOkxTickers, [
      tickerPush.data,
    ]);
  });

  it('names the bad field of a refused push, as the schema words it', () => {
    expect(() => readOkxBooks([{ asks: [['1', 2]], bids: [], ts: '1' }], 'books')).toThrow(
      /OKX books push did not match the documented shape at "0.asks.0.1"/,
    );
  });
});
