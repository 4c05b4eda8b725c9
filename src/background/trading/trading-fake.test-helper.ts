import type {
  Exchange,
  ExchangeId,
  Order,
  OrderAck,
  Position,
  PositionSlot,
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

export interface FakeTradingExchange {
  readonly exchange: Exchange;
  positions: Position[];
  openOrders: Order[];
  overSocket: boolean;
  /** Every trade.close, answered only when the test says so. */
  readonly closes: CloseCall[];
  /** Makes every REST look-up fail with this until set back to undefined. */
  restFailure: Error | undefined;
  /** The private stream's topics were (re)confirmed: pushes before this may have been missed. */
  subscribed(): void;
  /** Hands a positions-stream event to every listener. */
  push(event: StreamEvent): void;
  listeners(): number;
}

function unused(): never {
  throw new Error('not used by trading');
}

export function createFakeTradingExchange(id: ExchangeId): FakeTradingExchange {
  const listeners = new Set<(event: StreamEvent) => void>();
  const statusListeners = new Set<(event: SocketStatusEvent) => void>();
  const lookUp = <T>(value: () => T): Promise<T> =>
    fake.restFailure === undefined ? Promise.resolve(value()) : Promise.reject(fake.restFailure);
  const fake: FakeTradingExchange = {
    positions: [],
    openOrders: [],
    overSocket: false,
    closes: [],
    restFailure: undefined,
    push: (event) => {
      for (const listener of [...listeners]) listener(event);
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
      },
      streams: {
        subscribe: (request, listener) => {
          if (request.kind !== 'positions') unused();
          listeners.add(listener);
          return () => listeners.delete(listener);
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
        closePart: unused,
      },
      protection: {
        list: unused,
        protect: unused,
        move: unused,
        cancel: unused,
        breakeven: unused,
        trail: unused,
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
