import type { SimInstrument } from '../market/instruments';
import { OPTION_VOLATILITY, type InstrumentState, type Market } from '../market/market';
import type { OptionQuote } from '../market/option-pricing';
import { topOfBook, type TopOfBook } from './top-of-book';

/**
 * Bybit option objects (docs/protocol.md "Bybit pushes", "Bybit instruments and tickers"; BYDOC instruments-info, tickers and ticker-stream pages). REST
 * tickers name the quote `bid1Price`/`bid1Iv`/`markIv`; the socket names it `bidPrice`/`bidIv`/
 * `markPriceIv` and sends snapshots only.
 */

export function bybitOptionInstrument(instrument: SimInstrument): Record<string, unknown> {
  return {
    symbol: instrument.symbol,
    optionsType: instrument.option?.type ?? 'Call',
    status: 'Trading',
    baseCoin: instrument.coin,
    quoteCoin: 'USD',
    settleCoin: 'USDC',
    launchTime: String(instrument.listTime),
    deliveryTime: String(instrument.option?.expiry ?? 0),
    deliveryFeeRate: '0.00015',
    priceFilter: { minPrice: instrument.tickSize, maxPrice: '10000000', tickSize: instrument.tickSize },
    lotSizeFilter: {
      maxOrderQty: instrument.maxLimitSize,
      minOrderQty: instrument.minSize,
      qtyStep: instrument.lotSize,
    },
    displayName: '',
  };
}

/** The quote both ticker shapes are built from. */
interface OptionTicker {
  greeks: OptionQuote;
  top: TopOfBook;
  markIv: string;
  bidIv: string;
  askIv: string;
  /** Fields both shapes name alike, in Bybit's order. */
  prices: {
    lastPrice: string;
    highPrice24h: string;
    lowPrice24h: string;
    markPrice: string;
    indexPrice: string;
  };
}

function optionTicker(market: Market, state: InstrumentState): OptionTicker {
  const { instrument } = state;
  const greeks = market.optionQuote(instrument) ?? { price: 0, delta: 0, gamma: 0, vega: 0, theta: 0 };
  const top = topOfBook(market, state);
  // A quote's IV: the mark IV moved by how far the quote sits from the mark, per vega (per 1 % vol).
  const ivOf = (price: string): string =>
    price === '' || greeks.vega <= 0
      ? '0'
      : Math.max(0, OPTION_VOLATILITY + (Number(price) - greeks.price) / (greeks.vega * 100)).toFixed(4);
  const underlying = market.underlyingPrice(instrument).toFixed(2);
  const price = (units: number): string => market.formatPrice(instrument, units);
  return {
    greeks,
    top,
    markIv: OPTION_VOLATILITY.toFixed(4),
    bidIv: ivOf(top.bidPx),
    askIv: ivOf(top.askPx),
    prices: {
      lastPrice: price(state.last),
      highPrice24h: price(state.high24h),
      lowPrice24h: price(state.low24h),
      markPrice: market.markPrice(instrument),
      indexPrice: underlying,
    },
  };
}

function tail(state: InstrumentState, ticker: OptionTicker): Record<string, string> {
  const { instrument } = state;
  const { greeks } = ticker;
  return {
    underlyingPrice: ticker.prices.indexPrice,
    openInterest: state.openInterest.toFixed(instrument.sizeDecimals),
    turnover24h: state.quoteVolume24h.toFixed(4),
    volume24h: state.volume24h.toFixed(instrument.sizeDecimals),
    totalVolume: Math.round(state.volume24h * 3).toString(),
    totalTurnover: Math.round(state.quoteVolume24h * 3).toString(),
    delta: greeks.delta.toFixed(8),
    gamma: greeks.gamma.toFixed(8),
    vega: greeks.vega.toFixed(8),
    theta: greeks.theta.toFixed(8),
    predictedDeliveryPrice: '0',
    change24h: ((state.last - state.open24h) / state.open24h).toFixed(8),
  };
}

/** Where the two ticker shapes name the quote differently: REST `bid1Price`, socket `bidPrice`. */
const QUOTE_NAMES = {
  rest: { bid: 'bid1', ask: 'ask1', price: 'Price', size: 'Size', iv: 'Iv', markIv: 'markIv' },
  ws: { bid: 'bid', ask: 'ask', price: 'Price', size: 'Size', iv: 'Iv', markIv: 'markPriceIv' },
} as const;

/**
 * An option ticker: `rest` for a `GET /v5/market/tickers?category=option` list item, `ws` for
 * `tickers.{option}` data (snapshot only).
 */
export function bybitOptionTicker(
  market: Market,
  state: InstrumentState,
  shape: keyof typeof QUOTE_NAMES,
): Record<string, string> {
  const ticker = optionTicker(market, state);
  const { top } = ticker;
  const n = QUOTE_NAMES[shape];
  // An empty side is price "0" at size "0" on Bybit, not "" (docs/protocol.md "What real payloads do").
  const orZero = (value: string): string => (value === '' ? '0' : value);
  return {
    symbol: state.instrument.symbol,
    [n.bid + n.price]: orZero(top.bidPx),
    [n.bid + n.size]: orZero(top.bidSz),
    [n.bid + n.iv]: ticker.bidIv,
    [n.ask + n.price]: orZero(top.askPx),
    [n.ask + n.size]: orZero(top.askSz),
    [n.ask + n.iv]: ticker.askIv,
    ...ticker.prices,
    [n.markIv]: ticker.markIv,
    ...tail(state, ticker),
  };
}

/** The option-only fields of a publicTrade item (docs/protocol.md "Bybit pushes"): mark and index price, mark IV and trade IV. */
export function bybitOptionTradeFields(market: Market, state: InstrumentState): Record<string, string> {
  const ticker = optionTicker(market, state);
  return {
    mP: ticker.prices.markPrice,
    iP: ticker.prices.indexPrice,
    mIv: ticker.markIv,
    iv: ticker.markIv,
  };
}
