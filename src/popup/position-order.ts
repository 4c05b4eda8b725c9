import type { PositionView } from '../contracts/portfolio';
import { riskLevel, type RiskThresholds } from '../contracts/position-risk';

/** Largest exposure first; a position whose notional is unknown goes last. */
const byNotional = (a: PositionView, b: PositionView) =>
  (b.notionalUsd ?? -Infinity) - (a.notionalUsd ?? -Infinity);

/**
 * The order to list positions in: largest exposure first when they first appear, and from then on each
 * keeps its place. Exposure moves with every price, so re-sorting on each tick could swap two rows under
 * the trader's pointer between aiming at one Close button and clicking, and close the other position.
 * Newly opened positions go after those already shown, largest first among themselves.
 */
export function stablePositionOrder(
  shown: readonly string[],
  positions: readonly PositionView[],
  keyOf: (position: PositionView) => string,
): PositionView[] {
  const place = new Map(shown.map((key, index) => [key, index]));
  const kept = positions
    .filter((position) => place.has(keyOf(position)))
    .sort((a, b) => (place.get(keyOf(a)) ?? 0) - (place.get(keyOf(b)) ?? 0));
  const added = positions.filter((position) => !place.has(keyOf(position))).sort(byNotional);
  return [...kept, ...added];
}

/**
 * The positions near liquidation (under the trader's danger threshold) first, closest first; the rest keep
 * their stable order. A row moves only when it crosses into danger, a rare event worth the jump: the
 * trader's eye must land on it before any other.
 */
export function dangerFirst(positions: readonly PositionView[], thresholds: RiskThresholds): PositionView[] {
  const inDanger = positions
    .filter((position) => riskLevel(position.liquidationDistancePercent, thresholds) === 'danger')
    .sort((a, b) => Number(a.liquidationDistancePercent) - Number(b.liquidationDistancePercent));
  if (inDanger.length === 0) return [...positions];
  return [...inDanger, ...positions.filter((position) => !inDanger.includes(position))];
}
