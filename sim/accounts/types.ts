import type { SimLeg } from './protection-book.js';

/**
 * The simulator's exchange-neutral account model. Sizes are in the exchange's own order units
 * (OKX swaps: contracts; Bybit linear: coin), prices in quote currency; `multiplier` turns
 * size × price into USDT (OKX ctVal, 1 on Bybit). Each exchange's REST/WS layer formats these.
 */
export type ExchangeName = 'okx' | 'bybit';
export type Side = 'buy' | 'sell';
/** OKX posSide; Bybit positionIdx 0/1/2 maps to net/long/short. */
export type PositionSide = 'net' | 'long' | 'short';
export type OrderType = 'market' | 'limit';
export type CancelReason = 'user' | 'postOnlyWouldTake' | 'unfilledRemainder' | 'reduceOnlyNoPosition';
/** How a limit order treats what it cannot fill at once: rest (gtc), drop it (ioc), all or nothing (fok), never take (post_only). */
export type TimeInForce = 'gtc' | 'ioc' | 'fok' | 'post_only';
export type OrderState = 'live' | 'partially_filled' | 'filled' | 'canceled';
export type KeyPermission = 'read_only' | 'trade' | 'trade_withdraw';
/**
 * Which side of the exchange issued the key: the live site or demo trading. `any` (the default) is the
 * simulator's own convenience: its key works on both, so clients can try either without a setup step.
 */
export type KeyKind = 'any' | 'live' | 'demo';
export type PositionMode = 'one_way' | 'hedge';
export type MarginMode = 'cross' | 'isolated';
/**
 * Who made an order (docs/protocol.md "Order origin"): the trader, one of the position's stops, targets or
 * trailing stops, or the exchange's risk engine. Each exchange's shapes tell it in their own words.
 */
export type OrderOrigin = 'user' | 'stop' | 'target' | 'trailing' | 'liquidation' | 'adl';

/** The instrument facts trading needs; the market's instruments satisfy this shape. */
export interface TradableInstrument {
  readonly exchange: ExchangeName;
  readonly kind: 'perp' | 'spot' | 'option';
  readonly category: string;
  readonly symbol: string;
  /** The quote coin, which linear contracts also settle in (USDT here). */
  readonly quote: string;
  readonly tickSize: string;
  readonly priceDecimals: number;
  readonly lotSize: string;
  readonly sizeDecimals: number;
  readonly minSize: string;
  readonly maxLimitSize: string;
  readonly maxMarketSize: string;
  readonly contractValue: string | null;
  readonly maxLeverage: number;
}

export interface SimOrder {
  readonly id: string;
  clientId: string;
  /** OKX `tag` as sent (the SDK adds its broker tag); echoed in responses and pushes. */
  readonly tag: string;
  readonly instrument: TradableInstrument;
  readonly side: Side;
  readonly posSide: PositionSide;
  readonly type: OrderType;
  readonly timeInForce: TimeInForce;
  price: number | undefined;
  size: number;
  filled: number;
  avgFillPx: number;
  /** Fees paid so far, positive = cost. */
  fee: number;
  realisedPnl: number;
  state: OrderState;
  /** Why a cancelled order was cancelled: by its owner, or by a time-in-force or reduce-only rule. */
  cancelReason: CancelReason | undefined;
  readonly reduceOnly: boolean;
  readonly marginMode: MarginMode;
  readonly leverage: number;
  readonly createdAt: number;
  updatedAt: number;
  lastFill: SimFill | undefined;
  readonly origin: OrderOrigin;
  /** OKX: the algo order whose trigger placed this one ("" otherwise). */
  readonly algoId: string;
}

export interface SimFill {
  readonly tradeId: string;
  readonly order: SimOrder;
  readonly price: number;
  readonly size: number;
  readonly fee: number;
  readonly realisedPnl: number;
  readonly maker: boolean;
  readonly ts: number;
  /** The order as this fill left it: OKX pushes the order once per fill, each showing that moment. */
  readonly orderAfter: OrderProgress;
}

export interface OrderProgress {
  readonly filled: number;
  readonly avgFillPx: number;
  readonly fee: number;
  readonly realisedPnl: number;
  readonly state: OrderState;
}

export interface SimPosition {
  readonly id: string;
  readonly instrument: TradableInstrument;
  readonly posSide: PositionSide;
  /** Signed: long > 0, short < 0 (a hedge-mode short is negative too). */
  size: number;
  avgPx: number;
  /** Realised PnL since the position opened, fees and funding included. */
  realisedPnl: number;
  fees: number;
  /** Funding paid since the position opened (received is negative): OKX `fundingFee` tells it negated. */
  fundingPaid: number;
  marginMode: MarginMode;
  leverage: number;
  openedAt: number;
  updatedAt: number;
}

/**
 * One closing order's close of (part of) a position (docs/protocol.md "Position history"): what OKX
 * positions-history and Bybit closed-pnl list. Updated by each further fill of the same order.
 */
export interface SimClose {
  readonly position: SimPosition;
  readonly order: SimOrder;
  /** Which way the position was: 1 long, -1 short. */
  readonly direction: 1 | -1;
  readonly openAvgPx: number;
  readonly openedAt: number;
  readonly createdAt: number;
  closedSize: number;
  closeAvgPx: number;
  /** Realised PnL of the closed part, before fees. */
  realisedPnl: number;
  fee: number;
  /** The position was closed whole (or flipped) by this order. */
  whole: boolean;
  closedAt: number;
}

/** What one operation changed, so the private streams can push each item once (docs/protocol.md "Pushes and numbers"). */
export interface AccountChange {
  readonly orders: readonly SimOrder[];
  readonly fills: readonly SimFill[];
  readonly positions: readonly SimPosition[];
  readonly balanceChanged: boolean;
  /** Stops, targets and trailing stops placed, moved, fired or ended (docs/protocol.md "Protection"). */
  readonly legs?: readonly SimLeg[];
  /** Funding settled on positions (docs/protocol.md "Funding"). */
  readonly fundings?: readonly SimFunding[];
}

/** One position's funding at one settlement. */
export interface SimFunding {
  readonly id: string;
  readonly position: SimPosition;
  /** The published rate settled. */
  readonly rate: number;
  readonly markPrice: number;
  /** The position's size at settlement, unsigned, in order units. */
  readonly size: number;
  /** USDT the account paid: positive when it paid (a long at a positive rate), negative when it received. */
  readonly amount: number;
  readonly ts: number;
}

/** A price level or fill in real (not fixed-point) numbers. */
export interface PriceSize {
  readonly price: number;
  readonly size: number;
}

/** What trading needs from the market: instruments, mark prices and the book to take from. */
export interface MarketAccess {
  instrument(exchange: ExchangeName, symbol: string): TradableInstrument | undefined;
  markPrice(instrument: TradableInstrument): number;
  bestBid(instrument: TradableInstrument): number | undefined;
  bestAsk(instrument: TradableInstrument): number | undefined;
  /** Takes size from the asks (buy) or bids (sell), best first, not beyond `limitPrice`. */
  take(instrument: TradableInstrument, side: Side, size: number, limitPrice?: number): PriceSize[];
  /** What `take` would fill, without taking it. */
  peek(instrument: TradableInstrument, side: Side, size: number, limitPrice?: number): PriceSize[];
}
