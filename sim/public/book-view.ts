import type { Level, OrderBook } from '../market/book';

/** Levels that changed since the previous publish; size 0 means "remove this price". */
export interface BookDiff {
  bids: Level[];
  asks: Level[];
}

/** What a book stream needs from its view of the book. */
export interface BookStream {
  /** Changes since the previous call (size 0 = removed), best price first. */
  advance(): BookDiff;
  /** Every level subscribers hold now (valid right after `advance`). */
  snapshot(): BookDiff;
  /** Best `count` levels of a side as subscribers hold them. */
  top(side: 'bids' | 'asks', count: number): Level[];
  /** Nobody listens: forget what changed without building a diff (the next snapshot catches up). */
  discard(): void;
}

/** A stream's view: the book's journal when the stream shows the whole book, else a top-`depth` diff. */
export function createBookStream(book: OrderBook, depth: number): BookStream {
  return depth >= book.depth ? new FullBookView(book) : new BookView(book, depth);
}

/**
 * A stream that shows every level of the book: its diff is the book's journal (what changed, O(changes)),
 * so high message rates do not walk hundreds of levels per update.
 */
class FullBookView implements BookStream {
  constructor(private readonly book: OrderBook) {
    book.openJournal();
  }

  advance(): BookDiff {
    const journal = this.book.drainJournal();
    const levels = (changes: Map<number, number>, direction: 1 | -1): Level[] =>
      [...changes].map(([px, sz]) => ({ px, sz })).sort((a, b) => (b.px - a.px) * direction);
    return { bids: levels(journal.bids, 1), asks: levels(journal.asks, -1) };
  }

  snapshot(): BookDiff {
    return { bids: this.top('bids', this.book.depth), asks: this.top('asks', this.book.depth) };
  }

  /** The journal must still be emptied, or it grows with every change while nobody listens. */
  discard(): void {
    this.book.drainJournal();
  }

  top(side: 'bids' | 'asks', count: number): Level[] {
    return this.book[side].slice(0, count).map((l) => ({ px: l.px, sz: l.sz }));
  }
}

/**
 * The top `depth` levels of a book as last published to subscribers. `advance()` compares the
 * live book's top with it and returns what changed, so a client that applies the snapshot and
 * then every diff holds exactly this view — including levels that enter the top as others leave.
 */
class BookView implements BookStream {
  private readonly sides = {
    bids: { px: [] as number[], sz: [] as number[] },
    asks: { px: [] as number[], sz: [] as number[] },
  };
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
    const { px, sz } = this.sides[side];
    const levels: Level[] = [];
    for (let i = 0; i < count && i < px.length; i++) levels.push({ px: px[i] ?? 0, sz: sz[i] ?? 0 });
    return levels;
  }

  /** Nothing to drop: the view compares with the live book only when asked (`advance`). */
  discard(): void {
    // Intentionally empty (see above).
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
    // "a is a better price than b" is (a - b) * direction > 0: higher bids, lower asks.
    const direction = side === 'bids' ? 1 : -1;
    const changes: Level[] = [];
    let i = 0;
    let j = 0;
    while (i < old.px.length || j < count) {
      const oldPx = old.px[i];
      const level = j < count ? live[j] : undefined;
      if (level && (oldPx === undefined || (level.px - oldPx) * direction > 0)) {
        changes.push({ px: level.px, sz: level.sz });
        j++;
      } else if (oldPx !== undefined && (!level || (oldPx - level.px) * direction > 0)) {
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
