import type {
  AccountConfig,
  Balance,
  Book,
  Candle,
  ClosedPosition,
  ExchangeId,
  Fill,
  Instrument,
  InstrumentKind,
  InstrumentRef,
  MarginMode,
  Order,
  OrderAck,
  Position,
  PositionSlot,
  Quote,
  Side,
  StreamEvent,
} from './model';
import type {
  MoveProtectionRequest,
  PositionProtection,
  ProtectionAck,
  ProtectionLeg,
  ProtectRequest,
  TrailRequest,
} from './protection-types';
import type { SocketErrorReason, SocketState } from './transport/socket-types';

/** What the background sees of one exchange account (docs/architecture.md "The house"). */
export interface Exchange {
  readonly id: ExchangeId;
  readonly rest: ExchangeRest;
  readonly streams: ExchangeStreams;
  readonly trade: ExchangeTrade;
  readonly protection: ExchangeProtection;
  /** Closes every socket deliberately; waiting WS trade requests fail. */
  close(): void;
  /** The network is back (the browser was offline): every socket waiting out a backoff tries again now. */
  reconnectNow(): void;
}

/** Narrows position and open-order lists; without it, every kind the account holds is listed. */
export interface AccountFilter {
  readonly kind?: InstrumentKind;
  /** One instrument only (its kind wins over `kind`). */
  readonly instrument?: InstrumentRef;
}

export interface ExchangeRest {
  readonly id: ExchangeId;
  /** Measures the clock offset (several samples, median); signs with corrected time from then on. */
  syncClock(): Promise<number>;
  getServerTime(): Promise<number>;
  /**
   * One kind's instruments, fetched once and kept by this Exchange; `refresh` fetches them again (a
   * contract listed or delisted since) and keeps the new list.
   */
  getInstruments(kind: InstrumentKind, options?: { readonly refresh?: boolean }): Promise<Instrument[]>;
  getQuote(instrument: InstrumentRef): Promise<Quote | undefined>;
  getBook(instrument: InstrumentRef, depth?: number): Promise<Book>;
  getBalance(): Promise<Balance>;
  /** Open positions of every kind the filter allows, every page (flat rows left out). */
  getPositions(filter?: AccountFilter): Promise<Position[]>;
  /** Open orders of every kind the filter allows, every page. */
  getOpenOrders(filter?: AccountFilter): Promise<Order[]>;
  cancelOrder(instrument: InstrumentRef, orderId: string): Promise<OrderAck>;
  getAccountConfig(): Promise<AccountConfig>;
  /** OKX: close-position (market, whole size). Bybit: reduce-only market order the other way, whole size. */
  closePosition(position: Position, clientOrderId?: string): Promise<OrderAck>;
  /**
   * The instrument's candles whose start is at or after `range.since` (and before `range.until` when
   * given), oldest first, every page; `price` 'mark' reads mark-price candles (no volume). Reaches back
   * as far as the exchange's recent candle lists do (docs/protocol.md "Candles and fills since a time").
   */
  getCandles(
    instrument: InstrumentRef,
    interval: CandleInterval,
    range: CandleRange,
    price?: CandlePrice,
  ): Promise<Candle[]>;
  /** The account's fills at or after `since` (ms since the epoch), oldest first, every page. */
  getFills(since: number): Promise<Fill[]>;
  /**
   * Positions closed, wholly or in part, at or after `since` (ms since the epoch), oldest first, with why
   * where the exchange tells (docs/protocol.md "Position history").
   */
  getClosedPositions(since: number): Promise<ClosedPosition[]>;
}

/** From when (and before when) candles are wanted, ms since the epoch. */
export interface CandleRange {
  readonly since: number;
  readonly until?: number;
}

/** Which price candles follow: trades (`last`) or the mark price. */
export type CandlePrice = 'last' | 'mark';

/** Candle periods both exchanges stream; each maps them to its own names. */
export const CANDLE_INTERVALS = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '12h',
  '1d',
  '1w',
  '1M',
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

/** Market data of one instrument. */
export type MarketStreamRequest =
  | { readonly kind: 'quote' | 'book' | 'trades'; readonly instrument: InstrumentRef }
  | { readonly kind: 'candles'; readonly instrument: InstrumentRef; readonly interval: CandleInterval };

/** The account's own data, every instrument kind. */
export interface AccountStreamRequest {
  /** `protection`: a ProtectionEvent for every change of a position's stops, targets and trailing stops. */
  readonly kind: 'orders' | 'positions' | 'balances' | 'executions' | 'protection';
}

export type StreamRequest = MarketStreamRequest | AccountStreamRequest;

/** How one socket is doing. `socket` names it as the exchange does (OKX "public", Bybit "linearPublic"). */
export type SocketStatusEvent =
  | { readonly type: 'state'; readonly socket: string; readonly state: SocketState }
  /** The socket's login was accepted: private topics and trading over it can start. */
  | { readonly type: 'logged-in'; readonly socket: string }
  /**
   * The exchange confirmed the socket's topics (also after every reconnect): pushes from here on are
   * complete, so this is when a caller refreshes what it may have missed over REST.
   */
  | { readonly type: 'subscribed'; readonly socket: string }
  /** Time since the socket's last push, from the injected clock; undefined before the first push. */
  | { readonly type: 'data-age'; readonly socket: string; readonly ageMs: number | undefined }
  | {
      readonly type: 'error';
      readonly socket: string;
      readonly reason: SocketErrorReason | 'request-failed';
      readonly message: string;
    };

