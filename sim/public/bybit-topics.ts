import { BYBIT_KLINE_INTERVALS } from '../market/candles';
import type { SimInstrument } from '../market/instruments';
import type { Market } from '../market/market';

export type BybitPublicCategory = 'spot' | 'linear' | 'inverse' | 'option';

/** A parsed public topic (docs/protocol.md "Bybit pushes"). */
export type BybitTopic =
  | { kind: 'orderbook'; depth: number; instrument: SimInstrument }
  | { kind: 'publicTrade'; instrument: SimInstrument }
  | { kind: 'tickers'; instrument: SimInstrument }
  | { kind: 'kline'; interval: string; instrument: SimInstrument };

/** Order-book depths per stream (BYDOC orderbook page; 500 kept for clients written against it). */
export const BOOK_DEPTHS: Readonly<Record<BybitPublicCategory, readonly number[]>> = {
  spot: [1, 50, 200, 1000],
  linear: [1, 50, 200, 500, 1000],
  inverse: [1, 50, 200, 500, 1000],
  option: [25, 100],
};

/**
 * Parses `orderbook.50.BTCUSDT`, `publicTrade.BTCUSDT`, `tickers.BTCUSDT`, `kline.1.BTCUSDT` for one
 * public stream. Returns the reason text Bybit would put in `ret_msg` when it is not valid.
 */
export function parseBybitTopic(
  market: Market,
  category: BybitPublicCategory,
  topic: string,
): BybitTopic | { error: string } {
  const parts = topic.split('.');
  const [name = '', second = '', third] = parts;
  const symbolOf = (symbol: string): SimInstrument | undefined => market.find('bybit', category, symbol);
  const invalidSymbol = { error: `Invalid symbol :[${topic}]` };
  if (name === 'orderbook' && parts.length === 3 && third !== undefined) {
    if (!BOOK_DEPTHS[category].includes(Number(second)) || !/^\d+$/.test(second))
      return { error: `Invalid topic :[${topic}]` };
    const instrument = symbolOf(third);
    return instrument ? { kind: 'orderbook', depth: Number(second), instrument } : invalidSymbol;
  }
  if (name === 'kline' && parts.length === 3 && third !== undefined) {
    if (!BYBIT_KLINE_INTERVALS.includes(second)) return { error: `Invalid topic :[${topic}]` };
    const instrument = symbolOf(third);
    return instrument ? { kind: 'kline', interval: second, instrument } : invalidSymbol;
  }
  if ((name === 'publicTrade' || name === 'tickers') && parts.length === 2) {
    const instrument = symbolOf(second);
    return instrument ? { kind: name, instrument } : invalidSymbol;
  }
  return { error: `Invalid topic :[${topic}]` };
}

/** The Bybit public stream path of a category. */
export function bybitPublicPath(
  category: BybitPublicCategory,
): '/v5/public/spot' | '/v5/public/linear' | '/v5/public/inverse' | '/v5/public/option' {
  return `/v5/public/${category}`;
}
