import type {
  AccountConfig,
  Balance,
  Book,
  Candle,
  Fill,
  Greeks,
  Instrument,
  Order,
  OrderAck,
  Position,
  Quote,
  StreamOrderStatus,
  TickerEvent,
  TickerEventDraft,
} from '../model';
import { emptyQuote, marginRiskOf, quoteOf } from '../model';
import {
  absoluteDecimal,
  adlRankOrNone,
  divideDecimals,
  multiplyDecimals,
  present,
  priceOrNone,
  timeOrNone,
} from '../decimal';
import { createdAtOf, originOf } from '../order-times';
import type {
  OkxAccountConfig,
  OkxBalance,
  OkxFill,
  OkxFundingRate,
  OkxInstrument,
  OkxOptionSummary,
  OkxOrder,
  OkxOrderAck,
  OkxOrderBook,
  OkxPosition,
  OkxTicker,
} from './schemas';
import { okxOrderOrigin } from './order-origin';
import { OKX_KINDS, OKX_SLOTS, okxMarketKind } from './vocabulary';

/** OKX raw shapes -> the unified model (docs/protocol.md "OKX pushes", "OKX positions", "OKX instruments and tickers"). Decimal strings are kept as sent. */

export function mapOkxInstrument(raw: OkxInstrument): Instrument {
  const [familyBase = '', familyQuote = ''] = (
    present(raw.instFamily) ??
    present(raw.uly) ??
    raw.instId
  ).split('-');
  const quote = present(raw.quoteCcy) ?? familyQuote;
  const ctVal = present(raw.ctVal);
  return {
    exchange: 'okx',
    id: raw.instId,
    category: raw.instType,
    kind: OKX_KINDS.ours(raw.instType),
    base: present(raw.baseCcy) ?? familyBase,
    quote,
    settle: present(raw.settleCcy) ?? quote,
    contractType: raw.ctType === 'linear' || raw.ctType === 'inverse' ? raw.ctType : undefined,
    contractValue: ctVal === undefined ? '1' : multiplyDecimals(ctVal, present(raw.ctMult) ?? '1'),
    tickSize: raw.tickSz,
    lotSize: raw.lotSz,
    minSize: raw.minSz,
    maxLeverage: present(raw.lever),
    tradable: raw.state === 'live',
    expiresAt: present(raw.expTime) === undefined ? undefined : Number(raw.expTime),
  };
}

/**
 * A tickers push laid over the instrument's event before it, as one new object: the ticker's fields where
 * it sends them, the rest (mark, index, funding, greeks: other channels) as they were. A stream maps
 * every push, so nothing else is built.
 */
export function okxTickerEvent(raw: OkxTicker, before: TickerEvent): TickerEvent {
  const event: TickerEventDraft = {
    kind: 'ticker',
    exchange: 'okx',
    instrumentKind: before.instrumentKind,
    ts: Number(raw.ts),
    symbol: raw.instId,
    last: present(raw.last) ?? before.last,
    bid: present(raw.bidPx) ?? before.bid,
    bidSize: present(raw.bidSz) ?? before.bidSize,
    ask: present(raw.askPx) ?? before.ask,
    askSize: present(raw.askSz) ?? before.askSize,
    mark: before.mark,
    index: before.index,
    open24h: present(raw.open24h) ?? before.open24h,
    high24h: present(raw.high24h) ?? before.high24h,
    low24h: present(raw.low24h) ?? before.low24h,
    volume24h: present(raw.vol24h) ?? before.volume24h,
    fundingRate: before.fundingRate,
  };
  if (before.nextFundingTime !== undefined) event.nextFundingTime = before.nextFundingTime;
  if (before.greeks !== undefined) event.greeks = before.greeks;
  if (before.markIv !== undefined) event.markIv = before.markIv;
  return event;
}

/** A ticker event that knows nothing yet: what the pushes of an instrument's channels are laid over. */
export function emptyOkxTickerEvent(instId: string): TickerEvent {
  return { kind: 'ticker', ...emptyQuote('okx', okxMarketKind(instId), instId) };
}

export function mapOkxTicker(raw: OkxTicker): Quote {
  return quoteOf(okxTickerEvent(raw, emptyOkxTickerEvent(raw.instId)));
}

/**
 * A perpetual's funding from public/funding-rate or the funding-rate channel: the current rate and when it
 * settles, `fundingTime` (`nextFundingTime` is the settlement after that one; docs/protocol.md "Funding").
 */
export function okxFundingQuoteFields(row: OkxFundingRate): Pick<Quote, 'fundingRate' | 'nextFundingTime'> {
  const settlesAt = timeOrNone(row.fundingTime);
  return {
    fundingRate: present(row.fundingRate),
    ...(settlesAt === undefined ? {} : { nextFundingTime: settlesAt }),
  };
}

/** An option's greeks and mark IV from opt-summary (REST or socket): its ticker carries neither. */
export function okxOptionQuoteFields(summary: OkxOptionSummary): Pick<Quote, 'greeks' | 'markIv'> {
  const markIv = present(summary.markVol);
  return {
    greeks: {
      delta: present(summary.deltaBS),
      gamma: present(summary.gammaBS),
      vega: present(summary.vegaBS),
      theta: present(summary.thetaBS),
    },
    ...(markIv === undefined ? {} : { markIv }),
  };
}

