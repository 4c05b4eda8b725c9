import {
  emptyBalance,
  type Exchange,
  type ExchangeId,
  type ExchangeRest,
  type KeyPermissions,
} from '../../exchanges';

const refuse = () => Promise.reject(new Error('not used by this test'));

/** What each exchange calls a trading key's rights. */
const TRADE_PERMISSIONS: Record<ExchangeId, readonly string[]> = {
  okx: ['read_only', 'trade'],
  bybit: ['ContractTrade:Order', 'ContractTrade:Position'],
};

/** A key's permissions as the exchange's mapping gives them: trade, no withdraw, unbound, never expiring. */
export function tradeKey(exchange: ExchangeId): KeyPermissions {
  const may = { canRead: true, canTrade: true, canWithdraw: false };
  return { exchange, ...may, raw: TRADE_PERMISSIONS[exchange], ips: [], expiresAt: undefined };
}

export interface FakeExchange extends Exchange {
  readonly closed: () => number;
}

/**
 * An Exchange whose REST answers are the given functions (every other call rejects) and whose close()
 * is counted. Streams and trading are never used by the services that take it here.
 */
export function createFakeExchange(id: ExchangeId, rest: Partial<ExchangeRest> = {}): FakeExchange {
  let closed = 0;
  return {
    id,
    rest: {
      id,
      syncClock: () => Promise.resolve(0),
      getServerTime: refuse,
      getInstruments: refuse,
      getQuote: refuse,
      getBook: refuse,
      getBalance: () => Promise.resolve({ ...emptyBalance(id), totalEquityUsd: '1000' }),
      getPositions: refuse,
      getOpenOrders: refuse,
      cancelOrder: refuse,
      getAccountConfig: () =>
        Promise.resolve({ exchange: id, uid: '1', positionMode: 'one-way', permissions: tradeKey(id) }),
      closePosition: refuse,
      getCandles: refuse,
      getFills: refuse,
      getClosedPositions: refuse,
      ...rest,
    },
    streams: { subscribe: () => () => undefined, onStatus: () => () => undefined },
    trade: {
      overSocket: false,
      place: refuse,
      amend: refuse,
      cancel: refuse,
      close: refuse,
      closePart: refuse,
      cancelAllAfter: refuse,
      cancelAll: refuse,
    },
    protection: {
      list: refuse,
      protect: refuse,
      move: refuse,
      cancel: refuse,
      breakeven: refuse,
      trail: refuse,
    },
    close: () => {
      closed += 1;
    },
    reconnectNow: () => undefined,
    closed: () => closed,
  };
}
