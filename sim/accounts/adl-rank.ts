import { multiplierOf, positionUpl } from './margin.js';
import type { MarketAccess, SimPosition } from './types.js';

/**
 * The simulator's auto-deleveraging rank, 1 (last in line) to 5 (first), 0 when flat: OKX sends it as
 * `adl` ("" when flat), Bybit as `adlRankIndicator` (docs/protocol.md "Auto-deleveraging rank").
 *
 * The exchanges rank a position among everyone's by profit and leverage; the simulator has one account,
 * so it puts the same score on fixed steps instead: the unrealised PnL over the entry value, times the
 * leverage when in profit (over it when at a loss). A losing, even or barely winning position is 1; each
 * step up (0.02, 0.1, 0.25, 0.5) needs a higher score, so a position climbs the queue as its profit grows.
 */
const RANK_STEPS = [0.02, 0.1, 0.25, 0.5] as const;

export function adlRank(position: SimPosition, market: MarketAccess): number {
  if (position.size === 0) return 0;
  const entryValue = Math.abs(position.size) * position.avgPx * multiplierOf(position.instrument);
  const pnlRatio = entryValue > 0 ? positionUpl(position, market) / entryValue : 0;
  const score = pnlRatio >= 0 ? pnlRatio * position.leverage : pnlRatio / position.leverage;
  return 1 + RANK_STEPS.filter((step) => score > step).length;
}
