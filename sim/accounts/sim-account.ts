import type {
  AccountChange,
  ExchangeName,
  KeyKind,
  KeyPermission,
  MarginMode,
  PositionMode,
  PositionSide,
  SimClose,
  SimFill,
  SimOrder,
  SimPosition,
  TradableInstrument,
} from './types.js';

export const DEFAULT_LEVERAGE = 10;
export const DEFAULT_BALANCE_USDT = 100_000;

type ChangeListener = (change: AccountChange) => void;

/** OKX order ids are 18-19 digit numbers; Bybit's are UUIDs (docs/protocol.md "Pushes and numbers"). */
function formatOrderId(exchange: ExchangeName, uid: string, n: number): string {
  if (exchange === 'okx') return String(6_000_000_000_000_000_000n + BigInt(n));
  const hex = n.toString(16).padStart(12, '0');
  return `${uid.slice(0, 8).padStart(8, '0')}-0000-4000-8000-${hex}`;
}

/**
 * One demo account on one exchange: its key's permission, position mode, USDT cash balance,
 * orders (open and history), fills, positions and leverage. Mutated only by the trading engine
 * and the admin API; every mutation is announced once through `onChange`.
 */
export class SimAccount {
  permission: KeyPermission = 'trade';
  /** The IP addresses the key is bound to; empty = usable from anywhere (and, on Bybit, expiring). */
  ips: readonly string[] = [];
  /** Which side issued the key; the simulator plays the live hosts (see KeyKind). */
  keyKind: KeyKind = 'any';
  positionMode: PositionMode = 'one_way';
  cash: number;
  readonly orders = new Map<string, SimOrder>();
  /** Live and partially filled orders, kept in step by `emit` (every mutation ends there). */
  private readonly open = new Set<SimOrder>();
  readonly fills: SimFill[] = [];
  /** Every close of a position, oldest first (docs/protocol.md "Position history"). */
  readonly closes: SimClose[] = [];
  private readonly positions = new Map<string, SimPosition>();
  private readonly leverageBySymbol = new Map<string, number>();
  private readonly listeners = new Set<ChangeListener>();
  private orderSeq = 0;
  private tradeSeq = 0;
  private positionSeq = 0;

  constructor(
    readonly exchange: ExchangeName,
    readonly uid: string,
    private readonly startingCash = DEFAULT_BALANCE_USDT,
  ) {
    this.cash = startingCash;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: AccountChange): void {
    for (const order of change.orders) {
      if (order.state === 'live' || order.state === 'partially_filled') this.open.add(order);
      else this.open.delete(order);
    }
    for (const listener of this.listeners) listener(change);
  }

  nextOrderId(): string {
    return formatOrderId(this.exchange, this.uid, ++this.orderSeq);
  }

  nextTradeId(): string {
    return String(100_000_000 + ++this.tradeSeq);
  }

  leverageFor(instrument: TradableInstrument): number {
    return this.leverageBySymbol.get(instrument.symbol) ?? Math.min(DEFAULT_LEVERAGE, instrument.maxLeverage);
  }

  setLeverage(instrument: TradableInstrument, leverage: number): void {
    this.leverageBySymbol.set(instrument.symbol, leverage);
    for (const position of this.positions.values()) {
      if (position.instrument.symbol === instrument.symbol) position.leverage = leverage;
    }
  }

  /** The position record for an instrument and side, created flat when missing. */
  position(
    instrument: TradableInstrument,
    posSide: PositionSide,
    marginMode: MarginMode,
    now: number,
  ): SimPosition {
    const key = `${instrument.symbol}|${posSide}`;
    let position = this.positions.get(key);
    if (!position) {
      position = {
        id: String(++this.positionSeq + 300_000_000),
        instrument,
        posSide,
        size: 0,
        avgPx: 0,
        realisedPnl: 0,
        fees: 0,
        fundingPaid: 0,
        marginMode,
        leverage: this.leverageFor(instrument),
        openedAt: now,
        updatedAt: now,
      };
      this.positions.set(key, position);
    }
    return position;
  }

  findPosition(symbol: string, posSide: PositionSide): SimPosition | undefined {
    return this.positions.get(`${symbol}|${posSide}`);
  }

  /** Every position record, flat ones included (they were pushed as closed). */
  allPositions(): SimPosition[] {
    return [...this.positions.values()];
  }

  openPositions(): SimPosition[] {
    return this.allPositions().filter((p) => p.size !== 0);
  }

  /** Open orders, oldest first. The market calls this on every book change, so it is an index, not a scan. */
  openOrders(): SimOrder[] {
    return [...this.open];
  }

  /** Back to the starting state: cash, no orders, fills or positions; settings kept unless asked. */
  reset(): void {
    this.cash = this.startingCash;
    this.orders.clear();
    this.open.clear();
    this.fills.length = 0;
    this.closes.length = 0;
    this.positions.clear();
    this.leverageBySymbol.clear();
    this.permission = 'trade';
    this.ips = [];
    this.keyKind = 'any';
    this.positionMode = 'one_way';
  }
}
