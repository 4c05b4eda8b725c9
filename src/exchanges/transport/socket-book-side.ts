import type { PriceLevel } from '../model';

interface Level {
  readonly value: number;
  readonly price: string;
  readonly size: string;
}

/**
 * One side of an order book fed by socket pushes, kept sorted (bids high to low, asks low to high).
 * Prices and sizes stay the exchange's strings exactly as received (docs/protocol.md §7.1).
 */
export class BookSide {
  private levels: Level[] = [];

  constructor(private readonly descending: boolean) {}

  get depth(): number {
    return this.levels.length;
  }

  clear(): void {
    this.levels = [];
  }

  /** Size "0" (or any zero) deletes the price; otherwise the level is inserted or replaced. */
  apply(price: string, size: string): void {
    const value = Number(price);
    const index = this.search(value);
    const found = this.levels[index]?.value === value;
    if (Number(size) === 0) {
      if (found) this.levels.splice(index, 1);
      return;
    }
    const level = { value, price, size };
    if (found) this.levels[index] = level;
    else this.levels.splice(index, 0, level);
  }

  /** The best `count` levels, best first. */
  top(count: number): PriceLevel[] {
    return this.levels.slice(0, count).map((level) => [level.price, level.size] as const);
  }

  /** Keeps only the best `count` levels (the exchange drops what falls out of its depth). */
  truncate(count: number): void {
    if (this.levels.length > count) this.levels.length = count;
  }

  /** Index of `value`, or where it would be inserted. */
  private search(value: number): number {
    let low = 0;
    let high = this.levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const current = this.levels[middle]?.value ?? 0;
      const before = this.descending ? current > value : current < value;
      if (before) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
