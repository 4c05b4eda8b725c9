/**
 * The unified vocabulary both exchanges are mapped into (docs/architecture.md "The house"). Prices and sizes that
 * go back to an exchange keep the exchange's decimal strings; numbers are only for display and maths.
 */

import type { Balance } from './balance';
import type { ProtectionEvent } from './protection-types';

export * from './balance';

export type ExchangeId = 'okx' | 'bybit';

/** OKX instType / Bybit category, as the exchange names it. */
export type InstrumentCategory = string;
/**
 * What an instrument is, in the same words on both exchanges. `margin` is a spot pair traded on borrowed
 * funds: OKX reports such positions under their own instType (MARGIN); Bybit trades them as spot.
 */
export type InstrumentKind = 'spot' | 'margin' | 'perpetual' | 'future' | 'option';
export const INSTRUMENT_KINDS: readonly InstrumentKind[] = [
  'spot',
  'margin',
  'perpetual',
  'future',
  'option',
];
/**
 * Which of an account's positions in one instrument: the only one (one-way mode) or the long or short
 * one (hedge mode). OKX posSide net/long/short, Bybit positionIdx 0/1/2.
 */
export type PositionSlot = 'one-way' | 'long' | 'short';

/** An instrument as a caller names it on either exchange. */
export interface InstrumentRef {
  readonly kind: InstrumentKind;
  /** The exchange's own id: OKX instId ("BTC-USDT-SWAP"), Bybit symbol ("BTCUSDT"). */
  readonly symbol: string;
  /**
   * Linear or inverse, for perpetuals and futures when the caller knows it (Instrument.contractType);
   * otherwise Bybit looks it up in its instrument lists.
   */
  readonly contractType?: 'linear' | 'inverse';
}

/** Option sensitivities as the exchange reports them (Black-Scholes, in the exchange's own units). */
export interface Greeks {
  readonly delta: string | undefined;
  readonly gamma: string | undefined;
  readonly vega: string | undefined;
  readonly theta: string | undefined;
}
export type Side = 'buy' | 'sell';
export type MarginMode = 'cross' | 'isolated';
/** One-way (OKX net, Bybit positionIdx 0) or hedge (OKX long/short, Bybit positionIdx 1/2). */
export type PositionMode = 'one-way' | 'hedge';

export interface Instrument {
  readonly exchange: ExchangeId;
  /** The exchange's own id: OKX instId ("BTC-USDT-SWAP"), Bybit symbol ("BTCUSDT"). */
  readonly id: string;
  readonly category: InstrumentCategory;
  readonly kind: InstrumentKind;
  readonly base: string;
  readonly quote: string;
  readonly settle: string;
  /** Linear (coin-margined in quote) or inverse (margined in base); undefined for spot. */
  readonly contractType: 'linear' | 'inverse' | undefined;
  /** Coin (linear) or quote (inverse) per order unit: OKX ctVal x ctMult; "1" on Bybit. */
  readonly contractValue: string;
  readonly tickSize: string;
  /** Order size step in the exchange's order unit. */
  readonly lotSize: string;
  readonly minSize: string;
  readonly maxLeverage: string | undefined;
  readonly tradable: boolean;
  /** Expiry (epoch ms) of futures and options. */
  readonly expiresAt: number | undefined;
}

/** A REST ticker snapshot: the same fields as a stream TickerEvent. */
export type Quote = Omit<TickerEvent, 'kind'>;

/** A ticker event while it is built: the optional fields are added only when known (exact optional properties). */
export type TickerEventDraft = { -readonly [K in keyof TickerEvent]: TickerEvent[K] };

/** A ticker event's quote (what REST answers): the event without its kind. */
export function quoteOf(event: TickerEvent): Quote {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the kind is what is left out
  const { kind, ...quote } = event;
  return quote;
}

