import { describe, expect, it } from 'vitest';
import type { StreamRequest } from '../exchange-types';
import { okxStreamTopic } from './stream-requests';

const swap = { kind: 'perpetual', symbol: 'BTC-USDT-SWAP' } as const;

describe('OKX stream requests', () => {
  it.each<[string, StreamRequest, object]>([
    [
      'quote',
      { kind: 'quote', instrument: swap },
      { key: 'public', topic: { topic: 'tickers', payload: { instId: 'BTC-USDT-SWAP' } } },
    ],
    [
      'book',
      { kind: 'book', instrument: swap },
      { key: 'public', topic: { topic: 'books', payload: { instId: 'BTC-USDT-SWAP' } } },
    ],
    [
      'trades',
      { kind: 'trades', instrument: swap },
      { key: 'public', topic: { topic: 'trades', payload: { instId: 'BTC-USDT-SWAP' } } },
    ],
    [
      'hourly candles',
      { kind: 'candles', instrument: swap, interval: '1h' },
      {
        key: 'business',
        topic: { topic: 'candle1H', payload: { instId: 'BTC-USDT-SWAP' } },
        candleInterval: '1H',
      },
    ],
    [
      'daily candles (closing on UTC days)',
      { kind: 'candles', instrument: swap, interval: '1d' },
      {
        key: 'business',
        topic: { topic: 'candle1Dutc', payload: { instId: 'BTC-USDT-SWAP' } },
        candleInterval: '1Dutc',
      },
    ],
    [
      'orders',
      { kind: 'orders' },
      { key: 'private', topic: { topic: 'orders', payload: { instType: 'ANY' } } },
    ],
    [
      'executions (fills ride on orders)',
      { kind: 'executions' },
      { key: 'private', topic: { topic: 'orders', payload: { instType: 'ANY' } } },
    ],
    [
      'positions',
      { kind: 'positions' },
      { key: 'private', topic: { topic: 'positions', payload: { instType: 'ANY' } } },
    ],
    ['balances', { kind: 'balances' }, { key: 'private', topic: { topic: 'account' } }],
  ])('turns %s into its channel and socket', (_what, request, expected) => {
    expect(okxStreamTopic(request)).toEqual(expected);
  });
});
