import type { PriceLevel } from '../model';
import { utf8 } from '../runtime';
import type { BookSide } from '../transport/socket-book-side';
import { BookTop } from '../transport/socket-book-top';

const COLON = 0x3a;

/**
 * The checksum text of a book's best levels, one level to a slot of one byte buffer: each level is
 * written once, as `:price:size` in UTF-8, when it enters the best levels, and a shift of the book
 * only moves slot numbers. Slots have one width, doubled (and every slot moved) in the rare case a
 * level does not fit.
 */
export class LevelText {
  bytes: Uint8Array;
  /** Bytes per slot. */
  width = 32;
  /** Bytes written in each slot. */
  readonly lengths: Int32Array;
  private readonly free: Int32Array;
  private freeCount: number;

  constructor(private readonly slots: number) {
    this.bytes = new Uint8Array(slots * this.width);
    this.lengths = new Int32Array(slots);
    this.free = new Int32Array(slots);
    for (let slot = 0; slot < slots; slot++) this.free[slot] = slots - 1 - slot;
    this.freeCount = slots;
  }

  /** Writes `level` into a free slot and returns the slot. */
  write(level: PriceLevel): number {
    const slot = this.free[--this.freeCount];
    if (slot === undefined) throw new Error('the checksum text has no free slot');
    const price = level[0];
    const size = level[1];
    if (price.length + size.length + 2 > this.width) this.widen(price.length + size.length + 2);
    const start = slot * this.width;
    let end = writeAscii(this.bytes, price, start + 1);
    if (end >= 0) end = writeAscii(this.bytes, size, end + 1);
    if (end < 0) {
      // A character outside ASCII (never seen in a price): the string form hashes it as UTF-8.
      const encoded = utf8(`:${price}:${size}`);
      if (encoded.length > this.width) this.widen(encoded.length);
      this.bytes.set(encoded, slot * this.width);
      this.lengths[slot] = encoded.length;
      return slot;
    }
    const bytes = this.bytes;
    bytes[start] = COLON;
    bytes[start + 1 + price.length] = COLON;
    this.lengths[slot] = end - start;
    return slot;
  }

  release(slot: number): void {
    this.free[this.freeCount++] = slot;
  }

  private widen(needed: number): void {
    let width = this.width;
    while (width < needed) width *= 2;
    const wider = new Uint8Array(this.slots * width);
    for (let slot = 0; slot < this.slots; slot++) {
      const start = slot * this.width;
      wider.set(this.bytes.subarray(start, start + (this.lengths[slot] ?? 0)), slot * width);
    }
    this.bytes = wider;
    this.width = width;
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

/** One side's best levels as slots of the checksum text, best first. */
export class ChecksumSide extends BookTop {
  readonly slots: Int32Array;
  /** The slots of the levels being followed, built while the old ones are still read. */
  private readonly next: Int32Array;

  constructor(
    private readonly text: LevelText,
    depth: number,
    descending: boolean,
  ) {
    super(depth, descending);
    this.slots = new Int32Array(depth);
    this.next = new Int32Array(depth);
  }

  /** Follows `side`'s last update; returns the first depth whose text changed. */
  followSide(side: BookSide): number {
    const from = this.follow(side);
    if (from < this.length) this.slots.set(this.next.subarray(from, this.length), from);
    return from;
  }

  protected kept(from: number, to: number): void {
    this.next[to] = this.slots[from] ?? 0;
  }

  protected entered(level: PriceLevel, at: number): void {
    this.next[at] = this.text.write(level);
  }

  protected left(at: number): void {
    this.text.release(this.slots[at] ?? 0);
  }
}
