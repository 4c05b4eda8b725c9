import type { PriceLevel } from '../model';

/**
 * One side of an order book fed by socket pushes, kept sorted (bids high to low, asks low to high).
 * Prices and sizes stay the exchange's strings exactly as received (docs/protocol.md "OKX pushes").
 *
 * The levels are kept as the very `[price, size]` pairs a BookEvent carries (beside their prices as
 * numbers, for the search): a level an update leaves alone stays the same pair, so a reader that keeps
 * the best levels (BookTop: the book event's changes, the OKX checksum's text) tells what changed by
 * identity, from `changedFrom` down.
 */
export class BookSide {
  private entries: PriceLevel[] = [];
  private values: number[] = [];
  /** The best index changed since `settle()`: what was read above it is still true. */
  changedFrom = 0;

  constructor(private readonly descending: boolean) {}

  get depth(): number {
    return this.entries.length;
  }

  clear(): void {
    this.entries = [];
    this.values = [];
    this.changedFrom = 0;
  }

  /** Size "0" (or any zero) deletes the price; otherwise the level is inserted or replaced. */
  apply(price: string, size: string): void {
    const value = Number(price);
    const index = this.search(value);
    const found = this.values[index] === value;
    if (Number(size) === 0) {
      if (!found) return;
      this.entries.splice(index, 1);
      this.values.splice(index, 1);
    } else if (found) {
      this.entries[index] = [price, size];
    } else if (index === this.entries.length) {
      // A snapshot arrives best first: every level goes to the end.
      this.entries.push([price, size]);
      this.values.push(value);
    } else {
      this.entries.splice(index, 0, [price, size]);
      this.values.splice(index, 0, value);
    }
    if (index < this.changedFrom) this.changedFrom = index;
  }

  /** The level `index` places from the best (0 is the best), if the side is that deep. */
  at(index: number): PriceLevel | undefined {
    return this.entries[index];
  }

  /** The price of the level `index` places from the best, as a number (what the side is sorted by). */
  valueAt(index: number): number {
    return this.values[index] ?? Number.NaN;
  }

  /** The best `count` levels, best first. */
  top(count: number): PriceLevel[] {
    return this.entries.slice(0, count);
  }

  /** Keeps only the best `count` levels (the exchange drops what falls out of its depth). */
  truncate(count: number): void {
    if (this.entries.length <= count) return;
    this.entries.length = count;
    this.values.length = count;
    if (count < this.changedFrom) this.changedFrom = count;
  }

  /** Everything changed so far has been read: `changedFrom` starts over. */
  settle(): void {
    this.changedFrom = Number.POSITIVE_INFINITY;
  }

  /** Index of `value`, or where it would be inserted. */
  private search(value: number): number {
    const values = this.values;
    // The side's order is read once, not at every step: this runs for every level of every push.
    const sign = this.descending ? -1 : 1;
    const key = sign * value;
    let low = 0;
    let high = values.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sign * (values[middle] ?? 0) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
