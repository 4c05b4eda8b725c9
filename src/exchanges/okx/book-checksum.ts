import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import type { BookSide } from '../transport/socket-book-side';
import { ChecksumSide, LevelText } from './book-checksum-text';

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

/** CRC-32 (IEEE, reflected 0xEDB88320), one entry per byte value. */
const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/**
 * The same checksum for one live book, every update. The text of the best 25 levels is kept as bytes,
 * each level written once when it enters them (LevelText); the CRC's running state is kept at every
 * depth, so an update hashes only from the first depth it changed, and one that changed nothing in the
 * best 25 hashes nothing.
 */
export class OkxBookChecksum {
  private readonly text = new LevelText(4 * CHECKSUM_DEPTH);
  private readonly bids = new ChecksumSide(this.text, CHECKSUM_DEPTH, true);
  private readonly asks = new ChecksumSide(this.text, CHECKSUM_DEPTH, false);
  /** The CRC's state before each depth's `bid:ask` pair; `states[CHECKSUM_DEPTH]` is the last. */
  private readonly states = new Int32Array(CHECKSUM_DEPTH + 1).fill(-1);
  /** Depths whose following state is still true of the book. */
  private hashed = 0;

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

  /** Runs the CRC from the first depth not hashed, bid then ask at each depth. */
  private hash(): void {
    const { states, bids, asks, text } = this;
    const { bytes, lengths, width } = text;
    let state = states[this.hashed] ?? -1;
    // Every level's text starts with `:`; the text's very first one goes without it.
    let started = this.hashed > 0;
    for (let depth = this.hashed; depth < CHECKSUM_DEPTH; depth++) {
      for (let sideIndex = 0; sideIndex < 2; sideIndex++) {
        const side = sideIndex === 0 ? bids : asks;
        if (depth >= side.length) continue;
        const slot = side.slots[depth] ?? 0;
        const start = slot * width + (started ? 0 : 1);
        const end = slot * width + (lengths[slot] ?? 0);
        started = true;
        for (let k = start; k < end; k++)
          state = (CRC_TABLE[(state ^ (bytes[k] ?? 0)) & 0xff] ?? 0) ^ (state >>> 8);
      }
      states[depth + 1] = state;
    }
    this.hashed = CHECKSUM_DEPTH;
  }
}
