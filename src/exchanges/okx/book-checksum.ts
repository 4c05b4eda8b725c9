import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import { utf8 } from '../runtime';
import type { BookSide } from '../transport/socket-book-side';
import { crcAscii, crcBytes, crcStep, crcUnstep, shiftZeros } from './crc32';

/** Levels that go into OKX's checksum: the best 25 of each side (docs/protocol.md "OKX pushes" step 1). */
export const CHECKSUM_DEPTH = 25;

/** The register after `:` from 0: a level's text after the `:` that joins it is this shifted through it, and its own. */
const AFTER_COLON = crcStep(0, 0x3a);
/**
 * The register before the text, as if a `:` came first: every level, the text's first too, is then
 * joined with the `:` before it, and the `:` takes this to the CRC's starting register (all ones).
 */
const BEFORE_TEXT = crcUnstep(-1, 0x3a);
/** A level's memo (BookSide) packs the byte count of its `:price:size` above the CRC's 32 bits: exact in a double. */
const LENGTH_UNIT = 2 ** 32;
/** Its inverse, a power of two: multiplying by it is exact, and quicker than dividing. */
const PER_LENGTH_UNIT = 2 ** -32;

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
 * The memo of the level `index` places from the best of `side`, for when it has none: the CRC-32 of
 * its text `:price:size` (with the `:` that joins it to the text before) from a zero register, and
 * that text's byte count. Hashed the first time the level is read, then kept by the side with the
 * level (it moves with it, and goes when the level changes). No such level: 0 bytes, whose CRC is 0
 * (joining it changes nothing).
 */
function hashLevel(side: BookSide, index: number): number {
  const level = index < side.depth ? side.at(index) : undefined;
  if (level === undefined) return 0;
  const [price, size] = level;
  let crc = crcAscii(AFTER_COLON, price);
  crc = crc === undefined ? undefined : crcAscii(crcStep(crc, 0x3a), size);
  let length = price.length + size.length + 2;
  if (crc === undefined) {
    // A character outside ASCII (never seen in a price): the string form hashes it as UTF-8.
    const bytes = utf8(`:${price}:${size}`);
    crc = crcBytes(0, bytes);
    length = bytes.length;
  }
  const memo = (crc >>> 0) + length * LENGTH_UNIT;
  side.keepMemo(index, memo);
  return memo;
}

/**
 * The same checksum for one live book, every update. Each level of the best 25 is hashed once, when it
 * is first read (its memo on the book side), and the text's CRC is joined from the levels' own; the
 * register is kept at every depth, so an update joins only from the first depth it changed
 * (BookSide.changedFrom), and one that changed nothing in the best 25 costs no CRC at all.
 */
export class OkxBookChecksum {
  /** The CRC's state before each depth's `bid:ask` pair; `states[CHECKSUM_DEPTH]` is the last. */
  private readonly states = new Int32Array(CHECKSUM_DEPTH + 1).fill(BEFORE_TEXT);
  /** Depths whose following state is still true of the book. */
  private hashed = 0;

  /** Keeps up with an update that carried no checksum: nothing is hashed until one does. */
  follow(bids: BookSide, asks: BookSide): void {
    const from = Math.min(bids.changedFrom, asks.changedFrom);
    if (from < this.hashed) this.hashed = from;
  }

  /** The checksum of the book after its last update (each update is followed, or checked, once). */
  of(bids: BookSide, asks: BookSide): number {
    this.follow(bids, asks);
    // An empty text: the CRC of no bytes.
    if (bids.depth === 0 && asks.depth === 0) return 0;
    if (this.hashed < CHECKSUM_DEPTH) this.hash(bids, asks);
    return ~(this.states[CHECKSUM_DEPTH] ?? 0);
  }

  /**
   * Joins the levels' CRCs from the first depth not hashed, a depth's bid and ask at once: the state
   * after both is the state shifted through both texts, the bid's CRC shifted through the ask's text,
   * and the ask's CRC. Only the first part waits for the depth before, so the two sides' shifts of
   * one depth overlap instead of following each other.
   */
  private hash(bids: BookSide, asks: BookSide): void {
    const { states } = this;
    let state = states[this.hashed] ?? BEFORE_TEXT;
    for (let depth = this.hashed; depth < CHECKSUM_DEPTH; depth++) {
      const bid = bids.memoAt(depth) || hashLevel(bids, depth);
      const ask = asks.memoAt(depth) || hashLevel(asks, depth);
      const bidLength = Math.floor(bid * PER_LENGTH_UNIT);
      const askLength = Math.floor(ask * PER_LENGTH_UNIT);
      state = shiftZeros(state, bidLength + askLength) ^ shiftZeros(bid | 0, askLength) ^ (ask | 0);
      states[depth + 1] = state;
    }
    this.hashed = CHECKSUM_DEPTH;
  }
}
