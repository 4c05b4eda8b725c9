import type { PriceLevel } from '../model';

const NO_CHANGES: readonly PriceLevel[] = Object.freeze([]);

/**
 * What one update did to the best levels of a side (model.ts BookEvent), noted by the side as each
 * change lands: the level a price had in them before and after the change (undefined where it was not
 * in them). A price may be noted more than once in an update (pushed below the best levels by an
 * insert, pulled back by a delete): only its level before the first note and after the last count, so
 * the event names exactly the prices whose level differs, best first, without walking the best levels.
 */
export class SideChanges {
  /** Each note's price as the side sorts it (larger is better). */
  private readonly keys: number[] = [];
  private readonly befores: (PriceLevel | undefined)[] = [];
  private readonly afters: (PriceLevel | undefined)[] = [];
  /** Note indexes, sorted best first when the changes are taken. */
  private readonly order: number[] = [];
  private count = 0;

  note(key: number, before: PriceLevel | undefined, after: PriceLevel | undefined): void {
    const at = this.count++;
    this.keys[at] = key;
    this.befores[at] = before;
    this.afters[at] = after;
  }

  clear(): void {
    this.count = 0;
  }

  /** The changes noted since `clear`, best first: a level that left them with size "0". */
  take(): readonly PriceLevel[] {
    const { count, keys, befores, afters, order } = this;
    if (count === 0) return NO_CHANGES;
    if (count === 1) {
      const change = changeOf(befores[0], afters[0]);
      return change === undefined ? NO_CHANGES : [change];
    }
    // An insertion sort: an update makes a few changes (a batched push, some tens), and it keeps the
    // notes of one price in the order they were made.
    for (let i = 0; i < count; i++) {
      const key = keys[i] ?? 0;
      let j = i;
      for (; j > 0 && (keys[order[j - 1] ?? 0] ?? 0) < key; j--) order[j] = order[j - 1] ?? 0;
      order[j] = i;
    }
    const changes: PriceLevel[] = [];
    for (let i = 0; i < count;) {
      const first = order[i] ?? 0;
      let last = first;
      for (i++; i < count && keys[order[i] ?? 0] === keys[first]; i++) last = order[i] ?? 0;
      const change = changeOf(befores[first], afters[last]);
      if (change !== undefined) changes.push(change);
    }
    return changes.length === 0 ? NO_CHANGES : changes;
  }
}

/** The change from `before` to `after`, undefined if the price's level is the same one. */
function changeOf(before: PriceLevel | undefined, after: PriceLevel | undefined): PriceLevel | undefined {
  if (before === after) return undefined;
  if (after !== undefined)
    return before !== undefined && before[0] === after[0] && before[1] === after[1] ? undefined : after;
  return before === undefined ? undefined : [before[0], '0'];
}
