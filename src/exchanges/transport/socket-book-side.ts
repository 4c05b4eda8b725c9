import type { PriceLevel } from '../model';
import { decimalNumber } from './decimal-number';
import { SideChanges } from './socket-book-changes';

/** Slots a side starts with; it doubles when a push fills it. */
const FIRST_CAPACITY = 64;

/**
 * One side of an order book fed by socket pushes, read best first (bids high to low, asks low to high).
 * Prices and sizes stay the exchange's strings exactly as received (docs/protocol.md "OKX pushes").
 *
 * Most changes land near the best level, and an insert or delete in a sorted array moves every level
 * on one side of it. So the levels sit in the middle of a larger buffer, best at its high end, with
 * room at both ends: a change moves the levels on its shorter side (those above it, near the top),
 * and the exchange's depth is cut off the low end without moving anything.
 *
 * What an update changed is known as it lands, so readers never walk the levels to find it: the
 * changes to the best `watched` levels (a book event's, SideChanges), and `changedFrom`, the first
 * depth changed (where the OKX checksum's text starts to differ). Each level also has a memo, a
 * number its reader may keep about it (the OKX checksum: the CRC of its text), which moves with the
 * level and is 0 again whenever the level changes.
 */
export class BookSide {
  /** The `[price, size]` pairs, worst at `low`, best at `high - 1`; slots outside that range hold nothing. */
  private slots: (PriceLevel | undefined)[] = new Array<PriceLevel | undefined>(FIRST_CAPACITY).fill(
    undefined,
  );
  /** Each slot's price as a number, signed so that it grows towards the best (bids as is, asks negated). */
  private keys = new Float64Array(FIRST_CAPACITY);
  /** Each slot's memo; 0 where none is kept. */
  private memos = new Float64Array(FIRST_CAPACITY);
  private low = FIRST_CAPACITY >>> 1;
  private high = FIRST_CAPACITY >>> 1;
  /** 1 where bids (the best is the highest price), -1 where asks. */
  private readonly sign: number;
  /** The best levels whose changes are noted; none until a reader asks (`watch`). */
  private watched = 0;
  private readonly changes = new SideChanges();
  /** The best index changed since `settle()`: what was read above it is still true. */
  changedFrom = 0;

  constructor(descending: boolean) {
    this.sign = descending ? 1 : -1;
  }

  get depth(): number {
    return this.high - this.low;
  }

  /** Notes the changes each update makes to the best `count` levels, until `takeChanges`. */
  watch(count: number): void {
    this.watched = count;
  }

  clear(): void {
    this.slots.fill(undefined, this.low, this.high);
    this.low = this.high = this.slots.length >>> 1;
    this.changedFrom = 0;
    this.changes.clear();
  }

  /** Size "0" (or any zero) deletes the price; otherwise the level is inserted or replaced. */
  apply(price: string, size: string): void {
    const key = this.sign * decimalNumber(price);
    const slot = this.search(key);
    const found = slot < this.high && this.keys[slot] === key;
    // The index from the best this change is at (a new level lands just below the slot's).
    const index = this.high - 1 - slot + (found ? 0 : 1);
    const watched = index < this.watched;
    if (decimalNumber(size) === 0) {
      if (!found) return;
      if (watched) this.noteRemove(slot);
      this.remove(slot);
    } else if (found) {
      const level: PriceLevel = [price, size];
      if (watched) this.changes.note(key, this.slots[slot], level);
      this.slots[slot] = level;
      this.memos[slot] = 0;
    } else {
      const level: PriceLevel = [price, size];
      if (watched) this.noteInsert(key, level);
      this.insert(slot, key, level);
    }
    if (index < this.changedFrom) this.changedFrom = index;
  }

  /** The level `index` places from the best (0 is the best), if the side is that deep. */
  at(index: number): PriceLevel | undefined {
    return index < this.high - this.low ? this.slots[this.high - 1 - index] : undefined;
  }

  /** The memo of the level `index` places from the best (0 if none, or no such level). */
  memoAt(index: number): number {
    return index < this.high - this.low ? (this.memos[this.high - 1 - index] ?? 0) : 0;
  }

  /** Keeps `memo` with the level `index` places from the best, until that level changes. */
  keepMemo(index: number, memo: number): void {
    if (index < this.high - this.low) this.memos[this.high - 1 - index] = memo;
  }

  /** The best `count` levels, best first. */
  top(count: number): PriceLevel[] {
    const levels: PriceLevel[] = [];
    const end = Math.max(this.low, this.high - count);
    for (let slot = this.high - 1; slot >= end; slot--) {
      const level = this.slots[slot];
      if (level !== undefined) levels.push(level);
    }
    return levels;
  }

