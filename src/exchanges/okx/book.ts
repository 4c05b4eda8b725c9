import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import { BookSide } from '../transport/socket-book-side';

/** One level as OKX sends it: [price, size, deprecated "0", order count] (docs/protocol.md §7.1). */
export type OkxRawLevel = readonly string[];

export interface OkxBookMessage {
  readonly action: 'snapshot' | 'update';
  readonly asks: readonly OkxRawLevel[];
  readonly bids: readonly OkxRawLevel[];
  readonly ts: string;
  readonly checksum?: number | undefined;
  readonly seqId?: number | undefined;
  readonly prevSeqId?: number | undefined;
}

export type BookApplyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly problem: 'checksum' | 'gap' | 'no-snapshot'; readonly detail: string };

/** Levels that go into OKX's checksum: the best 25 of each side (§7.1 step 1). */
const CHECKSUM_DEPTH = 25;

/**
 * OKX's book checksum (§7.1): best 25 bids and asks interleaved bid, ask, bid, ask as `price:size`,
 * joined with `:`, CRC-32 (IEEE) of the UTF-8 text as a signed 32-bit integer.
 */
export function okxBookChecksum(bids: readonly PriceLevel[], asks: readonly PriceLevel[]): number {
  // Runs on every book update: one growing string, no per-level arrays or joins.
  let text = '';
  for (let i = 0; i < CHECKSUM_DEPTH; i++) {
    const bid = bids[i];
    const ask = asks[i];
    if (bid !== undefined) text += (text === '' ? '' : ':') + bid[0] + ':' + bid[1];
    if (ask !== undefined) text += (text === '' ? '' : ':') + ask[0] + ':' + ask[1];
  }
  // crc-32's str() already returns the signed 32-bit value OKX compares against.
  return CRC32.str(text);
}

/** The best levels of both sides, best first. */
export interface BookLevels {
  readonly bids: PriceLevel[];
  readonly asks: PriceLevel[];
}

/**
 * An OKX `books` book: snapshot, then updates, each verified by checksum and by seqId continuity
 * (prevSeqId must equal the last seqId; secondary source, §7.1 and §15). A failed check leaves the book
 * unusable until the next snapshot, so a wrong book is never shown.
 */
export class OkxBook {
  readonly bids = new BookSide(true);
  readonly asks = new BookSide(false);
  private lastSeqId: number | undefined;
  private valid = false;
  /** The best 25 levels the last update's checksum read, reused by `levels()` (hot path). */
  private checked: BookLevels | undefined;
  ts = 0;

  get isValid(): boolean {
    return this.valid;
  }

  /** The best `depth` levels of each side; reuses the checksum's levels when they are deep enough. */
  levels(depth: number): BookLevels {
    const checked = this.checked;
    if (checked === undefined || depth > CHECKSUM_DEPTH)
      return { bids: this.bids.top(depth), asks: this.asks.top(depth) };
    if (depth === CHECKSUM_DEPTH) return checked;
    return { bids: checked.bids.slice(0, depth), asks: checked.asks.slice(0, depth) };
  }

  apply(message: OkxBookMessage): BookApplyResult {
    this.checked = undefined;
    if (message.action === 'snapshot') {
      this.bids.clear();
      this.asks.clear();
    } else if (!this.valid) {
      return { ok: false, problem: 'no-snapshot', detail: 'update before a snapshot' };
    } else if (
      message.prevSeqId !== undefined &&
      this.lastSeqId !== undefined &&
      message.prevSeqId !== this.lastSeqId
    ) {
      return this.fail('gap', `prevSeqId ${message.prevSeqId} does not follow seqId ${this.lastSeqId}`);
    }
    for (const [price, size] of message.bids)
      if (price !== undefined && size !== undefined) this.bids.apply(price, size);
    for (const [price, size] of message.asks)
      if (price !== undefined && size !== undefined) this.asks.apply(price, size);
    this.lastSeqId = message.seqId;
    this.ts = Number(message.ts);
    if (message.checksum !== undefined) {
      const checked = { bids: this.bids.top(CHECKSUM_DEPTH), asks: this.asks.top(CHECKSUM_DEPTH) };
      const computed = okxBookChecksum(checked.bids, checked.asks);
      if (computed !== message.checksum)
        return this.fail('checksum', `checksum ${computed} != ${message.checksum}`);
      this.checked = checked;
    }
    this.valid = true;
    return { ok: true };
  }

  private fail(problem: 'checksum' | 'gap', detail: string): BookApplyResult {
    this.valid = false;
    return { ok: false, problem, detail };
  }
}
