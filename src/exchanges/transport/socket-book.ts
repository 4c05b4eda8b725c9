import type { BookResyncEvent, PriceLevel } from '../model';
import { BookSide } from './socket-book-side';

/** One level as the exchange sends it: price and size first (OKX adds a deprecated "0" and an order count). */
export type RawLevel = readonly string[];

/** A book push read into the shape every exchange's book applies. */
export interface BookUpdate {
  /** Replaces the whole book: a snapshot, or Bybit's `u == 1` service restart. */
  readonly replaces: boolean;
  readonly bids: readonly RawLevel[];
  readonly asks: readonly RawLevel[];
  /** The exchange's timestamp of the push, epoch ms. */
  readonly ts: number;
}

export type BookApplyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly problem: BookResyncEvent['problem']; readonly detail: string };

/** The best levels of both sides, best first. */
export interface BookLevels {
  readonly bids: PriceLevel[];
  readonly asks: PriceLevel[];
}

/** What one exchange checks on its book (docs/protocol.md §7.1 OKX, §7.2 Bybit). */
export interface BookRules<Update extends BookUpdate> {
  /** Why `update` cannot follow `last`, the update applied before it; undefined when it can. */
  gap(update: Update, last: Update): string | undefined;
  /** Levels kept per side: the exchange drops what falls out of its depth (Bybit's `orderbook.{depth}`). */
  readonly depth?: number;
  /** Why the book, with `update`'s levels in, differs from the exchange's (OKX checksum); else undefined. */
  mismatch?(book: SocketBook<Update>, update: Update): string | undefined;
}

/**
 * An order book fed by socket pushes: a snapshot resets it, updates follow (size "0" deletes a price,
 * any other size inserts or replaces it), each checked by the exchange's rules. A failed check leaves
 * the book unusable until the next snapshot, so a wrong book is never shown.
 */
export class SocketBook<Update extends BookUpdate> {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  ts = 0;
  /** The last update applied; undefined while the book waits for a snapshot. */
  private last: Update | undefined;
  /** The levels last read since the last update, reused: OKX reads its 25 checked levels per frame. */
  private read: { readonly depth: number; readonly levels: BookLevels } | undefined;

  constructor(private readonly rules: BookRules<Update>) {}

  get isValid(): boolean {
    return this.last !== undefined;
  }

  /** The best `depth` levels of each side; read once per update, however often they are asked for. */
  levels(depth: number): BookLevels {
    const read = this.read;
    if (read !== undefined && depth <= read.depth) {
      if (depth === read.depth) return read.levels;
      return { bids: read.levels.bids.slice(0, depth), asks: read.levels.asks.slice(0, depth) };
    }
    const levels = { bids: this.bids.top(depth), asks: this.asks.top(depth) };
    this.read = { depth, levels };
    return levels;
  }

  apply(update: Update): BookApplyResult {
    this.read = undefined;
    const last = this.last;
    if (update.replaces) {
      this.bids.clear();
      this.asks.clear();
    } else if (last === undefined) {
      return { ok: false, problem: 'no-snapshot', detail: 'an update before a snapshot' };
    } else {
      const gap = this.rules.gap(update, last);
      if (gap !== undefined) return this.fail('gap', gap);
    }
    for (const [price, size] of update.bids)
      if (price !== undefined && size !== undefined) this.bids.apply(price, size);
    for (const [price, size] of update.asks)
      if (price !== undefined && size !== undefined) this.asks.apply(price, size);
    if (this.rules.depth !== undefined) {
      this.bids.truncate(this.rules.depth);
      this.asks.truncate(this.rules.depth);
    }
    this.ts = update.ts;
    const mismatch = this.rules.mismatch?.(this, update);
    if (mismatch !== undefined) return this.fail('checksum', mismatch);
    this.last = update;
    return { ok: true };
  }

  private fail(problem: 'checksum' | 'gap', detail: string): BookApplyResult {
    this.last = undefined;
    this.read = undefined;
    return { ok: false, problem, detail };
  }
}
