import type { CandleInterval, MarketStreamRequest, StreamRequest } from '../exchange-types';
import { createNameTable } from '../name-table';
import { isAccountRequest, type StreamTopic } from '../stream-router';
import type { BybitSocketKey } from './hosts';
import type { BybitInstruments } from './instruments';
import type { BybitCategory } from './rest-api';
import { bybitSocketKeyForTopic } from './streams';
import { bybitCategoryOf } from './vocabulary';

/** Bybit kline intervals for the neutral ones (docs/protocol.md "Bybit pushes"). */
export const BYBIT_INTERVALS = createNameTable<CandleInterval, string>('Bybit', 'candle interval', {
  '1m': '1',
  '3m': '3',
  '5m': '5',
  '15m': '15',
  '30m': '30',
  '1h': '60',
  '2h': '120',
  '4h': '240',
  '6h': '360',
  '12h': '720',
  '1d': 'D',
  '1w': 'W',
  '1M': 'M',
});

/** Private topics in their all-categories form: one subscription covers every kind the account holds. */
const ACCOUNT_TOPICS = {
  orders: ['order'],
  executions: ['execution'],
  positions: ['position'],
  balances: ['wallet'],
  // Full-mode stops and targets ride on the position; Partial ones and fired ones are orders.
  protection: ['position', 'order'],
} as const;

/** Book depths that verify with update ids: 50 levels, options 25 (the option stream has no 50). */
const bookDepth = (category: BybitCategory): number => (category === 'option' ? 25 : 50);

function on(topic: string, category?: BybitCategory, candleInterval?: string): StreamTopic<BybitSocketKey> {
  const request = category === undefined ? { topic } : { topic, payload: { category } };
  return {
    key: bybitSocketKeyForTopic(request),
    topics: [request],
    ...(candleInterval === undefined ? {} : { candleInterval }),
  };
}

function onPrivate(topics: readonly string[]): StreamTopic<BybitSocketKey> {
  const requests = topics.map((topic) => ({ topic }));
  return { key: bybitSocketKeyForTopic(requests[0] ?? { topic: '' }), topics: requests };
}

function marketTopic(request: MarketStreamRequest, category: BybitCategory): StreamTopic<BybitSocketKey> {
  const symbol = request.instrument.symbol;
  switch (request.kind) {
    case 'quote':
      return on(`tickers.${symbol}`, category);
    case 'trades':
      return on(`publicTrade.${symbol}`, category);
    case 'book':
      return on(`orderbook.${bookDepth(category)}.${symbol}`, category);
    case 'candles': {
      const interval = BYBIT_INTERVALS.theirs(request.interval);
      return on(`kline.${interval}.${symbol}`, category, interval);
    }
  }
}

/**
 * The Bybit topic of a model stream request. Public topics live on the socket of their category; a
 * perpetual or future given without its contract type waits for the instrument lists to say which.
 */
export function bybitStreamTopic(
  request: StreamRequest,
  instruments: BybitInstruments,
): StreamTopic<BybitSocketKey> | Promise<StreamTopic<BybitSocketKey>> {
  if (isAccountRequest(request)) return onPrivate(ACCOUNT_TOPICS[request.kind]);
  const category = bybitCategoryOf(request.instrument);
  if (category !== undefined) return marketTopic(request, category);
  return instruments.categoryOf(request.instrument).then((found) => marketTopic(request, found));
}
