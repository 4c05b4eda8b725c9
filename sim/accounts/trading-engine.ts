import { ChangeCollector } from './change-collector.js';
import { executeFill } from './fill-execution.js';
import { accountMargin, multiplierOf, TAKER_FEE_RATE } from './margin.js';
import { resolvePositionSide, validPrice, validSize, type PlaceOrderRequest } from './order-request.js';
import { clean } from './position-math.js';
import type { SimAccount } from './sim-account.js';
import { refuse, succeed, type TradeResult } from './trade-error.js';
import type { MarketAccess, PositionSide, Side, SimOrder, SimPosition, TradableInstrument } from './types.js';

export interface OrderLocator {
  readonly symbol: string;
  readonly orderId?: string | undefined;
  readonly clientId?: string | undefined;
}

export interface AmendRequest extends OrderLocator {
  /** New total size (filled part included), as OKX newSz and Bybit qty mean it. */
  readonly newSize?: string | undefined;
  readonly newPrice?: string | undefined;
}

/** The side of the position an order on `posSide` would shrink, or undefined when it opens. */
function reducedDirection(side: Side, posSide: PositionSide): 1 | -1 | undefined {
  if (posSide === 'long') return side === 'sell' ? 1 : undefined;
  if (posSide === 'short') return side === 'buy' ? -1 : undefined;
  return side === 'buy' ? -1 : 1;
}

/**
 * Whether an order may only shrink a position: reduce-only orders, and in hedge mode any order
 * against its side (sell on long, buy on short), which OKX and Bybit treat as a close.
 */
function isReducing(side: Side, posSide: PositionSide, reduceOnly: boolean): boolean {
  return reduceOnly || (posSide !== 'net' && reducedDirection(side, posSide) !== undefined);
}

/**
 * Whether an order's unfilled opening size holds margin (orderInitialMargin): placing, amending or
 * cancelling one moves the available balance, and both exchanges push the wallet for it, not only
 * on fills (Bybit: docs/protocol.md "Wallet pushes on resting orders"; OKX's account channel pushes on placing and cancelling
 * orders: https://www.okx.com/docs-v5/en/#trading-account-websocket-account-channel).
 */
const holdsMargin = (order: SimOrder): boolean => order.type === 'limit' && !order.reduceOnly;

type OrderTerms = Omit<
  SimOrder,
  | 'filled'
  | 'avgFillPx'
  | 'fee'
  | 'realisedPnl'
  | 'state'
  | 'cancelReason'
  | 'createdAt'
  | 'updatedAt'
  | 'lastFill'
>;

/** A new order nothing has filled yet. */
const freshOrder = (terms: OrderTerms, now: number): SimOrder => ({
  ...terms,
  filled: 0,
  avgFillPx: 0,
  fee: 0,
  realisedPnl: 0,
  state: 'live',
  cancelReason: undefined,
  createdAt: now,
  updatedAt: now,
  lastFill: undefined,
});

/**
 * Orders against one account: market orders walk the book, marketable limit orders take what
 * crosses and rest the rest, resting orders fill when the price crosses them. Each call announces
 * its changes once on the account.
 */
export class TradingEngine {
  private taking = false;

  constructor(
    readonly account: SimAccount,
    private readonly market: MarketAccess,
    private readonly now: () => number,
  ) {}

  instrument(symbol: string): TradeResult<TradableInstrument> {
    const instrument = this.market.instrument(this.account.exchange, symbol);
    if (!instrument) return refuse('instrumentNotFound', symbol);
    // Perch trades derivatives; spot order entry is not simulated.
    return instrument.kind === 'perp' ? succeed(instrument) : refuse('paramError', 'instId');
  }

  private canTrade(): TradeResult<true> {
    return this.account.permission === 'read_only' ? refuse('permissionDenied') : succeed(true);
  }

