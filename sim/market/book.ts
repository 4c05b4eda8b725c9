import type { Rng } from './rng';

/** One price level: price and size as integer units of the instrument (see decimal.ts). */
export interface Level {
  px: number;
  sz: number;
}

export type BookSide = 'bids' | 'asks';

/** Shape of a generated book: grid step, how many levels, and level sizes, all in instrument units. */
export interface BookShape {
  readonly tickUnits: number;
  readonly lotUnits: number;
  readonly depth: number;
  /** Largest level size, in lots. */
  readonly maxLots: number;
}

/** A fill produced by walking the book: the level's price and the size taken from it. */
export interface BookFill {
  px: number;
  sz: number;
}

/**
 * A price-level order book kept at exactly `shape.depth` levels per side (bids descending,
 * asks ascending). Every mutation bumps `version`, so publishers can skip an unchanged book.
 */
export class OrderBook {
  readonly bids: Level[] = [];
  readonly asks: Level[] = [];
  version = 0;
  /** Final size per changed price since the last `drainJournal()`, while a journal is open. */
  private journal: { bids: Map<number, number>; asks: Map<number, number> } | null = null;

  constructor(
    private readonly shape: BookShape,
    private readonly rng: Rng,
    mid: number,
  ) {
    this.recentre(mid);
  }

  /** Moves the book around a new mid: removes crossed levels, refills the inside, jitters sizes. */
  evolve(mid: number, changes: number): void {
    this.recentre(mid);
    for (let i = 0; i < changes; i++) this.jitter();
  }

  /** Sets one level's size; 0 removes it. */
  setLevel(side: BookSide, px: number, sz: number): void {
    const levels = this[side];
    const index = this.indexOf(side, px);
    const existing = levels[index];
    if (existing?.px === px) {
      if (sz <= 0) levels.splice(index, 1);
      else existing.sz = sz;
    } else if (sz > 0) {
      levels.splice(index, 0, { px, sz });
    } else {
      return;
    }
    this.record(side, px, Math.max(sz, 0));
    this.version++;
  }

  /**
   * Starts recording every level change, for the one full-depth stream of this book (whose diff is then
   * the journal itself instead of a walk over every level). Only one consumer may hold it.
   */
  openJournal(): void {
    if (this.journal) throw new Error('The book journal already has a consumer');
    this.journal = { bids: new Map(), asks: new Map() };
  }

  /** Changes since the last drain (price -> final size, 0 = removed); empties the journal. */
  drainJournal(): { bids: Map<number, number>; asks: Map<number, number> } {
    const drained = this.journal ?? { bids: new Map(), asks: new Map() };
    if (this.journal) this.journal = { bids: new Map(), asks: new Map() };
    return drained;
  }

  get depth(): number {
    return this.shape.depth;
  }

  /**
   * Takes up to `size` from `side` (asks for a buy, bids for a sell), best price first, not past
   * `limitPx` when given. With `consume` the taken size leaves the book, as a real taker's would.
   */
  take(side: BookSide, size: number, options: { limitPx?: number; consume: boolean }): BookFill[] {
    const fills: BookFill[] = [];
    let remaining = size;
    for (const level of this[side]) {
      if (remaining <= 0) break;
      if (options.limitPx !== undefined && !priceAllowed(side, level.px, options.limitPx)) break;
      const taken = Math.min(level.sz, remaining);
      fills.push({ px: level.px, sz: taken });
      remaining -= taken;
    }
    if (options.consume) {
      for (const fill of fills) {
        const level = this[side].find((l) => l.px === fill.px);
        if (level) this.setLevel(side, fill.px, level.sz - fill.sz);
      }
      this.refill();
    }
    return fills;
  }

  private recentre(mid: number): void {
    const tick = this.shape.tickUnits;
    const bidCeiling = Math.floor((mid - 1) / tick) * tick;
    const askFloor = Math.ceil((mid + 1) / tick) * tick;
    while (this.bids[0] && this.bids[0].px > bidCeiling) this.record('bids', this.bids.shift()?.px ?? 0, 0);
    while (this.asks[0] && this.asks[0].px < askFloor) this.record('asks', this.asks.shift()?.px ?? 0, 0);
    this.fillGap('bids', bidCeiling);
    this.fillGap('asks', askFloor);
    this.refill();
  }

  /**
   * Lays a fresh ladder (1-3 ticks apart) from `best` out to the side's current best level, so a
   * price move never leaves a hole between the new price and levels quoted around the old one; on a
   * jump wider than the book, the fresh ladder is the whole side and `refill` trims the stale levels.
   */
  private fillGap(side: BookSide, best: number): void {
    const levels = this[side];
    const direction = side === 'bids' ? -1 : 1;
    const tick = this.shape.tickUnits;
    const top = levels[0]?.px;
    if (top !== undefined && (top - best) * direction <= 2 * tick) return;
    const fresh: Level[] = [];
    let px = best;
    while (fresh.length < this.shape.depth && px > 0 && (top === undefined || (top - px) * direction > 0)) {
      fresh.push({ px, sz: this.randomSize() });
      px += direction * tick * this.rng.int(1, 3);
    }
    levels.unshift(...fresh);
    for (const level of fresh) this.record(side, level.px, level.sz);
    this.version++;
  }

  /** Keeps both sides at exactly `depth` levels: trims the deep end or extends it. */
  private refill(): void {
    for (const side of ['bids', 'asks'] as const) {
      const levels = this[side];
      const direction = side === 'bids' ? -1 : 1;
      while (levels.length > this.shape.depth) this.record(side, levels.pop()?.px ?? 0, 0);
      while (levels.length < this.shape.depth) {
        const deepest = levels[levels.length - 1];
        const start = deepest ? deepest.px : (this.bids[0]?.px ?? this.asks[0]?.px ?? 0);
        const px = start + direction * this.shape.tickUnits * this.rng.int(1, 3);
        if (px <= 0) break;
        const sz = this.randomSize();
        levels.push({ px, sz });
        this.record(side, px, sz);
      }
    }
    this.version++;
  }

  /** A small realistic change near the top: resize, cancel or add a level. */
  private jitter(): void {
    const side: BookSide = this.rng.next() < 0.5 ? 'bids' : 'asks';
    const levels = this[side];
    const near = Math.min(levels.length, 50);
    if (near === 0) return;
    // The best level changes most often on a real book: give it a 30% share.
    const level = levels[this.rng.next() < 0.3 ? 0 : Math.floor(this.rng.next() * near)];
    if (!level) return;
    const roll = this.rng.next();
    if (roll < 0.6) {
      this.setLevel(side, level.px, this.randomSize());
    } else if (roll < 0.8 && levels.length > 1) {
      this.setLevel(side, level.px, 0);
    } else {
      const direction = side === 'bids' ? -1 : 1;
      const px = level.px + direction * this.shape.tickUnits;
      if (px > 0) this.setLevel(side, px, this.randomSize());
    }
    this.refill();
  }

  private record(side: BookSide, px: number, sz: number): void {
    this.journal?.[side].set(px, sz);
  }

  private randomSize(): number {
    const lots = Math.max(1, Math.round(this.shape.maxLots * this.rng.next() ** 3));
    return lots * this.shape.lotUnits;
  }

  /** Position of `px` in `side` (or where it would be inserted). */
  private indexOf(side: BookSide, px: number): number {
    const levels = this[side];
    let low = 0;
    let high = levels.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const level = levels[mid];
      if (level && (side === 'bids' ? level.px > px : level.px < px)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function priceAllowed(side: BookSide, px: number, limitPx: number): boolean {
  return side === 'asks' ? px <= limitPx : px >= limitPx;
}
