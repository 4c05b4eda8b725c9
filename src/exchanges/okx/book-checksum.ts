import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import { utf8 } from '../runtime';
import type { BookSide } from '../transport/socket-book-side';
import { crcAscii, crcBytes, crcStep, shiftZeros } from './crc32';

/** Levels that go into OKX's checksum: the best 25 of each side (docs/protocol.md "OKX pushes" step 1). */
export const CHECKSUM_DEPTH = 25;

/** The register after `:` from 0: a level's text after the `:` that joins it is this shifted through it, and its own. */
const AFTER_COLON = crcStep(0, 0x3a);
/** A level's memo (BookSide) packs its text's byte count above the CRC's 32 bits: exact in a double. */
const LENGTH_UNIT = 2 ** 32;

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
 * The memo of the level `index` places from the best of `side`: the CRC-32 of its text `:price:size`
 * (with the `:` that joins it to the text before) from a zero register, and the byte count of
 * `price:size`. Hashed the first time the level is read, then kept by the side with the level (it
 * moves with it, and goes when the level changes).
 */
function levelMemo(side: BookSide, index: number): number {
  const kept = side.memoAt(index);
  if (kept !== 0) return kept;
  const level = side.at(index);
  const text = level === undefined ? '' : `${level[0]}:${level[1]}`;
  let crc = crcAscii(0, text);
  let length = text.length;
  if (crc === undefined) {
    // A character outside ASCII (never seen in a price): the string form hashes it as UTF-8.
    const bytes = utf8(text);
    crc = crcBytes(0, bytes);
    length = bytes.length;
  }
  const memo = ((shiftZeros(AFTER_COLON, length) ^ crc) >>> 0) + length * LENGTH_UNIT;
  side.keepMemo(index, memo);
  return memo;
}

/**
 * The register `state` after the level `index` places from the best of `side`, joined to the text
 * before it by `:` unless it is the text's first: its own CRC run on from `state` (crc32.ts).
 */
function joinLevel(state: number, side: BookSide, index: number, first: boolean): number {
  const memo = levelMemo(side, index);
  const length = Math.floor(memo / LENGTH_UNIT);
  const joined = memo | 0;
  // The text's first level goes without the `:`: its own CRC is the joined one less the `:`'s.
  if (first) return shiftZeros(state, length) ^ shiftZeros(AFTER_COLON, length) ^ joined;
  return shiftZeros(state, length + 1) ^ joined;
}

/**
 * The same checksum for one live book, every update. Each level of the best 25 is hashed once, when it
 * is first read (its memo on the book side), and the text's CRC is joined from the levels' own; the
 * register is kept at every depth, so an update joins only from the first depth it changed
 * (BookSide.changedFrom), and one that changed nothing in the best 25 costs no CRC at all.
 */
export class OkxBookChecksum {
  /** The CRC's state before each depth's `bid:ask` pair; `states[CHECKSUM_DEPTH]` is the last. */
  private readonly states = new Int32Array(CHECKSUM_DEPTH + 1).fill(-1);
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
    if (this.hashed < CHECKSUM_DEPTH) this.hash(bids, asks);
    return ~(this.states[CHECKSUM_DEPTH] ?? 0);
  }

  /** Joins the levels' CRCs from the first depth not hashed, bid then ask at each depth. */
  private hash(bids: BookSide, asks: BookSide): void {
    const { states } = this;
    const bidDepth = Math.min(bids.depth, CHECKSUM_DEPTH);
    const askDepth = Math.min(asks.depth, CHECKSUM_DEPTH);
    let state = states[this.hashed] ?? -1;
    // Levels are joined by `:`; the text's very first one goes without it.
    let started = this.hashed > 0;
    for (let depth = this.hashed; depth < CHECKSUM_DEPTH; depth++) {
      if (depth < bidDepth) {
        state = joinLevel(state, bids, depth, !started);
        started = true;
      }
      if (depth < askDepth) {
        state = joinLevel(state, asks, depth, !started);
        started = true;
      }
      states[depth + 1] = state;
    }
    this.hashed = CHECKSUM_DEPTH;
  }
}
