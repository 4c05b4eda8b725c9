import type {
  Fill,
  AccountConfig,
  Balance,
  Book,
  Greeks,
  Instrument,
  KeyPermissions,
  Order,
  OrderAck,
  Position,
  Quote,
  StreamOrderStatus,
  TickerEvent,
  TickerEventDraft,
} from '../model';
import { emptyBalance, marginRiskOf, quoteOf } from '../model';
import { addDecimals, adlRankOrNone, divideDecimals, present, priceOrNone, timeOrNone } from '../decimal';
import { InvalidResponseError } from '../errors';
import { createdAtOf, originOf } from '../order-times';
import type {
  BybitApiKeyInfo,
  BybitInstrument,
  BybitExecution,
  BybitOrder,
  BybitOrderAck,
  BybitOrderBook,
  BybitPosition,
  BybitTicker,
  BybitWallet,
} from './schemas';
import type { BybitCategory } from './rest-api';
import { bybitOrderOrigin } from './order-origin';
import { bybitKind, bybitSlot } from './vocabulary';

/** Bybit raw shapes -> the unified model (docs/protocol.md "Bybit pushes", "Bybit positions", "Bybit instruments and tickers"). Decimal strings are kept as sent. */

/** Option tickers and positions carry greeks; other rows do not (checked before any object is made: tickers map every push). */
function greeksOf(raw: {
  readonly delta?: string | undefined;
  readonly gamma?: string | undefined;
  readonly vega?: string | undefined;
  readonly theta?: string | undefined;
}): Greeks | undefined {
  const delta = present(raw.delta);
  const gamma = present(raw.gamma);
  const vega = present(raw.vega);
  const theta = present(raw.theta);
  if (delta === undefined && gamma === undefined && vega === undefined && theta === undefined)
    return undefined;
  return { delta, gamma, vega, theta };
}

export function mapBybitInstrument(raw: BybitInstrument, category: string): Instrument {
  const delivery = Number(raw.deliveryTime ?? 0);
  return {
    exchange: 'bybit',
    id: raw.symbol,
    category,
    kind: bybitKind(category, raw.symbol, raw.contractType),
    base: raw.baseCoin,
    quote: raw.quoteCoin,
    settle: present(raw.settleCoin) ?? raw.quoteCoin,
    contractType: category === 'linear' || category === 'inverse' ? category : undefined,
    // Bybit orders in coin (linear, spot) or in USD contracts (inverse): one order unit is one unit.
    contractValue: '1',
    tickSize: raw.priceFilter.tickSize,
    lotSize: present(raw.lotSizeFilter.qtyStep) ?? present(raw.lotSizeFilter.basePrecision) ?? '0',
    minSize: present(raw.lotSizeFilter.minOrderQty) ?? '0',
    maxLeverage: present(raw.leverageFilter?.maxLeverage),
    tradable: raw.status === 'Trading',
    expiresAt: delivery > 0 ? delivery : undefined,
  };
}

/**
 * A ticker as the model's event, built as one object (a stream maps every push). `category`: the market
 * the ticker was asked of (REST) or pushed on (its socket): its rows do not say. `instrumentKind` follows
 * from both; a stream that knows it already passes it, and the time `raw.nextFundingTime` says.
 */
export function bybitTickerEvent(
  raw: BybitTicker,
  ts: number,
  category: BybitCategory,
  instrumentKind = bybitKind(category, raw.symbol),
  nextFundingTime = timeOrNone(raw.nextFundingTime),
): TickerEvent {
  const bid = priceOrNone(raw.bid1Price ?? raw.bidPrice);
  const ask = priceOrNone(raw.ask1Price ?? raw.askPrice);
  const event: TickerEventDraft = {
    kind: 'ticker',
    exchange: 'bybit',
    instrumentKind,
    ts,
    symbol: raw.symbol,
    last: present(raw.lastPrice),
    bid,
    bidSize: bid === undefined ? undefined : present(raw.bid1Size ?? raw.bidSize),
    ask,
    askSize: ask === undefined ? undefined : present(raw.ask1Size ?? raw.askSize),
    mark: present(raw.markPrice),
    index: present(raw.indexPrice),
    open24h: present(raw.prevPrice24h),
    high24h: present(raw.highPrice24h),
    low24h: present(raw.lowPrice24h),
    volume24h: present(raw.volume24h),
    fundingRate: present(raw.fundingRate),
  };
  // Added only when present: an absent field stays absent (exact optional properties).
  if (nextFundingTime !== undefined) event.nextFundingTime = nextFundingTime;
  const greeks = greeksOf(raw);
  if (greeks !== undefined) event.greeks = greeks;
  const markIv = present(raw.markIv) ?? present(raw.markPriceIv);
  if (markIv !== undefined) event.markIv = markIv;
  return event;
}

