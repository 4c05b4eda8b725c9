import { describe, expect, it } from 'vitest';
import type { StreamRequest } from '../exchange-types';
import { okxStreamTopic } from './stream-requests';

const swap = { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

describe('OKX stream requests', () => {
  it.each<[string, StreamRequest, object]>([
    [
      'quote',
      { kind: 'quote', instrument: swap },
      {
        key: 'public',
        topics: [
          { topic: 'tickers', payload: { instId: 'BTC-USDT-SWAP' } },
          { topic: 'mark-price', payload: { instId: 'BTC-USDT-SWAP' } },
          { topic: 'funding-rate', payload: { instId: 'BTC-USDT-SWAP' } },
        ],
      },
    ],
    [
      'spot quote (no mark, no funding)',
      { kind: 'quote', instrument: { kind: 'spot', symbol: 'BTC-USDT' } },
      { key: 'public', topics: [{ topic: 'tickers', payload: { instId: 'BTC-USDT' } }] },
    ],
    [
      "option quote (greeks from its family's summary)",
      { kind: 'quote', instrument: { kind: 'option', symbol: 'BTC-USD-261225-60000-C' } },
      {
        key: 'public',
        topics: [
          { topic: 'tickers', payload: { instId: 'BTC-USD-261225-60000-C' } },
          { topic: 'mark-price', payload: { instId: 'BTC-USD-261225-60000-C' } },
          { topic: 'opt-summary', payload: { instFamily: 'BTC-USD' } },
        ],
      },
    ],
    [
      'book',
      { kind: 'book', instrument: swap },
      { key: 'public', topics: [{ topic: 'books', payload: { instId: 'BTC-USDT-SWAP' } }] },
    ],
    [
      'trades',
      { kind: 'trades', instrument: swap },
      { key: 'public', topics: [{ topic: 'trades', payload: { instId: 'BTC-USDT-SWAP' } }] },
    ],
    [
      'hourly candles',
      { kind: 'candles', instrument: swap, interval: '1h' },
      {
        key: 'business',
        topics: [{ topic: 'candle1H', payload: { instId: 'BTC-USDT-SWAP' } }],
        candleInterval: '1H',
      },
    ],
    [
      'daily candles (closing on UTC days)',
      { kind: 'candles', instrument: swap, interval: '1d' },
      {
        key: 'business',
        topics: [{ topic: 'candle1Dutc', payload: { instId: 'BTC-USDT-SWAP' } }],
        candleInterval: '1Dutc',
      },
    ],
    [
      'orders',
      { kind: 'orders' },
      { key: 'private', topics: [{ topic: 'orders', payload: { instType: 'ANY' } }] },
    ],
    [
      'executions (fills ride on orders)',
      { kind: 'executions' },
      { key: 'private', topics: [{ topic: 'orders', payload: { instType: 'ANY' } }] },
    ],
    [
      'positions',
      { kind: 'positions' },
      { key: 'private', topics: [{ topic: 'positions', payload: { instType: 'ANY' } }] },
    ],
    ['balances', { kind: 'balances' }, { key: 'private', topics: [{ topic: 'account' }] }],
  ])('turns %s into its channel and socket', (_what, request, expected) => {
    expect(okxStreamTopic(request)).toEqual(expected);
  });
});
