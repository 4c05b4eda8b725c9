import type { BookEvent, PriceLevel } from './model';

/** A book's best levels as a listener keeps them from BookEvents, best first. */
export interface BookView {
  readonly bids: readonly PriceLevel[];
  readonly asks: readonly PriceLevel[];
}

export const EMPTY_BOOK_VIEW: BookView = { bids: [], asks: [] };

/**
 * The view after `event` (model.ts BookEvent): a replacing event's levels as they are, otherwise each
 * side merged with its changes (size "0" removes the price). Pure: `view` is left as it was.
 */
export function applyBookEvent(view: BookView, event: BookEvent): BookView {
  if (event.replaces) return { bids: event.bids, asks: event.asks };
  return {
    bids: mergeSide(view.bids, event.bids, -1),
    asks: mergeSide(view.asks, event.asks, 1),
  };
}

/** Both lists are best first; `order` is -1 for bids (highest first), 1 for asks. */
function mergeSide(
  levels: readonly PriceLevel[],
  changes: readonly PriceLevel[],
  order: number,
): readonly PriceLevel[] {
  if (changes.length === 0) return levels;
  const merged: PriceLevel[] = [];
  let i = 0;
  let j = 0;
  while (i < levels.length || j < changes.length) {
    const level = levels[i];
    const change = changes[j];
    const rank =
      level === undefined ? 1 : change === undefined ? -1 : order * (Number(level[0]) - Number(change[0]));
    if (rank < 0 && level !== undefined) {
      merged.push(level);
      i++;
      continue;
    }
    if (rank === 0) i++;
    if (change !== undefined && Number(change[1]) !== 0) merged.push(change);
    j++;
  }
  return merged;
}
