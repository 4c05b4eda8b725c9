import { describe, expect, it } from 'vitest';
import type { StreamRequest } from '../exchange-types';
import type { Instrument, InstrumentRef } from '../model';
import type { BybitInstruments } from './instruments';
import { bybitStreamTopic } from './stream-requests';

const linear = { kind: 'perpetual', symbol: 'BTCUSDT', contractType: 'linear' } as const;
const option = { kind: 'option', symbol: 'BTC-25DEC26-66000-C' } as const;

/** Instrument lists where only BTCUSD is inverse; the lookups are counted. */
function lists(): BybitInstruments & { lookups: InstrumentRef[] } {
  const lookups: InstrumentRef[] = [];
  return {
    lookups,
    ofCategory: () => Promise.resolve([] as Instrument[]),
    categoryOf: (ref) => {
      lookups.push(ref);
      return Promise.resolve(ref.symbol === 'BTCUSD' ? 'inverse' : 'linear');
    },
  };
}

describe('Bybit stream requests', () => {
  it.each<[string, StreamRequest, object]>([
    [
      'quote',
      { kind: 'quote', instrument: linear },
      { key: 'linearPublic', topics: [{ topic: 'tickers.BTCUSDT', payload: { category: 'linear' } }] },
    ],
    [
      'book',
      { kind: 'book', instrument: linear },
      { key: 'linearPublic', topics: [{ topic: 'orderbook.50.BTCUSDT', payload: { category: 'linear' } }] },
    ],
    [
      'option book (25 levels)',
      { kind: 'book', instrument: option },
      {
        key: 'optionPublic',
        topics: [{ topic: `orderbook.25.${option.symbol}`, payload: { category: 'option' } }],
      },
    ],
    [
      'spot trades',
      { kind: 'trades', instrument: { kind: 'spot', symbol: 'BTCUSDT' } },
      { key: 'spotPublic', topics: [{ topic: 'publicTrade.BTCUSDT', payload: { category: 'spot' } }] },
    ],
    [
      'hourly candles',
      { kind: 'candles', instrument: linear, interval: '1h' },
      {
        key: 'linearPublic',
        topics: [{ topic: 'kline.60.BTCUSDT', payload: { category: 'linear' } }],
        candleInterval: '60',
      },
    ],
    ['orders', { kind: 'orders' }, { key: 'private', topics: [{ topic: 'order' }] }],
    ['executions', { kind: 'executions' }, { key: 'private', topics: [{ topic: 'execution' }] }],
    ['positions', { kind: 'positions' }, { key: 'private', topics: [{ topic: 'position' }] }],
    ['balances', { kind: 'balances' }, { key: 'private', topics: [{ topic: 'wallet' }] }],
  ])('turns %s into its topic and socket without a lookup', (_what, request, expected) => {
    const instruments = lists();
    expect(bybitStreamTopic(request, instruments)).toEqual(expected);
    expect(instruments.lookups).toEqual([]);
  });

  it('asks the instrument lists whether a perpetual without its contract type is linear or inverse', async () => {
    const instruments = lists();
    const inverse = { kind: 'perpetual', symbol: 'BTCUSD' } as const;
    await expect(bybitStreamTopic({ kind: 'quote', instrument: inverse }, instruments)).resolves.toEqual({
      key: 'inversePublic',
      topics: [{ topic: 'tickers.BTCUSD', payload: { category: 'inverse' } }],
    });
    expect(instruments.lookups).toEqual([inverse]);
  });
});