/** The REST quote: the ticker's event without its kind. */
export function mapBybitTicker(raw: BybitTicker, ts: number, category: BybitCategory): Quote {
  return quoteOf(bybitTickerEvent(raw, ts, category));
}

export function mapBybitBook(raw: BybitOrderBook): Book {
  return { exchange: 'bybit', symbol: raw.s, bids: raw.b, asks: raw.a, ts: raw.ts };
}

function positionSide(raw: BybitPosition): Position['side'] {
  if (Number(raw.size) === 0 || raw.side === '') return 'flat';
  return raw.side === 'Buy' ? 'long' : 'short';
}

/** `category` is needed for rows that do not carry it (REST lists put it on the result). */
export function mapBybitPosition(raw: BybitPosition, category = raw.category): Position {
  // Which category decides kind, closing and size in coin: a row without one is refused, not guessed.
  if (category === undefined)
    throw new InvalidResponseError('Bybit position', 200, 'the row names no category', raw);
  const markPrice = present(raw.markPrice);
  const greeks = greeksOf(raw);
  const breakEvenPrice = priceOrNone(raw.breakEvenPrice);
  return {
    exchange: 'bybit',
    symbol: raw.symbol,
    category,
    instrumentKind: bybitKind(category, raw.symbol),
    side: positionSide(raw),
    sizeContracts: raw.size,
    // Linear and option sizes are in coin already; inverse sizes are USD contracts.
    sizeCoin: category === 'inverse' ? divideDecimals(raw.size, markPrice) : raw.size,
    entryPrice: priceOrNone(raw.avgPrice ?? raw.entryPrice),
    markPrice,
    liquidationPrice: priceOrNone(raw.liqPrice),
    ...(breakEvenPrice === undefined ? {} : { breakEvenPrice }),
    unrealisedPnl: present(raw.unrealisedPnl),
    leverage: present(raw.leverage),
    // tradeMode is deprecated under the unified account (margin mode is account-wide there).
    marginMode: raw.tradeMode === 1 ? 'isolated' : raw.tradeMode === 0 ? 'cross' : undefined,
    positionMode: raw.positionIdx === 0 ? 'one-way' : 'hedge',
    positionSlot: bybitSlot(raw.positionIdx),
    updatedAt: present(raw.updatedTime) === undefined ? undefined : Number(raw.updatedTime),
    ...(greeks === undefined ? {} : { greeks }),
    ...adlRankOrNone(raw.adlRankIndicator),
  };
}

type BybitCoin = BybitWallet['list'][number]['coin'][number];

/** A coin's initial margin: its positions' and open orders' (both "" under portfolio margin). */
function coinInitialMargin(coin: BybitCoin): string | undefined {
  const positions = present(coin.totalPositionIM);
  const orders = present(coin.totalOrderIM);
  return positions === undefined || orders === undefined ? undefined : addDecimals(positions, orders);
}

/**
 * The account's figures are the account's, in USD; a coin's available is only what Bybit states for the
 * coin (availableToWithdraw, "" on unified accounts since January 2025), never the account's available
 * told in the coin (docs/protocol.md "Bybit unified balances").
 */
export function mapBybitWallet(raw: BybitWallet): Balance {
  const [account] = raw.list;
  if (account === undefined) return emptyBalance('bybit');
  return {
    exchange: 'bybit',
    totalEquityUsd: present(account.totalEquity),
    availableUsd: present(account.totalAvailableBalance),
    usedMarginUsd: present(account.totalInitialMargin),
    maintenanceMarginUsd: present(account.totalMaintenanceMargin),
    unrealisedPnlUsd: present(account.totalPerpUPL),
    marginRisk: marginRiskOf('maintenance-margin-rate', present(account.accountMMRate)),
    coins: account.coin.map((coin) => ({
      coin: coin.coin,
      equity: present(coin.equity),
      available: present(coin.availableToWithdraw),
      walletBalance: present(coin.walletBalance),
      unrealisedPnl: present(coin.unrealisedPnl),
      usdValue: present(coin.usdValue),
      usedMargin: coinInitialMargin(coin),
      maintenanceMargin: present(coin.totalPositionMM),
      marginRisk: undefined,
    })),
  };
}

const ORDER_STATUS: Readonly<Record<string, StreamOrderStatus>> = {
  New: 'open',
  PartiallyFilled: 'partially-filled',
  Filled: 'filled',
  Cancelled: 'cancelled',
  PartiallyFilledCanceled: 'cancelled',
  Deactivated: 'cancelled',
  Rejected: 'rejected',
  Untriggered: 'untriggered',
  Triggered: 'triggered',
};

