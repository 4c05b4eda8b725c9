import type { CandleInterval, StreamRequest } from '../exchange-types';
import { isAccountRequest, type StreamTopic } from '../stream-hub';
import { createNameTable } from '../name-table';
import type { OkxSocketKey } from './hosts';
import { okxSocketKeyForChannel } from './streams';
import { OKX_KINDS } from './vocabulary';

/**
 * OKX bars for the neutral intervals. From 6 hours up OKX's plain bars close on Hong Kong time; the
 * `utc` ones close at 00:00 UTC like Bybit's (docs/protocol.md §7.1).
 */
const OKX_BARS = createNameTable<CandleInterval, string>('OKX', 'candle interval', {
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
  orders: { topic: 'orders', payload: { instType: 'ANY' } },
  // Fills arrive on the orders channel: an order push with a trade id is the fill.
  executions: { topic: 'orders', payload: { instType: 'ANY' } },
  positions: { topic: 'positions', payload: { instType: 'ANY' } },
  balances: { topic: 'account' },
} as const;

function on(topic: StreamTopic<OkxSocketKey>['topic'], candleInterval?: string): StreamTopic<OkxSocketKey> {
  return {
    key: okxSocketKeyForChannel(topic.topic),
    topic,
    ...(candleInterval === undefined ? {} : { candleInterval }),
  };
}

/** The OKX channel of a model stream request (docs/protocol.md §7.1). */
export function okxStreamTopic(request: StreamRequest): StreamTopic<OkxSocketKey> {
  if (isAccountRequest(request)) return on(ACCOUNT_CHANNELS[request.kind]);
  // An instId names the instrument fully, but a kind OKX lacks is still refused, not ignored.
  OKX_KINDS.theirs(request.instrument.kind);
  const instId = { instId: request.instrument.symbol };
  switch (request.kind) {
    case 'quote':
      return on({ topic: 'tickers', payload: instId });
    case 'trades':
      return on({ topic: 'trades', payload: instId });
    case 'book':
      // The 400-level book with checksums: the parser verifies every update.
      return on({ topic: 'books', payload: instId });
    case 'candles': {
      const bar = OKX_BARS.theirs(request.interval);
      return on({ topic: `candle${bar}`, payload: instId }, bar);
    }
  }
}
