import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import type { BookSide } from '../transport/socket-book-side';
import type { BookTopChanges } from '../transport/socket-book-top';
import { ChecksumSide } from './book-checksum-text';
import { shiftZeros } from './crc32';

/** Levels that go into OKX's checksum: the best 25 of each side (docs/protocol.md "OKX pushes" step 1). */
export const CHECKSUM_DEPTH = 25;

/**
 * OKX's book checksum (docs/protocol.md "OKX pushes"): best 25 bids and asks interleaved bid, ask, bid, ask as `price:size`,
 * joined with `:`, CRC-32 (IEEE) of the UTF-8 text as a signed 32-bit integer.
 */
export function okxBookChecksum(bids: readonly PriceLevel[], asks: readonly PriceLevel[]): number {
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

/**
 * The same checksum for one live book, every update. Each level of the best 25 is hashed once, when it
 * enters them (ChecksumSide), and the text's CRC is joined from the levels' own; the register is kept
 * at every depth, so an update joins only from the first depth it changed, and one that changed
 * nothing in the best 25 costs no CRC at all.
 */
export class OkxBookChecksum {
  private readonly bids = new ChecksumSide(CHECKSUM_DEPTH, true);
  private readonly asks = new ChecksumSide(CHECKSUM_DEPTH, false);
  /** The CRC's state before each depth's `bid:ask` pair; `states[CHECKSUM_DEPTH]` is the last. */
  private readonly states = new Int32Array(CHECKSUM_DEPTH + 1).fill(-1);
  /** Depths whose following state is still true of the book. */
  private hashed = 0;

  /**
   * The sides this checksum follows on every update, if `depth` is its own: the changes to the best
   * levels a book event carries, found by the same walk (BookRules.followedTops).
   */
  followedTops(depth: number): { bids: BookTopChanges; asks: BookTopChanges } | undefined {
    return depth === CHECKSUM_DEPTH ? { bids: this.bids, asks: this.asks } : undefined;
  }

  /** Keeps up with an update that carried no checksum: the text follows the book, nothing is hashed. */
  follow(bids: BookSide, asks: BookSide): void {
    const from = Math.min(this.bids.followSide(bids), this.asks.followSide(asks));
    if (from < this.hashed) this.hashed = from;
  }

  /** The checksum of the book after its last update (each update is followed, or checked, once). */
  of(bids: BookSide, asks: BookSide): number {
    this.follow(bids, asks);
    if (this.hashed < CHECKSUM_DEPTH) this.hash();
    return ~(this.states[CHECKSUM_DEPTH] ?? 0);
  }

  /** Joins the levels' CRCs from the first depth not hashed, bid then ask at each depth. */
  private hash(): void {
    const { states, bids, asks } = this;
    let state = states[this.hashed] ?? -1;
    // Levels are joined by `:`; the text's very first one goes without it.
    let started = this.hashed > 0;
    for (let depth = this.hashed; depth < CHECKSUM_DEPTH; depth++) {
      if (depth < bids.length) {
        state = started
          ? shiftZeros(state, (bids.lengths[depth] ?? 0) + 1) ^ (bids.joined[depth] ?? 0)
          : shiftZeros(state, bids.lengths[depth] ?? 0) ^ (bids.alone[depth] ?? 0);
        started = true;
      }
      if (depth < asks.length) {
        state = started
          ? shiftZeros(state, (asks.lengths[depth] ?? 0) + 1) ^ (asks.joined[depth] ?? 0)
          : shiftZeros(state, asks.lengths[depth] ?? 0) ^ (asks.alone[depth] ?? 0);
        started = true;
      }
      states[depth + 1] = state;
    }
    this.hashed = CHECKSUM_DEPTH;
  }
}