/** A spot market order by value (marketUnit quoteCoin) counts in quote: its filled value is cumExecValue. */
function orderSizes(raw: BybitOrder): Pick<Order, 'size' | 'filledSize' | 'sizeUnit'> {
  if (raw.marketUnit === 'quoteCoin')
    return { size: raw.qty, filledSize: present(raw.cumExecValue) ?? '0', sizeUnit: 'quote' };
  return {
    size: raw.qty,
    filledSize: present(raw.cumExecQty) ?? '0',
    sizeUnit: raw.category === 'inverse' ? 'contracts' : 'base',
  };
}

/** Trades, including auto-deleverage and liquidation, change the position; funding, settlement and delivery do not. */
const FILL_EXEC_TYPES = new Set(['Trade', 'AdlTrade', 'BustTrade', 'BlockTrade']);

/** Whether an execution row is a trade fill (execution.fast carries no execType: it only sends trades). */
export function isBybitFill(execType: string | undefined): boolean {
  return execType === undefined || FILL_EXEC_TYPES.has(execType);
}

export function mapBybitOrder(raw: BybitOrder): Order {
  return {
    exchange: 'bybit',
    ts: Number(raw.updatedTime ?? 0),
    symbol: raw.symbol,
    orderId: raw.orderId,
    clientOrderId: raw.orderLinkId ?? '',
    side: raw.side === 'Buy' ? 'buy' : 'sell',
    orderType: raw.orderType,
    price: raw.price ?? '',
    ...orderSizes(raw),
    averagePrice: priceOrNone(raw.avgPrice),
    status: ORDER_STATUS[raw.orderStatus] ?? 'open',
    rawStatus: raw.orderStatus,
    reduceOnly: raw.reduceOnly,
    ...createdAtOf(raw.createdTime),
    ...originOf(bybitOrderOrigin(raw)),
  };
}

/** An execution/list row or `execution` push item as a fill; execution.fast carries no fee. */
export function mapBybitFill(raw: BybitExecution): Fill {
  return {
    exchange: 'bybit',
    symbol: raw.symbol,
    ts: Number(raw.execTime),
    orderId: raw.orderId,
    clientOrderId: raw.orderLinkId ?? '',
    executionId: raw.execId,
    side: raw.side === 'Buy' ? 'buy' : 'sell',
    price: raw.execPrice,
    size: raw.execQty,
    fee: raw.execFee ?? '',
    isMaker: raw.isMaker,
  };
}

const TRADE_GROUPS = ['ContractTrade', 'Spot', 'Options', 'Derivatives'];

/** A key bound to IP addresses does not expire: Bybit sends expiredAt '' then. */
function expiryOf(expiredAt: string | undefined): number | undefined {
  const time = expiredAt === undefined || expiredAt === '' ? NaN : Date.parse(expiredAt);
  return Number.isNaN(time) ? undefined : time;
}

/** readOnly 1 means no trading; trading needs a trade group; withdrawal is Wallet "Withdraw". */
export function mapBybitKeyPermissions(raw: BybitApiKeyInfo): KeyPermissions {
  const groups = Object.entries(raw.permissions);
  return {
    exchange: 'bybit',
    canRead: true,
    canTrade:
      raw.readOnly === 0 && groups.some(([group, perms]) => TRADE_GROUPS.includes(group) && perms.length > 0),
    canWithdraw: raw.permissions.Wallet?.includes('Withdraw') ?? false,
    raw: groups.flatMap(([group, perms]) => perms.map((perm) => `${group}:${perm}`)),
    ips: (raw.ips ?? []).filter((ip) => ip !== '*'),
    expiresAt: expiryOf(raw.expiredAt),
  };
}

/** Bybit sets the position mode per symbol, so the account-level mode is left undefined. */
export function mapBybitAccountConfig(raw: BybitApiKeyInfo): AccountConfig {
  return {
    exchange: 'bybit',
    uid: String(raw.userID ?? ''),
    positionMode: undefined,
    permissions: mapBybitKeyPermissions(raw),
  };
}

/** A single-order answer: reaching it means retCode 0, so the order was accepted (docs/protocol.md "Bybit envelopes and errors"). */
export function mapBybitOrderAck(raw: BybitOrderAck): OrderAck {
  return {
    exchange: 'bybit',
    orderId: raw.orderId,
    clientOrderId: raw.orderLinkId ?? '',
    code: '0',
    message: '',
  };
}