/** A quote that knows nothing yet: what partial pushes (OKX mark price, funding rate) are merged into. */
export function emptyQuote(
  exchange: ExchangeId,
  instrumentKind: InstrumentKind,
  symbol: string,
  ts = 0,
): Quote {
  return {
    exchange,
    instrumentKind,
    symbol,
    ts,
    last: undefined,
    bid: undefined,
    bidSize: undefined,
    ask: undefined,
    askSize: undefined,
    mark: undefined,
    index: undefined,
    open24h: undefined,
    high24h: undefined,
    low24h: undefined,
    volume24h: undefined,
    fundingRate: undefined,
  };
}

export interface Book {
  readonly exchange: ExchangeId;
  readonly symbol: string;
  /** Best first. */
  readonly bids: readonly PriceLevel[];
  readonly asks: readonly PriceLevel[];
  readonly ts: number;
}

export interface Position {
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly category: InstrumentCategory;
  readonly instrumentKind: InstrumentKind;
  readonly side: 'long' | 'short' | 'flat';
  /** Absolute size in the exchange's order unit (what a closing order sends back). */
  readonly sizeContracts: string;
  /** Absolute size in coin; undefined when the contract value is unknown. */
  readonly sizeCoin: string | undefined;
  readonly entryPrice: string | undefined;
  readonly markPrice: string | undefined;
  readonly liquidationPrice: string | undefined;
  /** The price at which closing breaks even, fees included: Bybit breakEvenPrice, OKX bePx; when sent. */
  readonly breakEvenPrice?: string;
  readonly unrealisedPnl: string | undefined;
  readonly leverage: string | undefined;
  readonly marginMode: MarginMode | undefined;
  readonly positionMode: PositionMode;
  /** Which position of the instrument this is: what closing it needs. */
  readonly positionSlot: PositionSlot;
  readonly updatedAt: number | undefined;
  /** Options only, when the exchange sends them. */
  readonly greeks?: Greeks;
  /**
   * Where the position stands in the auto-deleveraging queue, 1 (last in line) to 5 (first in line): OKX
   * `adl`, Bybit `adlRankIndicator`. Undefined where the exchange gives none (spot, options, "" or 0).
   */
  readonly adlRank?: number;
}

/** What an exchange answered to a placed, amended or cancelled order. */
export interface OrderAck {
  readonly exchange: ExchangeId;
  readonly orderId: string;
  readonly clientOrderId: string;
  /** "0" when accepted; the exchange's per-item code otherwise (OKX sCode, Bybit retExtInfo code). */
  readonly code: string;
  readonly message: string;
}

/** An order as the trader sees it (REST or stream). */
export type Order = Omit<OrderUpdateEvent, 'kind'>;

/** What the API key may do (OKX account config perm, Bybit query-api permissions). */
export interface KeyPermissions {
  readonly exchange: ExchangeId;
  readonly canRead: boolean;
  readonly canTrade: boolean;
  readonly canWithdraw: boolean;
  /** The exchange's own permission names, for display. */
  readonly raw: readonly string[];
  /** The IP addresses the key is bound to; empty when it works from anywhere. */
  readonly ips: readonly string[];
  /** When the key stops working (epoch ms); undefined when it does not expire or the exchange does not say. */
  readonly expiresAt: number | undefined;
}

export interface AccountConfig {
  readonly exchange: ExchangeId;
  readonly uid: string;
  readonly positionMode: PositionMode | undefined;
  readonly permissions: KeyPermissions;
}

// ---------------------------------------------------------------------------------------------------
// Stream events: what the okx and bybit streams emit from pushes.
// Instrument ids are the exchange's own (OKX instId, Bybit symbol); prices and sizes stay decimal strings.
// A field the push did not carry is undefined.
// ---------------------------------------------------------------------------------------------------

/**
 * One price level, best first in a book. Price and size stay the exchange's strings exactly as received:
 * OKX's checksum is computed over them (docs/protocol.md "OKX pushes").
 */
export type PriceLevel = readonly [price: string, size: string];