export function mapOkxBook(raw: OkxOrderBook, instId: string): Book {
  const levels = (side: readonly (readonly string[])[]) =>
    side.map(([price = '', size = '']) => [price, size] as const);
  return {
    exchange: 'okx',
    symbol: instId,
    bids: levels(raw.bids),
    asks: levels(raw.asks),
    ts: Number(raw.ts),
  };
}

/**
 * A net-mode MARGIN position is held in its position currency: the base currency when long, the quote
 * currency when short, and `pos` is not signed (docs/protocol.md "What real payloads do").
 * https://www.okx.com/docs-v5/en/#trading-account-rest-api-get-positions
 */
function marginHeldInQuote(raw: OkxPosition): boolean {
  const posCcy = present(raw.posCcy);
  return raw.instType === 'MARGIN' && posCcy !== undefined && posCcy !== raw.instId.split('-')[0];
}

function positionSide(raw: OkxPosition): Position['side'] {
  if (Number(raw.pos) === 0) return 'flat';
  if (raw.posSide === 'long' || raw.posSide === 'short') return raw.posSide;
  if (raw.instType === 'MARGIN' && present(raw.posCcy) !== undefined)
    return marginHeldInQuote(raw) ? 'short' : 'long';
  // Net mode: the sign of pos is the direction (docs/protocol.md "OKX positions").
  return Number(raw.pos) > 0 ? 'long' : 'short';
}

/**
 * Contracts -> coin: linear x contract value; inverse x contract value / mark price. Margin is already
 * in coin, or in quote currency for a short (then / mark price).
 */
function sizeInCoin(size: string, raw: OkxPosition, instrument: Instrument | undefined): string | undefined {
  if (raw.instType === 'MARGIN')
    return marginHeldInQuote(raw) ? divideDecimals(size, present(raw.markPx)) : size;
  return instrument === undefined ? undefined : contractsInCoin(size, instrument, present(raw.markPx));
}

/** A contract position's size in coin: contracts x contract value, over the mark for an inverse one. */
export function contractsInCoin(
  contracts: string,
  instrument: Instrument,
  markPrice: string | undefined,
): string | undefined {
  const value = multiplyDecimals(contracts, instrument.contractValue);
  return instrument.contractType === 'inverse' ? divideDecimals(value, markPrice) : value;
}

/** Option rows carry Black-Scholes greeks; other rows send them empty. */
function positionGreeks(raw: OkxPosition): { greeks?: Greeks } {
  if (raw.instType !== 'OPTION') return {};
  const greeks = {
    delta: present(raw.deltaBS),
    gamma: present(raw.gammaBS),
    vega: present(raw.vegaBS),
    theta: present(raw.thetaBS),
  };
  return { greeks };
}

/** Pass the instrument (from getInstruments) to get the size in coin. */
function breakEven(raw: OkxPosition): { breakEvenPrice?: string } {
  const price = present(raw.bePx);
  return price === undefined ? {} : { breakEvenPrice: price };
}

export function mapOkxPosition(raw: OkxPosition, instrument?: Instrument): Position {
  const size = absoluteDecimal(raw.pos);
  return {
    exchange: 'okx',
    symbol: raw.instId,
    category: raw.instType,
    instrumentKind: OKX_KINDS.ours(raw.instType),
    side: positionSide(raw),
    sizeContracts: size,
    sizeCoin: sizeInCoin(size, raw, instrument),
    entryPrice: present(raw.avgPx),
    markPrice: present(raw.markPx),
    liquidationPrice: present(raw.liqPx),
    ...breakEven(raw),
    unrealisedPnl: present(raw.upl),
    leverage: present(raw.lever),
    marginMode: raw.mgnMode === 'cross' || raw.mgnMode === 'isolated' ? raw.mgnMode : undefined,
    positionMode: raw.posSide === 'net' ? 'one-way' : 'hedge',
    positionSlot: OKX_SLOTS.ours(raw.posSide),
    updatedAt: present(raw.uTime) === undefined ? undefined : Number(raw.uTime),
    ...positionGreeks(raw),
    ...adlRankOrNone(raw.adl),
  };
}

/**
 * OKX states a currency's available amount (availBal, else availEq) and, in Futures mode, its margin; the
 * account-level figures exist in the other modes (docs/protocol.md "Account margin and risk").
 */
export function mapOkxBalance(raw: OkxBalance): Balance {
  return {
    exchange: 'okx',
    totalEquityUsd: present(raw.totalEq),
    availableUsd: present(raw.availEq),
    usedMarginUsd: present(raw.imr),
    maintenanceMarginUsd: present(raw.mmr),
    unrealisedPnlUsd: present(raw.upl),
    marginRisk: marginRiskOf('okx-margin-ratio', present(raw.mgnRatio)),
    coins: raw.details.map((coin) => ({
      coin: coin.ccy,
      equity: present(coin.eq),
      available: present(coin.availBal) ?? present(coin.availEq),
      walletBalance: present(coin.cashBal),
      unrealisedPnl: present(coin.upl),
      usdValue: present(coin.eqUsd),
      usedMargin: present(coin.imr),
      maintenanceMargin: present(coin.mmr),
      marginRisk: marginRiskOf('okx-margin-ratio', present(coin.mgnRatio)),
    })),
  };
}