  /** Keeps only the best `count` levels (the exchange drops what falls out of its depth). */
  truncate(count: number): void {
    if (this.high - this.low <= count) return;
    const low = this.high - count;
    for (let slot = Math.max(this.low, this.high - this.watched); slot < low; slot++)
      this.changes.note(this.keys[slot] ?? 0, this.slots[slot], undefined);
    this.slots.fill(undefined, this.low, low);
    this.low = low;
    if (count < this.changedFrom) this.changedFrom = count;
  }

  /** The changes to the best `watched` levels since `settle()` (or `clear()`), best first. */
  takeChanges(): readonly PriceLevel[] {
    return this.changes.take();
  }

  /** Everything changed so far has been read: `changedFrom` and the changes start over. */
  settle(): void {
    this.changedFrom = Number.POSITIVE_INFINITY;
    this.changes.clear();
  }

  /** The level at `slot`, one of the best `watched`, is deleted: the next below them, if any, enters them. */
  private noteRemove(slot: number): void {
    this.changes.note(this.keys[slot] ?? 0, this.slots[slot], undefined);
    const entering = this.high - 1 - this.watched;
    if (entering >= this.low) this.changes.note(this.keys[entering] ?? 0, undefined, this.slots[entering]);
  }

  /** `level` enters the best `watched`: the last of them, if they were full, leaves. */
  private noteInsert(key: number, level: PriceLevel): void {
    this.changes.note(key, undefined, level);
    const leaving = this.high - this.watched;
    if (leaving >= this.low) this.changes.note(this.keys[leaving] ?? 0, this.slots[leaving], undefined);
  }

  /** The first slot whose key is `key` or better, `high` if none. */
  private search(key: number): number {
    const keys = this.keys;
    let low = this.low;
    let high = this.high;
    // A snapshot arrives best first: each level is worse than every one before it.
    if (low < high && (keys[low] ?? 0) > key) return low;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] ?? 0) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Puts `level` just below `slot`, moving the levels on the shorter side out of its way. */
  private insert(slot: number, key: number, level: PriceLevel): void {
    const above = this.high - slot;
    const below = slot - this.low;
    if (above <= below ? this.high === this.slots.length : this.low === 0) {
      const low = this.low;
      this.insert(slot + this.recentre(this.high - this.low + 1) - low, key, level);
      return;
    }
    const { slots, keys, memos } = this;
    let at = slot;
    if (above <= below) {
      keys.copyWithin(slot + 1, slot, this.high);
      memos.copyWithin(slot + 1, slot, this.high);
      for (let i = this.high; i > slot; i--) slots[i] = slots[i - 1];
      this.high++;
    } else {
      at = slot - 1;
      keys.copyWithin(this.low - 1, this.low, slot);
      memos.copyWithin(this.low - 1, this.low, slot);
      for (let i = this.low - 1; i < at; i++) slots[i] = slots[i + 1];
      this.low--;
    }
    slots[at] = level;
    keys[at] = key;
    memos[at] = 0;
  }

  /** Takes out the level at `slot`, closing the gap from the shorter side. */
  private remove(slot: number): void {
    const { slots, keys, memos } = this;
    if (this.high - slot <= slot - this.low) {
      keys.copyWithin(slot, slot + 1, this.high);
      memos.copyWithin(slot, slot + 1, this.high);
      for (let i = slot; i < this.high - 1; i++) slots[i] = slots[i + 1];
      slots[--this.high] = undefined;
    } else {
      keys.copyWithin(this.low + 1, this.low, slot);
      memos.copyWithin(this.low + 1, this.low, slot);
      for (let i = slot; i > this.low; i--) slots[i] = slots[i - 1];
      slots[this.low++] = undefined;
    }
  }

  /**
   * Moves the levels to the middle of a buffer with room for `count` of them and as many again (a
   * buffer four times `count` when it must grow); returns the new `low`.
   */
  private recentre(count: number): number {
    const depth = this.high - this.low;
    const capacity = 2 * count <= this.slots.length ? this.slots.length : 4 * count;
    const low = (capacity - depth) >>> 1;
    const slots = new Array<PriceLevel | undefined>(capacity).fill(undefined);
    const keys = new Float64Array(capacity);
    const memos = new Float64Array(capacity);
    for (let i = 0; i < depth; i++) slots[low + i] = this.slots[this.low + i];
    keys.set(this.keys.subarray(this.low, this.high), low);
    memos.set(this.memos.subarray(this.low, this.high), low);
    this.slots = slots;
    this.keys = keys;
    this.memos = memos;
    this.low = low;
    this.high = low + depth;
    return low;
  }
}
