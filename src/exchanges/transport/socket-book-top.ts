import type { PriceLevel } from '../model';
import type { BookSide } from './socket-book-side';

/**
 * The best `depth` levels of one book side as a reader last saw them, brought up to date after each
 * update by walking the side only from its `changedFrom`: each level is kept (the same pair), entered
 * (new to the best levels, or resized) or left (deleted, resized, or pushed below `depth`). A subclass
 * says what each step means to it: the book event's changes, the OKX checksum's bytes.
 */
export abstract class BookTop {
  protected readonly levels: PriceLevel[] = [];
  private readonly values: number[] = [];
  /** -1 where bids (best is the highest), 1 where asks: the side's order as a sign. */
  private readonly order: number;

  constructor(
    readonly depth: number,
    descending: boolean,
  ) {
    this.order = descending ? -1 : 1;
  }

  get length(): number {
    return this.levels.length;
  }

  /** The level seen at `index` (best is 0). */
  at(index: number): PriceLevel | undefined {
    return this.levels[index];
  }

  /**
   * Reads what `side` changed since it was last followed (nothing above `from`, by default the side's
   * `changedFrom`); returns the first depth that changed.
   */
  protected follow(side: BookSide, from = side.changedFrom): number {
    const { levels, values, order } = this;
    const seen = levels.length;
    const now = Math.min(this.depth, side.depth);
    if (from >= seen && from >= now) return Number.POSITIVE_INFINITY;
    let i = from;
    let j = from;
    // A merge of the two sorted lists: what was seen against what the side holds now.
    while (i < seen || j < now) {
      const level = j < now ? side.at(j) : undefined;
      if (level === undefined) {
        this.left(i++, false);
      } else if (i >= seen) {
        this.entered(level, j++);
      } else if (levels[i] === level) {
        this.kept(i++, j++);
      } else {
        const before = values[i] ?? 0;
        const value = side.valueAt(j);
        if (before === value) {
          this.left(i++, true);
          this.entered(level, j++);
        } else if (order * before < order * value) {
          this.left(i++, false);
        } else {
          this.entered(level, j++);
        }
      }
    }
    for (let k = from; k < now; k++) {
      levels[k] = side.at(k) ?? levels[k] ?? ['', ''];
      values[k] = side.valueAt(k);
    }
    if (levels.length !== now) {
      levels.length = now;
      values.length = now;
    }
    return from;
  }

  /** Forgets what was seen without a word to the subclass: the next follow sees every level enter. */
  protected unsee(): void {
    this.levels.length = 0;
    this.values.length = 0;
  }

  /** The level seen at `from` is still there, now at `to`. */
  protected abstract kept(from: number, to: number): void;
  /** `level` is now at `at`: new to the best levels, or a new size of a price that was there. */
  protected abstract entered(level: PriceLevel, at: number): void;
  /** The level seen at `at` is gone from the best levels; `resized` when its price stays with a new size. */
  protected abstract left(at: number, resized: boolean): void;
}

const NO_CHANGES: readonly PriceLevel[] = Object.freeze([]);

/**
 * What a BookEvent carries for one side: the changes to its best `depth` levels since the last event.
 * A level with size "0" left them (deleted, or pushed below `depth`); any other is new or resized.
 */
export class BookTopChanges extends BookTop {
  /** The changes found by the last follow, until taken; undefined for none. */
  private changes: PriceLevel[] | undefined;

  /** Each follow starts a new list: one nobody took (an update refused after it) is dropped, not kept. */
  protected override follow(side: BookSide, from?: number): number {
    this.changes = undefined;
    return super.follow(side, from);
  }

  /** The changes `side`'s last update made to its best levels (none: a shared empty list). */
  changesOf(side: BookSide): readonly PriceLevel[] {
    this.follow(side);
    return this.taken();
  }

  /** `side`'s best levels in full (after a snapshot): the reader's view starts over from them. */
  topOf(side: BookSide): readonly PriceLevel[] {
    this.unsee();
    this.follow(side, 0);
    return this.taken();
  }

  /**
   * The changes the last follow found, for a caller whose sides another reader already follows on
   * every update (the OKX checksum's): one walk of the best levels serves both.
   */
  taken(): readonly PriceLevel[] {
    const { changes } = this;
    this.changes = undefined;
    return changes ?? NO_CHANGES;
  }

  // The full signatures, so a subclass that also reads the positions (the OKX checksum) can override these.
  protected kept(from: number, to: number): void;
  protected kept(): void {}

  protected entered(level: PriceLevel, at: number): void;
  protected entered(level: PriceLevel): void {
    (this.changes ??= []).push(level);
  }

  protected left(at: number, resized: boolean): void {
    const level = this.levels[at];
    if (!resized && level !== undefined) (this.changes ??= []).push([level[0], '0']);
  }
}
