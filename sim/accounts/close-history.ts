import type { SimAccount } from './sim-account.js';
import type { SimFill, SimPosition } from './types.js';

/** The position as it stood before a fill: what a close is measured against. */
export interface PositionBefore {
  readonly size: number;
  readonly avgPx: number;
  readonly openedAt: number;
}

/**
 * Records what a fill closed of its position (docs/protocol.md "Position history"): one entry per closing
 * order, grown by the order's later fills, whole when the position ended flat or flipped.
 */
export function recordClose(
  account: SimAccount,
  fill: SimFill,
  position: SimPosition,
  before: PositionBefore,
  closed: number,
): void {
  if (closed === 0 || before.size === 0) return;
  const whole = position.size === 0 || Math.sign(position.size) !== Math.sign(before.size);
  const existing = account.closes.findLast(
    (entry) => entry.order === fill.order && entry.position === position,
  );
  const entry = existing ?? {
    position,
    order: fill.order,
    direction: before.size > 0 ? 1 : -1,
    openAvgPx: before.avgPx,
    openedAt: before.openedAt,
    createdAt: fill.ts,
    closedSize: 0,
    closeAvgPx: 0,
    realisedPnl: 0,
    fee: 0,
    whole: false,
    closedAt: fill.ts,
  };
  entry.closeAvgPx =
    (entry.closeAvgPx * entry.closedSize + fill.price * closed) / (entry.closedSize + closed);
  entry.closedSize += closed;
  entry.realisedPnl += fill.realisedPnl;
  entry.fee += fill.fee;
  entry.whole = whole;
  entry.closedAt = fill.ts;
  if (existing === undefined) account.closes.push(entry);
}