interface StreamEventBase {
  readonly exchange: ExchangeId;
  /** Milliseconds since the epoch: the exchange's own timestamp of the push. */
  readonly ts: number;
}

export interface TickerEvent extends StreamEventBase {
  readonly kind: 'ticker';
  /**
   * The kind of market the ticker is of: the symbol alone does not say (Bybit's spot and perpetual BTCUSDT).
   * A margin pair has no ticker of its own: its quotes are its spot pair's, of kind spot.
   */
  readonly instrumentKind: InstrumentKind;
  readonly symbol: string;
  readonly last: string | undefined;
  readonly bid: string | undefined;
  readonly bidSize: string | undefined;
  readonly ask: string | undefined;
  readonly askSize: string | undefined;
  readonly mark: string | undefined;
  readonly index: string | undefined;
  /** The price 24 hours ago: OKX open24h, Bybit prevPrice24h (docs/protocol.md "Pushes and numbers"). */
  readonly open24h: string | undefined;
  readonly high24h: string | undefined;
  readonly low24h: string | undefined;
  readonly volume24h: string | undefined;
  readonly fundingRate: string | undefined;
  /**
   * Perpetuals: when the current funding rate is next settled (ms since the epoch): OKX funding-rate
   * `fundingTime`, Bybit tickers `nextFundingTime`. Undefined when the push did not carry it.
   */
  readonly nextFundingTime?: number;
  /** Options only, when the exchange sends them. */
  readonly greeks?: Greeks;
  /** Options only: the mark price's implied volatility, as a fraction (0.5 = 50 %). */
  readonly markIv?: string;
}

export interface PublicTrade {
  readonly id: string;
  readonly price: string;
  readonly size: string;
  /** The taker's side. */
  readonly side: 'buy' | 'sell';
  readonly ts: number;
}

export interface TradesEvent extends StreamEventBase {
  readonly kind: 'trades';
  readonly symbol: string;
  readonly trades: readonly PublicTrade[];
}

export interface Candle {
  readonly start: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** Undefined for mark-price and index candles, which have no volume. */
  readonly volume: string | undefined;
  /** True once the candle's period has closed. */
  readonly confirmed: boolean;
}

export interface CandleEvent extends StreamEventBase {
  readonly kind: 'candle';
  readonly symbol: string;
  /** The exchange's interval name ("1m", "1H" on OKX; "1", "60", "D" on Bybit). */
  readonly interval: string;
  readonly candles: readonly Candle[];
}

/**
 * What changed in a verified order book (OKX checksum / Bybit update ids checked), within its best
 * levels per side (25 unless the Exchange was created with another `bookEventDepth`). With `replaces`
 * the levels are the best levels in full (a snapshot; the first book after a resync): drop what was
 * kept. Otherwise each side lists only the changes since the last event, best first: size "0" means
 * the price left the best levels (deleted, or pushed below them), any other size is new or resized.
 * An update that changed nothing within them still comes, with no levels. Applying every event in
 * order keeps the best levels exactly: `applyBookEvent` (book-view.ts).
 */
export interface BookEvent extends StreamEventBase {
  readonly kind: 'book';
  readonly symbol: string;
  readonly replaces: boolean;
  readonly bids: readonly PriceLevel[];
  readonly asks: readonly PriceLevel[];
}

/** A book failed its checks and is being rebuilt from a fresh snapshot; show no book until the next BookEvent. */
export interface BookResyncEvent extends StreamEventBase {
  readonly kind: 'book-resync';
  readonly symbol: string;
  readonly problem: 'checksum' | 'gap' | 'no-snapshot';
  readonly detail: string;
}

export type StreamOrderStatus =
  'open' | 'partially-filled' | 'filled' | 'cancelled' | 'rejected' | 'untriggered' | 'triggered';

