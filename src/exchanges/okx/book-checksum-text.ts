import type { PriceLevel } from '../model';
import { utf8 } from '../runtime';
import type { BookSide } from '../transport/socket-book-side';
import { BookTopChanges } from '../transport/socket-book-top';
import { crcAscii, crcByte, crcBytes, shiftZeros } from './crc32';

const AFTER_COLON = crcByte(0x3a);

/**
 * One side's best levels for OKX's checksum, best first: each level's text `price:size` hashed once,
 * when it enters them (its CRC-32 from a zero register, with and without the `:` that joins it to the
 * text before), so a shift of the book only moves three numbers a level and nothing is hashed again.
 * The same walk records the changes a book event carries (BookTopChanges), so the socket's books need
 * not walk the best 25 a second time.
 */
export class ChecksumSide extends BookTopChanges {
  /** The CRC register after `:price:size`, from 0. */
  readonly joined: Int32Array;
  /** The CRC register after `price:size`, from 0: the text's very first level. */
  readonly alone: Int32Array;
  /** Bytes of `price:size`. */
  readonly lengths: Int32Array;
  /** The same, for the levels being followed, built while the old ones are still read. */
  private readonly next: { joined: Int32Array; alone: Int32Array; lengths: Int32Array };

  constructor(depth: number, descending: boolean) {
    super(depth, descending);
    this.joined = new Int32Array(depth);
    this.alone = new Int32Array(depth);
    this.lengths = new Int32Array(depth);
    this.next = {
      joined: new Int32Array(depth),
      alone: new Int32Array(depth),
      lengths: new Int32Array(depth),
    };
  }

  /** Follows `side`'s last update; returns the first depth whose text changed. */
  followSide(side: BookSide): number {
    const from = this.follow(side);
    const to = this.length;
    const { next, joined, alone, lengths } = this;
    // A loop, not set(subarray()): a view of each array per update would be garbage of every push.
    for (let at = from; at < to; at++) {
      joined[at] = next.joined[at] ?? 0;
      alone[at] = next.alone[at] ?? 0;
      lengths[at] = next.lengths[at] ?? 0;
    }
    return from;
  }

  protected override kept(from: number, to: number): void {
    const { next } = this;
    next.joined[to] = this.joined[from] ?? 0;
    next.alone[to] = this.alone[from] ?? 0;
    next.lengths[to] = this.lengths[from] ?? 0;
  }

  protected override entered(level: PriceLevel, at: number): void {
    super.entered(level, at);
    const { next } = this;
    const text = `${level[0]}:${level[1]}`;
    let alone = crcAscii(0, text);
    let length = text.length;
    if (alone === undefined) {
      // A character outside ASCII (never seen in a price): the string form hashes it as UTF-8.
      const bytes = utf8(text);
      alone = crcBytes(0, bytes);
      length = bytes.length;
    }
    next.alone[at] = alone;
    // The text after the `:` is the `:` run through as many zero bytes, and the text from 0 (crc32.ts).
    next.joined[at] = shiftZeros(AFTER_COLON, length) ^ alone;
    next.lengths[at] = length;
  }
}
