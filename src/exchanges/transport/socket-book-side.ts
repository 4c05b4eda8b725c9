import type { PriceLevel } from '../model';
import { decimalNumber } from './decimal-number';

/** Slots a side starts with; it doubles when a push fills it. */
const FIRST_CAPACITY = 64;

/**
 * One side of an order book fed by socket pushes, read best first (bids high to low, asks low to high).
 * Prices and sizes stay the exchange's strings exactly as received (docs/protocol.md "OKX pushes").
 *
 * The levels are kept as the very `[price, size]` pairs a BookEvent carries (beside their prices as
 * numbers, for the search): a level an update leaves alone stays the same pair, so a reader that keeps
 * the best levels (BookTop: the book event's changes, the OKX checksum's text) tells what changed by
 * identity, from `changedFrom` down.
 *
 * Most changes land near the best level, and an insert or delete in a sorted array moves every level
 * on one side of it. So the levels sit in the middle of a larger buffer, best at its high end, with
 * room at both ends: a change moves the levels on its shorter side (those above it, near the top),
 * and the exchange's depth is cut off the low end without moving anything.
 */
export class BookSide {
  /** The pairs, worst at `low`, best at `high - 1`; slots outside that range hold nothing. */
  private slots: (PriceLevel | undefined)[] = new Array<PriceLevel | undefined>(FIRST_CAPACITY).fill(
    undefined,
  );
  /** Each slot's price as a number, signed so that it grows towards the best (bids as is, asks negated). */
  private keys = new Float64Array(FIRST_CAPACITY);
  private low = FIRST_CAPACITY >>> 1;
  private high = FIRST_CAPACITY >>> 1;
  /** 1 where bids (the best is the highest price), -1 where asks. */
  private readonly sign: number;
  /** The best index changed since `settle()`: what was read above it is still true. */
  changedFrom = 0;

  constructor(descending: boolean) {
    this.sign = descending ? 1 : -1;
  }

  get depth(): number {
    return this.high - this.low;
  }

  clear(): void {
    this.slots.fill(undefined, this.low, this.high);
    this.low = this.high = this.slots.length >>> 1;
    this.changedFrom = 0;
  }

  /** Size "0" (or any zero) deletes the price; otherwise the level is inserted or replaced. */
  apply(price: string, size: string): void {
    const key = this.sign * decimalNumber(price);
    const slot = this.search(key);
    const found = slot < this.high && this.keys[slot] === key;
    // The index from the best this change is at (a new level lands just below the slot's).
    const index = this.high - 1 - slot + (found ? 0 : 1);
    if (decimalNumber(size) === 0) {
      if (!found) return;
      this.remove(slot);
    } else if (found) {
      this.slots[slot] = [price, size];
    } else {
      this.insert(slot, key, [price, size]);
    }
    if (index < this.changedFrom) this.changedFrom = index;
  }

  /** The level `index` places from the best (0 is the best), if the side is that deep. */
  at(index: number): PriceLevel | undefined {
    return index < this.high - this.low ? this.slots[this.high - 1 - index] : undefined;
  }

  /** The price of the level `index` places from the best, as a number (what the side is sorted by). */
  valueAt(index: number): number {
    return index < this.high - this.low ? this.sign * (this.keys[this.high - 1 - index] ?? 0) : Number.NaN;
  }

  /** The best `count` levels, best first. */
  top(count: number): PriceLevel[] {
    const levels: PriceLevel[] = [];
    const end = Math.max(this.low, this.high - count);
    for (let slot = this.high - 1; slot >= end; slot--) {
      const level = this.slots[slot];
      if (level !== undefined) levels.push(level);
    }
    return levels;
  }

  /** Keeps only the best `count` levels (the exchange drops what falls out of its depth). */
  truncate(count: number): void {
    if (this.high - this.low <= count) return;
    const low = this.high - count;
    this.slots.fill(undefined, this.low, low);
    this.low = low;
    if (count < this.changedFrom) this.changedFrom = count;
  }

  /** Everything changed so far has been read: `changedFrom` starts over. */
  settle(): void {
    this.changedFrom = Number.POSITIVE_INFINITY;
  }

  /** The first slot whose key is `key` or better, `high` if none. */
  private search(key: number): number {
    const keys = this.keys;
    let low = this.low;
    let high = this.high;
    // A snapshot arrives best first: each level is worse than every one before it.
    if (low < high && (keys[low] ?? 0) > key) return low;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] ?? 0) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Puts `level` just below `slot`, moving the levels on the shorter side out of its way. */
  private insert(slot: number, key: number, level: PriceLevel): void {
    const above = this.high - slot;
    const below = slot - this.low;
    if (above <= below ? this.high === this.slots.length : this.low === 0) {
      const low = this.low;
      this.insert(slot + this.recentre(this.high - this.low + 1) - low, key, level);
      return;
    }
    const { slots, keys } = this;
    if (above <= below) {
      keys.copyWithin(slot + 1, slot, this.high);
      for (let i = this.high; i > slot; i--) slots[i] = slots[i - 1];
      slots[slot] = level;
      keys[slot] = key;
      this.high++;
    } else {
      keys.copyWithin(this.low - 1, this.low, slot);
      for (let i = this.low - 1; i < slot - 1; i++) slots[i] = slots[i + 1];
      slots[slot - 1] = level;
      keys[slot - 1] = key;
      this.low--;
    }
  }

  /** Takes out the level at `slot`, closing the gap from the shorter side. */
  private remove(slot: number): void {
    const { slots, keys } = this;
    if (this.high - slot <= slot - this.low) {
      keys.copyWithin(slot, slot + 1, this.high);
      for (let i = slot; i < this.high - 1; i++) slots[i] = slots[i + 1];
      slots[--this.high] = undefined;
    } else {
      keys.copyWithin(this.low + 1, this.low, slot);
      for (let i = slot; i > this.low; i--) slots[i] = slots[i - 1];
      slots[this.low++] = undefined;
    }
  }

  /**
   * Moves the levels to the middle of a buffer with room for `count` of them and as many again (a
   * buffer four times `count` when it must grow); returns the new `low`.
   */
  private recentre(count: number): number {
    const depth = this.high - this.low;
    const capacity = 2 * count <= this.slots.length ? this.slots.length : 4 * count;
    const low = (capacity - depth) >>> 1;
    const slots = new Array<PriceLevel | undefined>(capacity).fill(undefined);
    const keys = new Float64Array(capacity);
    for (let i = 0; i < depth; i++) slots[low + i] = this.slots[this.low + i];
    keys.set(this.keys.subarray(this.low, this.high), low);
    this.slots = slots;
    this.keys = keys;
    this.low = low;
    this.high = low + depth;
    return low;
  }
}
