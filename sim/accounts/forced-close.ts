import { liquidationPrice } from './margin.js';
import type { TradingEngine } from './trading-engine.js';
import type { MarketAccess, PositionSide, SimOrder } from './types.js';

/**
 * Liquidates every open position whose mark price has reached its liquidation price (the cross-margin
 * estimate the position rows publish, sim/accounts/margin.ts): the exchange closes it whole at the mark.
 */
export function checkLiquidations(engine: TradingEngine, market: MarketAccess): SimOrder[] {
  const liquidated: SimOrder[] = [];
  for (const position of engine.account.openPositions()) {
    if (position.size === 0) continue; // an earlier liquidation in this pass may have moved it
    const liquidation = liquidationPrice(position, engine.account, market);
    const mark = market.markPrice(position.instrument);
    const reached = position.size > 0 ? liquidation > 0 && mark <= liquidation : mark >= liquidation;
    if (reached) liquidated.push(engine.forceClose(position, 'liquidation'));
  }
  return liquidated;
}

/** Auto-deleverages one open position whole (admin `POST /__sim/adl`); undefined when there is none. */
export function autoDeleverage(
  engine: TradingEngine,
  symbol: string,
  posSide: PositionSide,
): SimOrder | undefined {
  const position = engine.account.findPosition(symbol, posSide);
  return position === undefined || position.size === 0 ? undefined : engine.forceClose(position, 'adl');
}
