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

/** What one exchange checks on its book (docs/protocol.md "OKX pushes" OKX, docs/protocol.md "Bybit pushes" Bybit). */
export interface BookRules<Update extends BookUpdate> {
  /** Why `update` cannot follow `last`, the update applied before it; undefined when it can. */
  gap(update: Update, last: Update): string | undefined;
  /** Levels kept per side: the exchange drops what falls out of its depth (Bybit's `orderbook.{depth}`). */
  readonly depth?: number;
  /** Why the book, with `update`'s levels in, differs from the exchange's (OKX checksum); else undefined. */
  mismatch?(book: SocketBook<Update>, update: Update): string | undefined;
}

const APPLIED: BookApplyResult = { ok: true };

/** An indexed loop, no destructuring: this runs for every level of every push. */
function applyLevels(side: BookSide, levels: readonly RawLevel[]): void {
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i];
    const price = level?.[0];
    const size = level?.[1];
    if (price !== undefined && size !== undefined) side.apply(price, size);
  }
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

  constructor(private readonly rules: BookRules<Update>) {}

  get isValid(): boolean {
    return this.last !== undefined;
  }

  /** The best `depth` levels of each side. */
  levels(depth: number): BookLevels {
    return { bids: this.bids.top(depth), asks: this.asks.top(depth) };
  }

  /** Notes the changes each update makes to the best `depth` levels of each side (BookSide.takeChanges). */
  watch(depth: number): void {
    this.bids.watch(depth);
    this.asks.watch(depth);
  }

  /**
   * Applies one update. Until the next one, each side's `changedFrom` tells how far down this one
   * changed it, and its `takeChanges()` what it changed in the best levels watched.
   */
  apply(update: Update): BookApplyResult {
    const last = this.last;
    this.bids.settle();
    this.asks.settle();
    if (update.replaces) {
      this.bids.clear();
      this.asks.clear();
    } else if (last === undefined) {
      return { ok: false, problem: 'no-snapshot', detail: 'an update before a snapshot' };
    } else {
      const gap = this.rules.gap(update, last);
      if (gap !== undefined) return this.fail('gap', gap);
    }
    applyLevels(this.bids, update.bids);
    applyLevels(this.asks, update.asks);
    if (this.rules.depth !== undefined) {
      this.bids.truncate(this.rules.depth);
      this.asks.truncate(this.rules.depth);
    }
    this.ts = update.ts;
    const mismatch = this.rules.mismatch?.(this, update);
    if (mismatch !== undefined) return this.fail('checksum', mismatch);
    this.last = update;
    return APPLIED;
  }

  private fail(problem: 'checksum' | 'gap', detail: string): BookApplyResult {
    this.last = undefined;
    return { ok: false, problem, detail };
  }
}