export function mapOkxOrderAck(raw: OkxOrderAck): OrderAck {
  return {
    exchange: 'okx',
    orderId: raw.ordId ?? '',
    clientOrderId: raw.clOrdId ?? '',
    code: raw.sCode,
    message: raw.sMsg ?? '',
  };
}

const ORDER_STATUS: Readonly<Record<string, StreamOrderStatus>> = {
  live: 'open',
  partially_filled: 'partially-filled',
  filled: 'filled',
  canceled: 'cancelled',
  mmp_canceled: 'cancelled',
};

/**
 * A spot market order with tgtCcy quote_ccy has `sz` in the quote currency while accFillSz is in base:
 * its filled size is then told in quote as well (accFillSz x avgPx, the value filled).
 * https://www.okx.com/docs-v5/en/#order-book-trading-trade-post-place-order
 */
function orderSizes(raw: OkxOrder): Pick<Order, 'size' | 'filledSize' | 'sizeUnit'> {
  const filled = present(raw.accFillSz) ?? '0';
  if (raw.tgtCcy === 'quote_ccy') {
    const avgPx = priceOrNone(raw.avgPx);
    return {
      size: raw.sz,
      filledSize: avgPx === undefined ? '0' : multiplyDecimals(filled, avgPx),
      sizeUnit: 'quote',
    };
  }
  const inCoin = raw.instType === undefined || raw.instType === 'SPOT' || raw.instType === 'MARGIN';
  return { size: raw.sz, filledSize: filled, sizeUnit: inCoin ? 'base' : 'contracts' };
}

export function mapOkxOrder(raw: OkxOrder): Order {
  return {
    exchange: 'okx',
    ts: Number(present(raw.uTime) ?? present(raw.cTime) ?? 0),
    symbol: raw.instId,
    orderId: raw.ordId,
    clientOrderId: raw.clOrdId ?? '',
    side: raw.side,
    orderType: raw.ordType,
    price: raw.px ?? '',
    ...orderSizes(raw),
    // OKX sends avgPx "0" (not "") until something fills, in pushes and REST alike.
    averagePrice: priceOrNone(raw.avgPx),
    status: ORDER_STATUS[raw.state] ?? 'open',
    rawStatus: raw.state,
    reduceOnly: raw.reduceOnly === undefined ? undefined : raw.reduceOnly === 'true',
    ...createdAtOf(raw.cTime),
    ...originOf(okxOrderOrigin(raw)),
  };
}

/** A fill from GET /api/v5/trade/fills (or the fills channel): execType T is taker, M maker. */
export function mapOkxFill(raw: OkxFill): Fill {
  return {
    exchange: 'okx',
    ts: Number(present(raw.fillTime) ?? raw.ts),
    symbol: raw.instId,
    orderId: raw.ordId,
    clientOrderId: raw.clOrdId ?? '',
    executionId: raw.tradeId,
    side: raw.side,
    price: raw.fillPx,
    size: raw.fillSz,
    fee: present(raw.fee) ?? '0',
    isMaker: present(raw.execType) === undefined ? undefined : raw.execType === 'M',
  };
}

/**
 * A candle row: [ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm] for trades; mark-price and index
 * candles are [ts, o, h, l, c, confirm] and have no volume.
 * https://www.okx.com/docs-v5/en/#public-data-websocket-mark-price-candlesticks-channel
 */
export function mapOkxCandle(row: readonly string[], hasVolume: boolean): Candle {
  return {
    start: Number(row[0]),
    open: row[1] ?? '',
    high: row[2] ?? '',
    low: row[3] ?? '',
    close: row[4] ?? '',
    volume: hasVolume ? (row[5] ?? '0') : undefined,
    confirmed: row.at(-1) === '1',
  };
}

/** `perm` and `ip` are comma-separated lists. */
const splitList = (list: string): string[] =>
  list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** `perm` lists read_only, trade and withdraw; posMode is long_short_mode (hedge) or net_mode. */
export function mapOkxAccountConfig(raw: OkxAccountConfig): AccountConfig {
  const perms = splitList(raw.perm);
  const positionModes: Readonly<Record<string, AccountConfig['positionMode']>> = {
    long_short_mode: 'hedge',
    net_mode: 'one-way',
  };
  return {
    exchange: 'okx',
    uid: raw.uid,
    positionMode: positionModes[raw.posMode ?? ''],
    permissions: {
      exchange: 'okx',
      canRead: perms.includes('read_only'),
      canTrade: perms.includes('trade'),
      canWithdraw: perms.includes('withdraw'),
      raw: perms,
      ips: splitList(raw.ip ?? ''),
      // account/config says nothing of expiry.
      expiresAt: undefined,
    },
  };
}