export interface ExchangeStreams {
  /**
   * Starts `request` (shared with other listeners of the same topic) and hands its model events to
   * `listener`. Returns the function that stops it; the topic is dropped when its last listener stops.
   */
  subscribe(request: StreamRequest, listener: (event: StreamEvent) => void): () => void;
  /** Connection state, data age and errors of every socket. Returns the function that stops it. */
  onStatus(listener: (event: SocketStatusEvent) => void): () => void;
}

export interface OrderRequest {
  readonly instrument: InstrumentRef;
  readonly side: Side;
  readonly type: 'market' | 'limit';
  /** In the exchange's order unit (OKX contracts for derivatives, Bybit coin or USD contracts). */
  readonly size: string;
  readonly price?: string;
  readonly reduceOnly?: boolean;
  /** Which position the order works on; default one-way. */
  readonly slot?: PositionSlot;
  /** OKX only (tdMode); default cross, or cash for spot. */
  readonly marginMode?: MarginMode;
  /** One is made when not given. */
  readonly clientOrderId?: string;
}

export type OrderTarget =
  | { readonly instrument: InstrumentRef; readonly orderId: string }
  | { readonly instrument: InstrumentRef; readonly clientOrderId: string };

export type AmendRequest = OrderTarget & { readonly size?: string; readonly price?: string };

/**
 * Orders over the exchange's trade socket when it is connected and logged in, else over REST; the
 * answer is the same OrderAck either way. Every order carries a client order id.
 */
export interface ExchangeTrade {
  /** True when the next request goes over the socket. */
  readonly overSocket: boolean;
  place(order: OrderRequest): Promise<OrderAck>;
  amend(amend: AmendRequest): Promise<OrderAck>;
  cancel(target: OrderTarget): Promise<OrderAck>;
  /**
   * Closes the position at market: a market order the other way of `position`'s side, for its size, that
   * can only reduce (both exchanges' contracts; OKX spot margin uses close-position). It acts on the side
   * and size given, so a caller passes the position as it just looked it up.
   */
  close(position: Position, clientOrderId?: string): Promise<OrderAck>;
  /**
   * Closes `size` of the position at market: reduce-only, the other way of `position`'s side, in its slot.
   * `size` is in the exchange's order unit and already a multiple of the lot size (the caller rounds down
   * and refuses a size below the minimum, in words, before it gets here).
   */
  closePart(position: Position, size: string, clientOrderId?: string): Promise<OrderAck>;
  /**
   * The dead-man switch (docs/protocol.md "Cancel all after"): unless called again within `timeoutSeconds`,
   * the exchange cancels every resting order of the account. 0 turns it off, else 10 to 120 whole seconds,
   * refused in words outside that before anything is sent. Over REST only. Bybit refuses with
   * UnsupportedError: its disconnect-cancel-all is for institutional accounts.
   */
  cancelAllAfter(timeoutSeconds: number): Promise<CancelAllAfterAck>;
  /**
   * Cancels every resting order of the account, or of one instrument: regular orders and the conditional
   * ones (stops, targets, trailing stops placed as orders). Bybit `cancel-all` per category; OKX batch
   * cancels plus `cancel-algos`, paced inside their rate limits (docs/protocol.md "Cancel all").
   * Stops and targets Bybit keeps on the position itself (Full mode) are not orders: they stay.
   */
  cancelAll(scope?: CancelAllScope): Promise<CancelAllReport>;
}

/** What cancelAll covers: the whole account, or one instrument. */
export interface CancelAllScope {
  readonly instrument?: InstrumentRef;
}

/**
 * What the exchange answered for each order it was asked to cancel: code "0" cancelled, else refused in
 * the exchange's words (an order that filled meanwhile is refused, not an error of the whole call).
 */
export interface CancelAllReport {
  readonly exchange: ExchangeId;
  readonly acks: readonly OrderAck[];
}

/** When the exchange will cancel every resting order (ms since the epoch), or undefined when it is off. */
export interface CancelAllAfterAck {
  readonly armedUntil: number | undefined;
}

/**
 * Stops, targets and trailing stops on open positions (docs/protocol.md "Protection"). Every request acts on
 * the position as the caller passes it (side, slot, kind); the answer is only the exchange's acceptance:
 * a caller confirms from the `protection` stream.
 */
export interface ExchangeProtection {
  /** The legs waiting on every open position the filter allows (positions without any are left out). */
  list(filter?: AccountFilter): Promise<PositionProtection[]>;
  protect(request: ProtectRequest): Promise<ProtectionAck>;
  move(request: MoveProtectionRequest): Promise<ProtectionAck>;
  cancel(position: Position, leg: ProtectionLeg): Promise<ProtectionAck>;
  /**
   * A stop for the whole position at its breakeven price (Bybit breakEvenPrice, OKX bePx; the entry price
   * where the exchange publishes none), in one call: it moves the whole-position stop when there is one.
   */
  breakeven(position: Position): Promise<ProtectionAck>;
  trail(request: TrailRequest): Promise<ProtectionAck>;
}
