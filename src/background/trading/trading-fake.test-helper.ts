import type {
  CancelAllReport,
  Exchange,
  ExchangeId,
  Order,
  OrderAck,
  Position,
  PositionProtection,
  PositionSlot,
  ProtectionAck,
  SocketStatusEvent,
  StreamEvent,
} from '../../exchanges';
import type { ExchangeRegistry } from '../services';

/** Test-only fakes of what trading uses: the registry and the parts of one Exchange a close touches. */

export const SYMBOL: Record<ExchangeId, string> = { okx: 'BTC-USDT-SWAP', bybit: 'BTCUSDT' };

export function openPositionOf(
  exchange: ExchangeId,
  slot: PositionSlot,
  symbol = SYMBOL[exchange],
): Position {
  return {
    exchange,
    symbol,
    category: exchange === 'okx' ? 'SWAP' : 'linear',
    instrumentKind: 'perpetual',
    side: slot === 'short' ? 'short' : 'long',
    sizeContracts: '2',
    sizeCoin: undefined,
    entryPrice: '60000',
    markPrice: '61000',
    liquidationPrice: undefined,
    unrealisedPnl: '20',
    leverage: '10',
    marginMode: 'cross',
    positionMode: slot === 'one-way' ? 'one-way' : 'hedge',
    positionSlot: slot,
    updatedAt: undefined,
  };
}

export interface CloseCall {
  readonly position: Position;
  readonly clientOrderId: string | undefined;
  answer(ack?: Partial<OrderAck>): void;
  fail(error: unknown): void;
}

/** One call of the protection facet (or trade.closePart), answered only when the test says so. */
export interface ProtectionCall {
  readonly method: 'protect' | 'move' | 'cancel' | 'breakeven' | 'trail' | 'closePart';
  /** What it was called with, as the facet received it. */
  readonly args: readonly unknown[];
  answer(ack?: Partial<ProtectionAck>): void;
  fail(error: unknown): void;
}

export interface FakeTradingExchange {
  readonly exchange: Exchange;
  positions: Position[];
  openOrders: Order[];
  overSocket: boolean;
  /** Every trade.close, answered only when the test says so. */
  readonly closes: CloseCall[];
  /** What protection.list answers. */
  protection: PositionProtection[];
  /** Every protection call and partial close, in order. */
  readonly protectionCalls: ProtectionCall[];
  /** What trade.cancelAll does (by default it is not used). */
  cancelAll: () => Promise<CancelAllReport>;
  /** Makes every REST look-up fail with this until set back to undefined. */
  restFailure: Error | undefined;
  /** The private stream's topics were (re)confirmed: pushes before this may have been missed. */
  subscribed(): void;
  /** Hands a positions- or protection-stream event to every listener of that stream. */
  push(event: StreamEvent): void;
  listeners(): number;
}

function unused(): never {
  throw new Error('not used by trading');
}

export function createFakeTradingExchange(id: ExchangeId): FakeTradingExchange {
  const listeners = new Set<{ stream: string; listener: (event: StreamEvent) => void }>();
  const statusListeners = new Set<(event: SocketStatusEvent) => void>();
  const lookUp = <T>(value: () => T): Promise<T> =>
    fake.restFailure === undefined ? Promise.resolve(value()) : Promise.reject(fake.restFailure);
  const called = (method: ProtectionCall['method'], args: readonly unknown[]) =>
    new Promise<ProtectionAck>((resolve, reject) => {
      fake.protectionCalls.push({
        method,
        args,
        answer: (ack = {}) => {
          resolve({ exchange: id, legId: undefined, code: '0', message: '', ...ack });
        },
        fail: reject,
      });
    });
  const fake: FakeTradingExchange = {
    positions: [],
    openOrders: [],
    overSocket: false,
    closes: [],
    protection: [],
    protectionCalls: [],
    restFailure: undefined,
    cancelAll: unused,
    push: (event) => {
      const stream = event.kind === 'protection' ? 'protection' : 'positions';
      for (const entry of [...listeners]) if (entry.stream === stream) entry.listener(event);
    },
    listeners: () => listeners.size + statusListeners.size,
    subscribed: () => {
      for (const listener of [...statusListeners]) listener({ type: 'subscribed', socket: 'private' });
    },
    exchange: {
      id,
      rest: {
        id,
        syncClock: unused,
        getServerTime: unused,
        getInstruments: unused,
        getQuote: unused,
        getBook: unused,
        getBalance: unused,
        getPositions: (filter) =>
          lookUp(() => fake.positions.filter((p) => p.symbol === (filter?.instrument?.symbol ?? p.symbol))),
        getOpenOrders: (filter) =>
          lookUp(() => fake.openOrders.filter((o) => o.symbol === (filter?.instrument?.symbol ?? o.symbol))),
        cancelOrder: unused,
        getAccountConfig: unused,
        closePosition: unused,
        getCandles: unused,
        getFills: unused,
        getClosedPositions: unused,
      },
      streams: {
        subscribe: (request, listener) => {
          if (request.kind !== 'positions' && request.kind !== 'protection') unused();
          const entry = { stream: request.kind, listener };
          listeners.add(entry);
          return () => listeners.delete(entry);
        },
        onStatus: (listener) => {
          statusListeners.add(listener);
          return () => statusListeners.delete(listener);
        },
      },
      trade: {
        get overSocket() {
          return fake.overSocket;
        },
        place: unused,
        amend: unused,
        cancel: unused,
        close: (position, clientOrderId) =>
          new Promise<OrderAck>((resolve, reject) => {
            fake.closes.push({
              position,
              clientOrderId,
              answer: (ack = {}) => {
                resolve({
                  exchange: id,
                  orderId: 'order-1',
                  clientOrderId: clientOrderId ?? '',
                  code: '0',
                  message: '',
                  ...ack,
                });
              },
              fail: reject,
            });
          }),
        closePart: (...args) =>
          called('closePart', args).then((ack) => ({
            exchange: id,
            orderId: 'order-2',
            clientOrderId: String(args[2]),
            code: ack.code,
            message: ack.message,
          })),
        cancelAllAfter: unused,
        cancelAll: () => fake.cancelAll(),
      },
      protection: {
        list: (filter) =>
          lookUp(() => fake.protection.filter((p) => p.symbol === (filter?.instrument?.symbol ?? p.symbol))),
        protect: (...args) => called('protect', args),
        move: (...args) => called('move', args),
        cancel: (...args) => called('cancel', args),
        breakeven: (...args) => called('breakeven', args),
        trail: (...args) => called('trail', args),
      },
      close: unused,
      reconnectNow: unused,
    },
  };
  return fake;
}

/** A registry over fixed fakes; an exchange left out is "turned off". */
export function createFakeRegistry(
  exchanges: Partial<Record<ExchangeId, FakeTradingExchange>>,
): ExchangeRegistry {
  return {
    exchange: (id) => Promise.resolve(exchanges[id]?.exchange),
    onRebuild: () => () => undefined,
  };
}
