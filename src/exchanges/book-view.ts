import type { BookEvent, PriceLevel } from './model';
import { decimalNumber } from './transport/decimal-number';

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

/**
 * Both lists are best first; `order` is -1 for bids (highest first), 1 for asks. Each price is read
 * once (decimalNumber: Number's value without its general parser), as a listener merges every push.
 */
function mergeSide(
  levels: readonly PriceLevel[],
  changes: readonly PriceLevel[],
  order: number,
): readonly PriceLevel[] {
  if (changes.length === 0) return levels;
  const merged: PriceLevel[] = [];
  let i = 0;
  for (let j = 0; j < changes.length; j++) {
    const change = changes[j];
    if (change === undefined) continue;
    const key = order * decimalNumber(change[0]);
    // The levels better than the change stay; one at its price is replaced (or removed by size "0").
    for (; i < levels.length; i++) {
      const level = levels[i];
      if (level === undefined) continue;
      const levelKey = order * decimalNumber(level[0]);
      if (levelKey === key) i++;
      if (levelKey >= key) break;
      merged.push(level);
    }
    if (decimalNumber(change[1]) !== 0) merged.push(change);
  }
  for (; i < levels.length; i++) {
    const level = levels[i];
    if (level !== undefined) merged.push(level);
  }
  return merged;
}
