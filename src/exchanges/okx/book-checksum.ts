import CRC32 from 'crc-32';
import type { PriceLevel } from '../model';
import type { BookSide } from '../transport/socket-book-side';

/** Levels that go into OKX's checksum: the best 25 of each side (docs/protocol.md "OKX pushes" step 1). */
export const CHECKSUM_DEPTH = 25;

const COLON = 0x3a;

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
 * The same checksum for one live book, every update: the checksum text is kept as bytes, and only the
 * depths from the first level an update changed are written again (most updates change one or two
 * levels, many below the best 25, which leaves the checksum as it was). crc-32 hashes the bytes; the
 * text is never built as a string, and no level is copied.
 */
export class OkxBookChecksum {
  private bytes = new Uint8Array(1024);
  /** Where each depth's `bid:ask` pair starts in `bytes`; `starts[CHECKSUM_DEPTH]` is the end. */
  private readonly starts = new Int32Array(CHECKSUM_DEPTH + 1);
  /** Depths whose bytes still match the book; 0 after `forget()`. */
  private known = 0;
  private value = 0;

  /** The checksum of the book whose sides changed from their `changedFrom` since the last call. */
  of(bids: BookSide, asks: BookSide): number {
    const from = Math.min(this.known, bids.changedFrom, asks.changedFrom);
    if (from >= CHECKSUM_DEPTH) return this.value;
    const starts = this.starts;
    let end = starts[from] ?? 0;
    for (let depth = from; depth < CHECKSUM_DEPTH && end >= 0; depth++) {
      starts[depth] = end;
      end = this.write(bids.at(depth), end);
      if (end >= 0) end = this.write(asks.at(depth), end);
    }
    if (end < 0) {
      // A character outside ASCII: the string form encodes it as UTF-8 (never seen in a price).
      this.known = 0;
      this.value = okxBookChecksum(bids.top(CHECKSUM_DEPTH), asks.top(CHECKSUM_DEPTH));
      return this.value;
    }
    starts[CHECKSUM_DEPTH] = end;
    this.known = CHECKSUM_DEPTH;
    this.value = CRC32.buf(this.bytes.subarray(0, end));
    return this.value;
  }

  /** The book changed without being checked: the next checksum starts from the first depth. */
  forget(): void {
    this.known = 0;
  }

  /** Writes `:price:size` (no leading `:` at the very start) from `end`; -1 for a non-ASCII character. */
  private write(level: PriceLevel | undefined, end: number): number {
    if (level === undefined) return end;
    const price = level[0];
    const size = level[1];
    while (this.bytes.length < end + price.length + size.length + 2) this.grow();
    const bytes = this.bytes;
    let at = end;
    if (at > 0) bytes[at++] = COLON;
    at = writeAscii(bytes, price, at);
    if (at < 0) return at;
    bytes[at++] = COLON;
    return writeAscii(bytes, size, at);
  }

  private grow(): void {
    const bigger = new Uint8Array(this.bytes.length * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
  }
}

/** Writes `text` as its bytes from `at` when it is all ASCII (a price always is); else -1. */
function writeAscii(bytes: Uint8Array, text: string, at: number): number {
  let end = at;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return -1;
    bytes[end++] = code;
  }
  return end;
}