export interface OrderUpdateEvent extends StreamEventBase {
  readonly kind: 'order';
  readonly symbol: string;
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly side: 'buy' | 'sell';
  readonly orderType: string;
  readonly price: string;
  readonly size: string;
  readonly filledSize: string;
  /** What `size` and `filledSize` count: contracts, base coin, or quote coin (a spot market order by value). */
  readonly sizeUnit: OrderSizeUnit;
  /** Undefined until something fills. */
  readonly averagePrice: string | undefined;
  readonly status: StreamOrderStatus;
  /** The exchange's own status text (OKX `state`, Bybit `orderStatus`). */
  readonly rawStatus: string;
  readonly reduceOnly: boolean | undefined;
  /** When the order was placed (ms since the epoch): OKX `cTime`, Bybit `createdTime`; when sent. */
  readonly createdAt?: number;
  /**
   * Who made the order, where the exchange says (OKX `category`, Bybit `createType`/`stopOrderType`):
   * what a position closed by it was closed by. Undefined when the push does not say.
   */
  readonly origin?: OrderOrigin;
}

/**
 * Who made an order: the trader (`trader`; a close-position request is `close`), one of the position's
 * stops, targets or trailing stops, or the exchange's risk engine (liquidation, auto-deleveraging).
 */
export type OrderOrigin = 'trader' | 'close' | 'stop' | 'target' | 'trailing' | 'liquidation' | 'adl';

/** Why a position was closed, as far as the exchange tells; `unknown` when it does not. */
export type CloseReason = 'trader' | 'stop' | 'target' | 'trailing' | 'liquidation' | 'adl' | 'unknown';

/**
 * A position closed (wholly or in part), from the exchange's history (OKX positions-history, Bybit
 * closed-pnl): what an alert worker woken after a stop reads to catch up.
 */
export interface ClosedPosition {
  readonly exchange: ExchangeId;
  readonly symbol: string;
  readonly instrumentKind: InstrumentKind;
  readonly positionSlot: PositionSlot;
  /** The exchange's id of this close, stable across reads (dedupes it). */
  readonly id: string;
  /** When it closed (ms since the epoch). */
  readonly closedAt: number;
  readonly reason: CloseReason;
  /** Whether the whole position closed (OKX type 2/3/5), or part of it. */
  readonly whole: boolean;
  readonly closePrice: string | undefined;
  /** Closed size in the exchange's order unit. */
  readonly size: string | undefined;
  readonly realisedPnl: string | undefined;
}

export type OrderSizeUnit = 'contracts' | 'base' | 'quote';

export interface ExecutionEvent extends StreamEventBase {
  readonly kind: 'execution';
  readonly symbol: string;
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly executionId: string;
  readonly side: 'buy' | 'sell';
  readonly price: string;
  readonly size: string;
  readonly fee: string;
  readonly isMaker: boolean | undefined;
}

/** One trade fill of the trader's own order (REST history or stream). */
export type Fill = Omit<ExecutionEvent, 'kind'>;

/** A position push: the same Position the REST client returns, plus the push time. */
export interface PositionUpdateEvent extends Position {
  readonly kind: 'position';
  readonly ts: number;
}

/** A balance push (OKX account, Bybit wallet): the same Balance the REST client returns, plus the push time. */
export interface WalletUpdateEvent extends Balance {
  readonly kind: 'wallet';
  readonly ts: number;
}

export interface GreeksUpdateEvent extends StreamEventBase {
  readonly kind: 'greeks';
  /** Bybit baseCoin / OKX ccy. */
  readonly coin: string;
  readonly delta: string | undefined;
  readonly gamma: string | undefined;
  readonly vega: string | undefined;
  readonly theta: string | undefined;
}

export type StreamEvent =
  | TickerEvent
  | TradesEvent
  | CandleEvent
  | BookEvent
  | BookResyncEvent
  | OrderUpdateEvent
  | ExecutionEvent
  | PositionUpdateEvent
  | WalletUpdateEvent
  | GreeksUpdateEvent
  | ProtectionEvent;