  place(request: PlaceOrderRequest): TradeResult<SimOrder> {
    const allowed = this.canTrade();
    if (!allowed.ok) return allowed;
    const found = this.instrument(request.symbol);
    if (!found.ok) return found;
    const instrument = found.value;
    let size = validSize(instrument, request.size);
    if (size === undefined) return refuse('paramError', 'sz');
    const price = request.type === 'limit' ? validPrice(instrument, request.price) : undefined;
    if (request.type === 'limit' && price === undefined) return refuse('paramError', 'px');
    const posSide = resolvePositionSide(this.account.positionMode, request.posSide);
    if (!posSide.ok) return posSide;

    const closable = this.closableSize(instrument.symbol, request.side, posSide.value);
    const reducing = isReducing(request.side, posSide.value, request.reduceOnly);
    if (reducing && closable === 0) return refuse('reduceOnlyNoPosition');
    if (reducing) size = Math.min(size, closable);
    // Opening orders are capped by the instrument's max sizes; reduce-only ones are split by the exchange.
    const cap = Number(request.type === 'market' ? instrument.maxMarketSize : instrument.maxLimitSize);
    if (!reducing && size > cap) return refuse('sizeTooLarge', request.type);

    const opening = reducing ? 0 : Math.max(0, size - closable);
    const leverage = this.account.leverageFor(instrument);
    const refPrice =
      price ??
      (request.side === 'buy' ? this.market.bestAsk(instrument) : this.market.bestBid(instrument)) ??
      this.market.markPrice(instrument);
    const notional = (n: number) => n * refPrice * multiplierOf(instrument);
    const needed = notional(opening) / leverage + notional(size) * TAKER_FEE_RATE;
    if (opening > 0 && needed > accountMargin(this.account, this.market).available)
      return refuse('insufficientBalance');

    const now = this.now();
    const order = freshOrder(
      {
        id: this.account.nextOrderId(),
        clientId: request.clientId,
        tag: request.tag ?? '',
        instrument,
        side: request.side,
        posSide: posSide.value,
        type: request.type,
        timeInForce: request.type === 'market' ? 'ioc' : (request.timeInForce ?? 'gtc'),
        price,
        size,
        reduceOnly: request.reduceOnly,
        marginMode: request.marginMode,
        leverage,
        origin: request.origin ?? 'user',
        algoId: request.algoId ?? '',
      },
      now,
    );
    this.account.orders.set(order.id, order);
    const changes = new ChangeCollector();
    changes.order(order);
    const blocked = !this.mayTake(order);
    if (!blocked) this.takeLiquidity(order, changes);
    // Only gtc and post_only orders rest: a market or ioc order drops what the book could not fill,
    // and a post_only or fok order that may not trade is cancelled whole (it still gets an order id).
    const rests = order.timeInForce === 'gtc' || order.timeInForce === 'post_only';
    if (order.state !== 'filled' && (blocked || !rests)) {
      order.state = 'canceled';
      order.cancelReason =
        blocked && order.timeInForce === 'post_only' ? 'postOnlyWouldTake' : 'unfilledRemainder';
    }
    if (holdsMargin(order) && (order.state === 'live' || order.state === 'partially_filled'))
      changes.balance();
    this.account.emit(changes.build());
    return succeed(order);
  }

  /** post_only never takes liquidity; fok takes only when the whole size is there within its price. */
  private mayTake(order: SimOrder): boolean {
    if (order.timeInForce === 'post_only')
      return this.market.peek(order.instrument, order.side, order.size, order.price).length === 0;
    if (order.timeInForce !== 'fok') return true;
    const available = this.market
      .peek(order.instrument, order.side, order.size, order.price)
      .reduce((sum, level) => sum + level.size, 0);
    return clean(available) >= order.size;
  }

  /** How much of a position an order on this side could close (0 when it would only open). */
  private closableSize(symbol: string, side: Side, posSide: PositionSide): number {
    const direction = reducedDirection(side, posSide);
    const position = this.account.findPosition(symbol, posSide);
    return direction !== undefined && position && Math.sign(position.size) === direction
      ? Math.abs(position.size)
      : 0;
  }

  private takeLiquidity(order: SimOrder, changes: ChangeCollector): void {
    const remaining = clean(order.size - order.filled);
    // Taking liquidity moves the market, whose events call matchResting: not while this order fills.
    this.taking = true;
    try {
      for (const level of this.market.take(order.instrument, order.side, remaining, order.price)) {
        executeFill(
          this.account,
          order,
          { price: level.price, size: level.size, maker: false },
          this.now(),
          changes,
        );
      }
    } finally {
      this.taking = false;
    }
  }

  private locate(locator: OrderLocator): TradeResult<SimOrder> {
    const byId = locator.orderId ? this.account.orders.get(locator.orderId) : undefined;
    const order =
      byId ??
      (locator.clientId
        ? [...this.account.orders.values()].reverse().find((o) => o.clientId === locator.clientId)
        : undefined);
    if (!order || order.instrument.symbol !== locator.symbol) return refuse('orderNotFound');
    if (order.state === 'filled') return refuse('orderFilled');
    if (order.state === 'canceled') return refuse('orderCanceled');
    return succeed(order);
  }

  /** An open order this key may change: trade permission, then lookup and state checks. */
  private editable(locator: OrderLocator): TradeResult<SimOrder> {
    const allowed = this.canTrade();
    return allowed.ok ? this.locate(locator) : allowed;
  }

  cancel(locator: OrderLocator): TradeResult<SimOrder> {
    const found = this.editable(locator);
    if (!found.ok) return found;
    const order = found.value;
    order.state = 'canceled';
    order.cancelReason = 'user';
    order.updatedAt = this.now();
    const changes = new ChangeCollector();
    changes.order(order);
    if (holdsMargin(order)) changes.balance();
    this.account.emit(changes.build());
    return succeed(order);
  }

  /** Cancels every open order the predicate picks (every one by default). */
  cancelAll(picks: (order: SimOrder) => boolean = () => true): SimOrder[] {
    const cancelled: SimOrder[] = [];
    for (const order of this.account.openOrders()) {
      if (!picks(order)) continue;
      const result = this.cancel({ symbol: order.instrument.symbol, orderId: order.id });
      if (result.ok) cancelled.push(result.value);
    }
    return cancelled;
  }

