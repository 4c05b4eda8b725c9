import type { PositionView } from '../contracts/portfolio';

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
