import type { Candle } from '../market/candles';
import type { SimInstrument } from '../market/instruments';
import type { InstrumentState, Market, PublicTrade } from '../market/market';
import { bybitOptionInstrument, bybitOptionTicker, bybitOptionTradeFields } from './bybit-option-shapes';
import { nextFundingTime, publishedFundingRate } from '../market/funding-times';
import { topOfBook } from './top-of-book';

/**
 * Bybit public objects as the exchange sends them (docs/protocol.md "Bybit pushes", "Bybit instruments and tickers"): prices and sizes as strings,
 * `ts`-style fields as numbers. Shared by REST and WebSocket.
 */

/** The highest order price the simulator's Bybit perpetuals list (`priceFilter.maxPrice`). */
export const BYBIT_MAX_PRICE = '1999999.80';

export function bybitInstrument(instrument: SimInstrument): Record<string, unknown> {
  if (instrument.category === 'option') return bybitOptionInstrument(instrument);
  if (instrument.category === 'spot') {
    return {
      symbol: instrument.symbol,
      baseCoin: instrument.coin,
      quoteCoin: 'USDT',
      innovation: '0',
      status: 'Trading',
      marginTrading: 'utaOnly',
      stTag: '0',
      lotSizeFilter: {
        basePrecision: instrument.lotSize,
        quotePrecision: '0.00000001',
        minOrderQty: instrument.minSize,
        maxOrderQty: instrument.maxLimitSize,
        minOrderAmt: '1',
        maxOrderAmt: '2000000',
        maxLimitOrderQty: instrument.maxLimitSize,
        maxMarketOrderQty: instrument.maxMarketSize,
        postOnlyMaxLimitOrderSize: '60000',
      },
      priceFilter: { tickSize: instrument.tickSize },
      riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.05' },
      symbolType: '',
    };
  }
  const inverse = instrument.category === 'inverse';
  return {
    symbol: instrument.symbol,
    contractType: inverse ? 'InversePerpetual' : 'LinearPerpetual',
    status: 'Trading',
    baseCoin: instrument.coin,
    quoteCoin: instrument.quote,
    launchTime: String(instrument.listTime),
    deliveryTime: '0',
    deliveryFeeRate: '',
    priceScale: String(instrument.priceDecimals),
    leverageFilter: { minLeverage: '1', maxLeverage: `${instrument.maxLeverage}.00`, leverageStep: '0.01' },
    priceFilter: { minPrice: instrument.tickSize, maxPrice: BYBIT_MAX_PRICE, tickSize: instrument.tickSize },
    lotSizeFilter: {
      maxOrderQty: instrument.maxLimitSize,
      minOrderQty: instrument.minSize,
      qtyStep: instrument.lotSize,
      postOnlyMaxOrderQty: instrument.maxLimitSize,
      maxMktOrderQty: instrument.maxMarketSize,
      minNotionalValue: '5',
    },
    unifiedMarginTrade: true,
    fundingInterval: 480,
    settleCoin: inverse ? instrument.coin : 'USDT',
    copyTrading: inverse ? 'none' : 'both',
    upperFundingRate: '0.00375',
    lowerFundingRate: '-0.00375',
    displayName: '',
    forbidUplWithdrawal: false,
    riskParameters: { priceLimitRatioX: '0.01', priceLimitRatioY: '0.02' },
    isPreListing: false,
    preListingInfo: null,
    symbolType: '',
  };
}

/**
 * Ticker (REST list item and linear/inverse/spot WS `tickers` data): linear and inverse have
 * mark/index/funding/OI, spot does not, options have greeks and IVs (WS options: bybit-option-shapes).
 */
export function bybitTicker(market: Market, state: InstrumentState, now: number): Record<string, string> {
  const { instrument } = state;
  if (instrument.category === 'option') return bybitOptionTicker(market, state, 'rest');
  const price = (units: number): string => market.formatPrice(instrument, units);
  const change = ((state.last - state.open24h) / state.open24h).toFixed(6);
  const top = topOfBook(market, state);
  const common = {
    symbol: instrument.symbol,
    bid1Price: top.bidPx,
    bid1Size: top.bidSz,
    ask1Price: top.askPx,
    ask1Size: top.askSz,
    lastPrice: price(state.last),
    prevPrice24h: price(state.open24h),
    price24hPcnt: change,
    highPrice24h: price(state.high24h),
    lowPrice24h: price(state.low24h),
    turnover24h: state.quoteVolume24h.toFixed(4),
    volume24h: state.volume24h.toFixed(instrument.sizeDecimals),
  };
  if (instrument.category === 'spot') return { ...common, usdIndexPrice: market.indexPrice(instrument) };
  const mark = market.markPrice(instrument);
  return {
    ...common,
    tickDirection: 'PlusTick',
    prevPrice1h: price(state.open24h),
    indexPrice: market.indexPrice(instrument),
    markPrice: mark,
    openInterest: state.openInterest.toFixed(instrument.sizeDecimals),
    // Inverse open interest is in USD contracts, so its value is in the settle coin.
    openInterestValue:
      instrument.category === 'inverse'
        ? (state.openInterest / Number(mark)).toFixed(8)
        : (state.openInterest * Number(mark)).toFixed(2),
    fundingRate: publishedFundingRate(state.fundingRate),
    nextFundingTime: String(nextFundingTime(now)),
    predictedDeliveryPrice: '',
    basisRate: '',
    basis: '',
    deliveryFeeRate: '',
    deliveryTime: '0',
    preOpenPrice: '',
    preQty: '',
    curPreListingPhase: '',
    fundingIntervalHour: '8',
    fundingCap: '0.005',
    basisRateYear: '',
  };
}

/** Kline row `[start, open, high, low, close, volume, turnover]` (strings, newest first in lists). */
export function bybitCandle(market: Market, instrument: SimInstrument, candle: Candle): string[] {
  const price = (units: number): string => market.formatPrice(instrument, units);
  return [
    String(candle.start),
    price(candle.open),
    price(candle.high),
    price(candle.low),
    price(candle.close),
    candle.volume.toFixed(instrument.sizeDecimals),
    candle.quoteVolume.toFixed(4),
  ];
}

/** REST recent-trade item. */
export function bybitRestTrade(
  market: Market,
  instrument: SimInstrument,
  trade: PublicTrade,
): Record<string, unknown> {
  return {
    execId: trade.id,
    symbol: instrument.symbol,
    price: market.formatPrice(instrument, trade.px),
    size: market.formatSize(instrument, trade.sz),
    side: trade.side === 'buy' ? 'Buy' : 'Sell',
    time: String(trade.ts),
    isBlockTrade: false,
    isRPITrade: false,
  };
}

/** WS publicTrade item (docs/protocol.md "Bybit pushes"): tick direction on perpetuals, mark/index price and IVs on options. */
export function bybitWsTrade(
  market: Market,
  state: InstrumentState,
  trade: PublicTrade,
): Record<string, unknown> {
  const { instrument } = state;
  const item: Record<string, unknown> = {
    T: trade.ts,
    s: instrument.symbol,
    S: trade.side === 'buy' ? 'Buy' : 'Sell',
    v: market.formatSize(instrument, trade.sz),
    p: market.formatPrice(instrument, trade.px),
    i: trade.id,
    BT: false,
    RPI: false,
    seq: Number(trade.id),
  };
  if (instrument.kind === 'perp') item.L = trade.side === 'buy' ? 'PlusTick' : 'MinusTick';
  return instrument.kind === 'option' ? { ...item, ...bybitOptionTradeFields(market, state) } : item;
}
