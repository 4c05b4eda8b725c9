import type { Level } from '../market/book';
import type { SimInstrument } from '../market/instruments';
import type { Market } from '../market/market';
import type { Rng } from '../market/rng';
import { createBookStream, type BookStream } from './book-view';
import { okxChecksum } from './okx-checksum';
import { okxLevel } from './okx-shapes';

type WireLevel = [string, string, string, string];

/** What is wrong with the next update, by the admin API's faults. */
export interface OkxBookFault {
  readonly corrupt: boolean;
  readonly skip: boolean;
}

/** Depth of the OKX `books` channel (docs/protocol.md "OKX pushes"). */
const BOOKS_DEPTH = 400;

/**
 * The OKX `books` stream of one instrument, shared by every subscriber: a 400-level view,
 * a seqId that advances on every update (by 1-3, as OKX's do not count by one), and the checksum.
 */
export class OkxBookStream {
  private readonly view: BookStream;
  private seqId: number;

  constructor(
    private readonly market: Market,
    private readonly instrument: SimInstrument,
    private readonly rng: Rng,
  ) {
    this.view = createBookStream(market.state(instrument).book, BOOKS_DEPTH);
    this.seqId = rng.int(1_000_000_000, 9_000_000_000);
  }

  /** Snapshot of what subscribers hold now: prevSeqId -1 (docs/protocol.md "OKX pushes"). */
  snapshot(now: number): Record<string, unknown> {
    // Nobody holds the view when a snapshot is taken without subscribers; the publishers flush
    // pending changes to existing subscribers before asking for one.
    this.view.advance();
    const { bids, asks } = this.view.snapshot();
    return this.item(bids.map(this.wire), asks.map(this.wire), now, -1);
  }

  /**
   * The update that brings subscribers to the live book, or null when nothing in the top 400 moved.
   * `fault.corrupt` sends a wrong checksum (the badChecksum fault); `fault.skip` a prevSeqId one past
   * the last seqId sent, as if an update had been lost (the okxSeqGap fault).
   */
  update(now: number, fault: OkxBookFault): Record<string, unknown> | null {
    const diff = this.view.advance();
    if (diff.bids.length === 0 && diff.asks.length === 0) return null;
    if (fault.skip) this.seqId++;
    const prevSeqId = this.seqId;
    this.seqId += this.rng.int(1, 3);
    const item = this.item(diff.bids.map(this.wire), diff.asks.map(this.wire), now, prevSeqId);
    if (fault.corrupt) item.checksum = (Number(item.checksum) + 1) | 0;
    return item;
  }

  /**
   * Nobody listens: drop what changed without building an update. The seqId still moves on, so a
   * later snapshot never repeats a seqId an earlier subscriber saw on different levels.
   */
  discard(): void {
    this.view.discard();
    this.seqId++;
  }

  /** Best `count` levels per side from the published view (books5, bbo-tbt). */
  top(count: number, now: number): Record<string, unknown> {
    return {
      asks: this.view.top('asks', count).map(this.wire),
      bids: this.view.top('bids', count).map(this.wire),
      instId: this.instrument.symbol,
      ts: String(now),
      seqId: this.seqId,
    };
  }

  private item(
    bids: WireLevel[],
    asks: WireLevel[],
    now: number,
    prevSeqId: number,
  ): Record<string, unknown> {
    const checksum = okxChecksum(
      this.view.top('bids', 25).map(this.wire),
      this.view.top('asks', 25).map(this.wire),
    );
    return { asks, bids, ts: String(now), checksum, prevSeqId, seqId: this.seqId };
  }

  private readonly wire = (level: Level): WireLevel => okxLevel(this.market, this.instrument, level);
}