  amend(request: AmendRequest): TradeResult<SimOrder> {
    const found = this.editable(request);
    if (!found.ok) return found;
    const order = found.value;
    const newSize = request.newSize === undefined ? order.size : validSize(order.instrument, request.newSize);
    if (newSize === undefined || newSize <= order.filled) return refuse('paramError', 'newSz');
    const newPrice =
      request.newPrice === undefined ? order.price : validPrice(order.instrument, request.newPrice);
    if (newPrice === undefined || order.type === 'market') return refuse('paramError', 'newPx');
    order.size = newSize;
    order.price = newPrice;
    order.updatedAt = this.now();
    const changes = new ChangeCollector();
    changes.order(order);
    if (holdsMargin(order)) changes.balance();
    this.takeLiquidity(order, changes);
    this.account.emit(changes.build());
    return succeed(order);
  }

  /** OKX close-position: closes the whole position at market (docs/protocol.md "OKX positions"). */
  closePosition(
    symbol: string,
    posSide: PositionSide | undefined,
    ids: { clientId?: string; tag?: string } = {},
  ): TradeResult<SimPosition> {
    const mode = this.account.positionMode;
    const side = posSide ?? 'net';
    if ((mode === 'hedge') !== (side !== 'net')) return refuse('positionModeMismatch', 'posSide');
    const position = this.account.findPosition(symbol, side);
    if (!position || position.size === 0) return refuse('positionNotFound');
    const result = this.place({
      symbol,
      side: position.size > 0 ? 'sell' : 'buy',
      type: 'market',
      size: String(Math.abs(position.size)),
      posSide: side,
      reduceOnly: true,
      marginMode: position.marginMode,
      clientId: ids.clientId ?? '',
      tag: ids.tag ?? '',
    });
    return result.ok ? succeed(position) : result;
  }

  /**
   * Admin: makes a position exist as given (signed size for net; the side's sign is implied for
   * long/short), without a trade. Cash is untouched; the change is pushed like any other.
   */
  setPosition(symbol: string, posSide: PositionSide, size: number, avgPx: number): TradeResult<SimPosition> {
    const found = this.instrument(symbol);
    if (!found.ok) return found;
    const signed = posSide === 'long' ? Math.abs(size) : posSide === 'short' ? -Math.abs(size) : size;
    const now = this.now();
    const position = this.account.position(found.value, posSide, 'cross', now);
    position.size = signed;
    position.avgPx = signed === 0 ? 0 : avgPx;
    position.openedAt = now;
    position.updatedAt = now;
    const changes = new ChangeCollector();
    changes.position(position);
    this.account.emit(changes.build());
    return succeed(position);
  }

  /**
   * The exchange's risk engine closes the whole position (liquidation, auto-deleveraging): a market order
   * of the exchange's making, filled at the mark price rather than walking the book, since neither fills
   * against the trader's order book; the key's permission does not matter.
   */
  forceClose(position: SimPosition, origin: 'liquidation' | 'adl'): SimOrder {
    const now = this.now();
    const size = Math.abs(position.size);
    const order = freshOrder(
      {
        id: this.account.nextOrderId(),
        clientId: '',
        tag: '',
        instrument: position.instrument,
        side: position.size > 0 ? 'sell' : 'buy',
        posSide: position.posSide,
        type: 'market',
        timeInForce: 'ioc',
        price: undefined,
        size,
        reduceOnly: true,
        marginMode: position.marginMode,
        leverage: position.leverage,
        origin,
        algoId: '',
      },
      now,
    );
    this.account.orders.set(order.id, order);
    const changes = new ChangeCollector();
    changes.order(order);
    const price = this.market.markPrice(position.instrument);
    executeFill(this.account, order, { price, size, maker: false }, now, changes);
    this.account.emit(changes.build());
    return order;
  }

  /** Fills resting limit orders the market has crossed, at their own price, as maker. */
  matchResting(): void {
    if (this.taking) return;
    const changes = new ChangeCollector();
    for (const order of this.account.openOrders()) {
      if (order.price === undefined) continue;
      const best =
        order.side === 'buy' ? this.market.bestAsk(order.instrument) : this.market.bestBid(order.instrument);
      const crossed =
        best !== undefined && (order.side === 'buy' ? best <= order.price : best >= order.price);
      if (!crossed) continue;
      let size = clean(order.size - order.filled);
      if (isReducing(order.side, order.posSide, order.reduceOnly)) {
        // The position may have shrunk since the order rested: never let it open the other way.
        size = Math.min(size, this.closableSize(order.instrument.symbol, order.side, order.posSide));
        if (size === 0) {
          order.state = 'canceled';
          order.cancelReason = 'reduceOnlyNoPosition';
          changes.order(order);
          continue;
        }
      }
      executeFill(this.account, order, { price: order.price, size, maker: true }, this.now(), changes);
      if (order.state === 'partially_filled' && order.reduceOnly) {
        order.state = 'canceled';
        order.cancelReason = 'reduceOnlyNoPosition';
      }
    }
    if (!changes.isEmpty()) this.account.emit(changes.build());
  }
}
