import {
  emptyBalance,
  emptyQuote,
  type Balance,
  type ExchangeId,
  type OrderUpdateEvent,
  type Position,
  type ProtectionLeg,
  type PositionUpdateEvent,
  type TickerEvent,
  type WalletUpdateEvent,
} from '../../exchanges';
import type { PositionView } from '../../contracts/portfolio';

/** Model objects as the Exchange makes them, with only what a test cares about given. */

export function aPosition(overrides: Partial<Position> = {}): Position {
  return {
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    category: 'SWAP',
    instrumentKind: 'perpetual',
    side: 'long',
    sizeContracts: '50',
    sizeCoin: '0.5',
    entryPrice: '50000',
    markPrice: '50000',
    liquidationPrice: undefined,
    unrealisedPnl: '0',
    leverage: '10',
    marginMode: 'cross',
    positionMode: 'one-way',
    positionSlot: 'one-way',
    updatedAt: 1_000,
    ...overrides,
  };
}

export const positionPush = (overrides: Partial<Position> = {}, ts = 1_000): PositionUpdateEvent => ({
  ...aPosition({ updatedAt: ts, ...overrides }),
  kind: 'position',
  ts,
});

/** A perpetual's ticker, unless `fields` names another kind. */
export function aTicker(
  exchange: ExchangeId,
  symbol: string,
  fields: Partial<TickerEvent> = {},
): TickerEvent {
  return { kind: 'ticker', ...emptyQuote(exchange, 'perpetual', symbol, 2_000), ...fields };
}

export function aBalance(exchange: ExchangeId, equity: string): Balance {
  return {
    ...emptyBalance(exchange),
    totalEquityUsd: equity,
    coins: [
      {
        coin: 'USDT',
        equity,
        available: equity,
        walletBalance: equity,
        unrealisedPnl: '0',
        usdValue: equity,
        usedMargin: undefined,
        maintenanceMargin: undefined,
        marginRisk: undefined,
      },
    ],
  };
}

export const walletPush = (exchange: ExchangeId, equity: string): WalletUpdateEvent => ({
  ...aBalance(exchange, equity),
  kind: 'wallet',
  ts: 3_000,
});

export function anOrder(overrides: Partial<OrderUpdateEvent> = {}): OrderUpdateEvent {
  return {
    kind: 'order',
    exchange: 'bybit',
    symbol: 'ETHUSDT',
    ts: 4_000,
    orderId: 'o-1',
    clientOrderId: 'perch1',
    side: 'buy',
    orderType: 'limit',
    price: '3000',
    size: '1',
    filledSize: '0',
    sizeUnit: 'base',
    averagePrice: undefined,
    status: 'open',
    rawStatus: 'New',
    reduceOnly: false,
    ...overrides,
  };
}

/** A stop for the whole position, by the mark, unless a test says otherwise. */
export function aProtectionLeg(overrides: Partial<ProtectionLeg> = {}): ProtectionLeg {
  return {
    id: 'leg-1',
    role: 'stop',
    triggerPrice: '48000',
    triggerBy: 'mark',
    size: undefined,
    trailing: undefined,
    ...overrides,
  };
}

/** A position row as the portfolio shows it: an OKX BTC long of one contract, unless overridden. */
export function aPositionView(overrides: Partial<PositionView> = {}): PositionView {
  return {
    exchange: 'okx',
    symbol: 'BTC-USDT-SWAP',
    kind: 'perpetual',
    side: 'long',
    slot: 'one-way',
    sizeContracts: '1',
    pnlSource: 'mark',
    ...overrides,
  };
}
