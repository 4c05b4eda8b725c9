import type { Candle } from '../market/candles';
import type { SimInstrument } from '../market/instruments';
import type { InstrumentState, Market, PublicTrade } from '../market/market';
import type { Level } from '../market/book';
import { topOfBook } from './top-of-book';

/**
 * OKX public objects as the exchange sends them (docs/protocol.md "OKX pushes", "OKX instruments and tickers"): every number a string.
 * Shared by REST and WebSocket so both always agree.
 */

/** OKX instType of an instrument. */
export function okxInstType(instrument: SimInstrument): 'SWAP' | 'SPOT' {
  return instrument.category === 'SWAP' ? 'SWAP' : 'SPOT';
}

/** `instrument` as listed by /public/instruments; `asType` MARGIN lists a spot pair as a margin market. */
export function okxInstrument(
  instrument: SimInstrument,
  asType: 'SWAP' | 'SPOT' | 'MARGIN',
): Record<string, unknown> {
  const swap = instrument.category === 'SWAP';
  const family = `${instrument.coin}-USDT`;
  return {
    instType: asType,
    instId: instrument.symbol,
    uly: swap ? family : '',
    instFamily: swap ? family : '',
    category: '1',
    baseCcy: swap ? '' : instrument.coin,
    quoteCcy: swap ? '' : 'USDT',
    settleCcy: swap ? 'USDT' : '',
    ctVal: instrument.contractValue ?? '',
    ctMult: swap ? '1' : '',
    ctValCcy: swap ? instrument.coin : '',
    optType: '',
    stk: '',
    listTime: String(instrument.listTime),
    expTime: '',
    lever: asType === 'SPOT' ? '' : String(instrument.maxLeverage),
    tickSz: instrument.tickSize,
    lotSz: instrument.lotSize,
    minSz: instrument.minSize,
    ctType: swap ? 'linear' : '',
    alias: '',
    state: 'live',
    ruleType: 'normal',
    maxLmtSz: instrument.maxLimitSize,
    maxMktSz: instrument.maxMarketSize,
    maxLmtAmt: '20000000',
    maxMktAmt: swap ? '' : '1000000',
    maxTwapSz: instrument.maxLimitSize,
    maxIcebergSz: instrument.maxLimitSize,
    maxTriggerSz: instrument.maxLimitSize,
    maxStopSz: instrument.maxMarketSize,
    auctionEndTime: '',
    openType: '',
    contTdSwTime: '',
    preMktSwTime: '',
    futureSettlement: false,
    tradeQuoteCcyList: swap ? [] : ['USDT'],
    instIdCode: Math.abs(hash(instrument.key)) % 10_000_000,
    instCategory: '1',
    posLmtAmt: '',
    posLmtPct: '',
    maxPlatOILmt: '',
  };
}

/** Ticker (docs/protocol.md "OKX pushes"): vol24h in contracts for swaps, base coin for spot; volCcy24h one unit up. */
export function okxTicker(market: Market, state: InstrumentState, ts: number): Record<string, string> {
  const { instrument } = state;
  const price = (units: number): string => market.formatPrice(instrument, units);
  const swap = instrument.category === 'SWAP';
  const contracts = swap ? state.volume24h / Number(instrument.contractValue) : state.volume24h;
  return {
    instType: okxInstType(instrument),
    instId: instrument.symbol,
    last: price(state.last),
    lastSz: market.formatSize(instrument, state.lastSize),
    ...topOfBook(market, state),
    open24h: price(state.open24h),
    high24h: price(state.high24h),
    low24h: price(state.low24h),
    volCcy24h: (swap ? state.volume24h : state.quoteVolume24h).toFixed(4),
    vol24h: contracts.toFixed(swap ? 2 : 4),
    sodUtc0: price(state.open24h),
    sodUtc8: price(state.open24h),
    ts: String(ts),
  };
}

/** Book level `[px, sz, "0", orders]` (docs/protocol.md "OKX pushes"); the order count is stable for a given level, 0 when removed. */
export function okxLevel(
  market: Market,
  instrument: SimInstrument,
  level: Level,
): [string, string, string, string] {
  const orders = level.sz === 0 ? 0 : 1 + ((level.px + level.sz) % 9);
  return [
    market.formatPrice(instrument, level.px),
    market.formatSize(instrument, level.sz),
    '0',
    String(orders),
  ];
}

/** Candle row `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`. */
export function okxCandle(market: Market, instrument: SimInstrument, candle: Candle): string[] {
  const price = (units: number): string => market.formatPrice(instrument, units);
  const swap = instrument.category === 'SWAP';
  const vol = swap ? candle.volume / Number(instrument.contractValue) : candle.volume;
  return [
    String(candle.start),
    price(candle.open),
    price(candle.high),
    price(candle.low),
    price(candle.close),
    vol.toFixed(swap ? 2 : 8),
    (swap ? candle.volume : candle.quoteVolume).toFixed(8),
    candle.quoteVolume.toFixed(8),
    candle.closed ? '1' : '0',
  ];
}

/** A mark-price (or index) candle row: [ts, o, h, l, c, confirm], no volume (docs/protocol.md "OKX pushes"). */
export function okxPriceCandle(market: Market, instrument: SimInstrument, candle: Candle): string[] {
  const row = okxCandle(market, instrument, candle);
  return [...row.slice(0, 5), candle.closed ? '1' : '0'];
}

export function okxTrade(
  market: Market,
  instrument: SimInstrument,
  trade: PublicTrade,
): Record<string, string> {
  return {
    instId: instrument.symbol,
    tradeId: trade.id,
    px: market.formatPrice(instrument, trade.px),
    sz: market.formatSize(instrument, trade.sz),
    side: trade.side,
    source: '0',
    ts: String(trade.ts),
  };
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}
