import type { Level } from '../market/book';
import type { SimInstrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { Rng } from '../market/rng';
import { createBookStream, type BookStream } from './book-view';

const LEVEL1_REPEAT_MS = 3_000;

/**
 * One `orderbook.{depth}.{symbol}` stream, shared by its subscribers (docs/protocol.md "Bybit pushes"): a snapshot, then
 * deltas with `u` counting up by one; `seq` follows the book's own version, so it compares across
 * depths. Depth 1 is snapshot-only.
 */
export class BybitBookStream {
  private readonly view: BookStream;
  private updateId: number;
  private lastSentAt = 0;

  constructor(
    private readonly market: Market,
    private readonly instrument: SimInstrument,
    readonly depth: number,
    rng: Rng,
  ) {
    this.view = createBookStream(market.state(instrument).book, depth);
    this.updateId = rng.int(1_000_000, 90_000_000);
  }

  /** The current view as a snapshot message (for a new subscriber, and for depth 1 always). */
  snapshot(now: number): Record<string, unknown> {
    // Nobody holds the view when a snapshot is taken without subscribers; the publishers flush
    // pending changes to existing subscribers before asking for one.
    this.view.advance();
    const { bids, asks } = this.view.snapshot();
    return this.message('snapshot', bids, asks, now);
  }

  /**
   * The next message for subscribers, or null when the top `depth` did not move. Level 1 repeats its
   * snapshot with the same `u` after 3 s without a change (docs/protocol.md "Bybit pushes"). `skip` makes a delta's `u` jump by
   * two, as if one had been lost (the bybitSeqGap fault); a level-1 snapshot ignores it.
   */
  next(now: number, skip = false): Record<string, unknown> | null {
    const diff = this.view.advance();
    if (diff.bids.length === 0 && diff.asks.length === 0) {
      return this.depth === 1 && now - this.lastSentAt >= LEVEL1_REPEAT_MS ? this.snapshot(now) : null;
    }
    this.updateId++;
    if (this.depth === 1) return this.snapshot(now);
    if (skip) this.updateId++;
    return this.message('delta', diff.bids, diff.asks, now);
  }

  /**
   * Nobody listens: drop what changed without building a message. `u` still moves on, so a later
   * snapshot never repeats a `u` an earlier subscriber saw on different levels.
   */
  discard(): void {
    this.view.discard();
    this.updateId++;
  }

  private message(
    type: 'snapshot' | 'delta',
    bids: Level[],
    asks: Level[],
    now: number,
  ): Record<string, unknown> {
    this.lastSentAt = now;
    // A removed level is sent with size "0" (BYDOC orderbook delta example).
    const level = (l: Level): [string, string] => [
      this.market.formatPrice(this.instrument, l.px),
      l.sz === 0 ? '0' : this.market.formatSize(this.instrument, l.sz),
    ];
    const seq = this.market.state(this.instrument).book.version;
    return {
      topic: `orderbook.${this.depth}.${this.instrument.symbol}`,
      type,
      ts: now,
      data: { s: this.instrument.symbol, b: bids.map(level), a: asks.map(level), u: this.updateId, seq },
      cts: now,
    };
  }
}
