import type { SimAccount } from './sim-account.js';
import { unrealisedPnl } from './position-math.js';
import type { MarketAccess, SimOrder, SimPosition, TradableInstrument } from './types.js';

/** Taker and maker fee rates of a regular account tier. */
export const TAKER_FEE_RATE = 0.0005;
export const MAKER_FEE_RATE = 0.0002;

/** USDT per (price × size): OKX swaps trade contracts of ctVal coin, Bybit linear trades coin. */
export const multiplierOf = (instrument: TradableInstrument): number =>
  Number(instrument.contractValue ?? '1');

export const positionUpl = (position: SimPosition, market: MarketAccess): number =>
  unrealisedPnl(position.size, position.avgPx, market.markPrice(position.instrument)) *
  multiplierOf(position.instrument);

export const positionNotional = (position: SimPosition, market: MarketAccess): number =>
  Math.abs(position.size) * market.markPrice(position.instrument) * multiplierOf(position.instrument);

export const positionInitialMargin = (position: SimPosition, market: MarketAccess): number =>
  positionNotional(position, market) / position.leverage;

/** Maintenance margin at a flat 0.4 % of notional (the exchanges' first risk tier for BTC). */
export const positionMaintenanceMargin = (position: SimPosition, market: MarketAccess): number =>
  positionNotional(position, market) * 0.004;

/** Margin an open order reserves: its unfilled opening notional over leverage (reduce-only reserves none). */
export const orderInitialMargin = (order: SimOrder, market: MarketAccess): number => {
  if (order.reduceOnly) return 0;
  const price = order.price ?? market.markPrice(order.instrument);
  return ((order.size - order.filled) * price * multiplierOf(order.instrument)) / order.leverage;
};

export interface AccountMargin {
  readonly cash: number;
  readonly upl: number;
  readonly equity: number;
  readonly positionMargin: number;
  readonly orderMargin: number;
  /** What positions and open orders hold: OKX imr, Bybit totalInitialMargin. */
  readonly initialMargin: number;
  readonly maintenanceMargin: number;
  readonly available: number;
}

/** The account's margin picture at current mark prices (cross margin, USDT only). */
export function accountMargin(account: SimAccount, market: MarketAccess): AccountMargin {
  const positions = account.openPositions();
  const upl = positions.reduce((sum, p) => sum + positionUpl(p, market), 0);
  const positionMargin = positions.reduce((sum, p) => sum + positionInitialMargin(p, market), 0);
  const maintenanceMargin = positions.reduce((sum, p) => sum + positionMaintenanceMargin(p, market), 0);
  const orderMargin = account.openOrders().reduce((sum, o) => sum + orderInitialMargin(o, market), 0);
  const equity = account.cash + upl;
  return {
    cash: account.cash,
    upl,
    equity,
    positionMargin,
    orderMargin,
    initialMargin: positionMargin + orderMargin,
    maintenanceMargin,
    available: equity - positionMargin - orderMargin,
  };
}

/** Cross-margin liquidation estimate: the mark at which equity would fall to maintenance margin. */
export function liquidationPrice(position: SimPosition, account: SimAccount, market: MarketAccess): number {
  if (position.size === 0) return 0;
  const margin = accountMargin(account, market);
  const perUnit = position.size * multiplierOf(position.instrument);
  return Math.max(
    0,
    market.markPrice(position.instrument) - (margin.equity - margin.maintenanceMargin) / perUnit,
  );
}
