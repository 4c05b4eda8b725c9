import type { Level, OrderBook } from '../market/book';

/** Levels that changed since the previous publish; size 0 means "remove this price". */
export interface BookDiff {
  bids: Level[];
  asks: Level[];
}

/**
 * The top `depth` levels of a book as last published to subscribers. `advance()` compares the
 * live book's top with it and returns what changed, so a client that applies the snapshot and
 * then every diff holds exactly this view — including levels that enter the top as others leave.
 */
export class BookView {
  private readonly sides = { bids: { px: [] as number[], sz: [] as number[] }, asks: { px: [] as number[], sz: [] as number[] } };
  private seenVersion = -1;

  constructor(
    private readonly book: OrderBook,
    readonly depth: number,
  ) {
    this.advance();
  }

  /** The published view (after the last `advance`). */
  snapshot(): BookDiff {
    return { bids: this.levels('bids'), asks: this.levels('asks') };
  }

  /** Top `count` published levels of a side (what the OKX checksum reads). */
  top(side: 'bids' | 'asks', count: number): Level[] {
    return this.levels(side).slice(0, count);
  }

  /** Moves the view to the live book; returns the changes (empty when nothing in the top moved). */
  advance(): BookDiff {
    if (this.book.version === this.seenVersion) return { bids: [], asks: [] };
    this.seenVersion = this.book.version;
    return { bids: this.advanceSide('bids'), asks: this.advanceSide('asks') };
  }

  private levels(side: 'bids' | 'asks'): Level[] {
    const { px, sz } = this.sides[side];
    return px.map((price, i) => ({ px: price, sz: sz[i] ?? 0 }));
  }

  /** Merge-walks the old and new top (both sorted best first) and records every difference. */
  private advanceSide(side: 'bids' | 'asks'): Level[] {
    const old = this.sides[side];
    const live = this.book[side];
    const count = Math.min(this.depth, live.length);
    const better = side === 'bids' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
    const changes: Level[] = [];
    let i = 0;
    let j = 0;
    while (i < old.px.length || j < count) {
      const oldPx = old.px[i];
      const level = j < count ? live[j] : undefined;
      if (level && (oldPx === undefined || better(level.px, oldPx))) {
        changes.push({ px: level.px, sz: level.sz });
        j++;
      } else if (oldPx !== undefined && (!level || better(oldPx, level.px))) {
        changes.push({ px: oldPx, sz: 0 });
        i++;
      } else if (level && oldPx !== undefined) {
        if (old.sz[i] !== level.sz) changes.push({ px: level.px, sz: level.sz });
        i++;
        j++;
      }
    }
    old.px.length = 0;
    old.sz.length = 0;
    for (let k = 0; k < count; k++) {
      const level = live[k];
      if (!level) break;
      old.px.push(level.px);
      old.sz.push(level.sz);
    }
    return changes;
  }
}
