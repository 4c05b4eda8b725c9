import type { CandleInterval, StreamRequest } from '../exchange-types';
import type { InstrumentKind } from '../model';
import type { TopicRequest } from '../transport/socket-types';
import { isAccountRequest, type StreamTopic } from '../stream-router';
import { createNameTable } from '../name-table';
import type { OkxSocketKey } from './hosts';
import { okxSocketKeyForChannel } from './streams';
import { OKX_KINDS, okxInstFamily } from './vocabulary';

/**
 * OKX bars for the neutral intervals. From 6 hours up OKX's plain bars close on Hong Kong time; the
 * `utc` ones close at 00:00 UTC like Bybit's.
 * https://www.okx.com/docs-v5/en/#order-book-trading-market-data-ws-candlesticks-channel
 */
export const OKX_BARS = createNameTable<CandleInterval, string>('OKX', 'candle interval', {
  '1m': '1m',
  '3m': '3m',
  '5m': '5m',
  '15m': '15m',
  '30m': '30m',
  '1h': '1H',
  '2h': '2H',
  '4h': '4H',
  '6h': '6Hutc',
  '12h': '12Hutc',
  '1d': '1Dutc',
  '1w': '1Wutc',
  '1M': '1Mutc',
});

/** Private channels take every instrument type the account trades: instType ANY. */
const ACCOUNT_CHANNELS = {
  orders: [{ topic: 'orders', payload: { instType: 'ANY' } }],
  // Fills arrive on the orders channel: an order push with a trade id is the fill.
  executions: [{ topic: 'orders', payload: { instType: 'ANY' } }],
  positions: [{ topic: 'positions', payload: { instType: 'ANY' } }],
  balances: [{ topic: 'account' }],
  // Stops and targets are algo orders; trailing stops are on algo-advance. Both live on /business.
  protection: [
    { topic: 'orders-algo', payload: { instType: 'ANY' } },
    { topic: 'algo-advance', payload: { instType: 'ANY' } },
  ],
} as const;

function on(topics: readonly TopicRequest[], candleInterval?: string): StreamTopic<OkxSocketKey> {
  return {
    // Every topic of one request lives on one socket: the first names it.
    key: okxSocketKeyForChannel(topics[0]?.topic ?? ''),
    topics,
    ...(candleInterval === undefined ? {} : { candleInterval }),
  };
}

/**
 * OKX splits what Bybit sends as one ticker over channels, which the parser merges into one quote:
 * contracts add their mark price, perpetuals their funding rate, options their family's greeks and
 * mark IV (opt-summary, by family).
 */
function quoteTopics(kind: InstrumentKind, instId: string): TopicRequest[] {
  const id = { instId };
  const tickers = { topic: 'tickers', payload: id };
  const mark = { topic: 'mark-price', payload: id };
  switch (kind) {
    case 'spot':
    case 'margin':
      return [tickers];
    case 'perpetual':
      return [tickers, mark, { topic: 'funding-rate', payload: id }];
    case 'future':
      return [tickers, mark];
    case 'option':
      return [tickers, mark, { topic: 'opt-summary', payload: { instFamily: okxInstFamily(instId) } }];
  }
}

/** The OKX channel of a model stream request (docs/protocol.md "OKX pushes"). */
export function okxStreamTopic(request: StreamRequest): StreamTopic<OkxSocketKey> {
  if (isAccountRequest(request)) return on(ACCOUNT_CHANNELS[request.kind]);
  // An instId names the instrument fully, but a kind OKX lacks is still refused, not ignored.
  OKX_KINDS.theirs(request.instrument.kind);
  const instId = { instId: request.instrument.symbol };
  switch (request.kind) {
    case 'quote':
      return on(quoteTopics(request.instrument.kind, request.instrument.symbol));
    case 'trades':
      return on([{ topic: 'trades', payload: instId }]);
    case 'book':
      // The 400-level book with checksums: the parser verifies every update.
      return on([{ topic: 'books', payload: instId }]);
    case 'candles': {
      const bar = OKX_BARS.theirs(request.interval);
      return on([{ topic: `candle${bar}`, payload: instId }], bar);
    }
  }
}
