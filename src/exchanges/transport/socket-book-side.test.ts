import { describe, expect, it } from 'vitest';
import type { PriceLevel } from '../model';
import { BookSide } from './socket-book-side';
import { seeded } from './seeded.test-helper';

/** The plainest model of a side: a sorted array, searched from the best, spliced. */
class ReferenceSide {
  levels: PriceLevel[] = [];
  changedFrom = 0;
  constructor(private readonly descending: boolean) {}

  /** Where `price` is, or would go, counted from the best: past every better level. */
  private indexOf(price: number): number {
    let index = 0;
    while (index < this.levels.length && this.better(Number(this.levels[index]?.[0]), price)) index++;
    return index;
  }

  private better(a: number, b: number): boolean {
    return this.descending ? a > b : a < b;
  }

  apply(price: string, size: string): void {
    const index = this.indexOf(Number(price));
    const found = Number(this.levels[index]?.[0]) === Number(price);
    if (Number(size) === 0) {
      if (!found) return;
      this.levels.splice(index, 1);
    } else {
      this.levels.splice(index, found ? 1 : 0, [price, size]);
    }
    this.changedFrom = Math.min(this.changedFrom, index);
  }

  truncate(count: number): void {
    if (this.levels.length <= count) return;
    this.levels.length = count;
    this.changedFrom = Math.min(this.changedFrom, count);
  }
}

/** A price text for `tick` tenths; the same price is sometimes written with a trailing zero more. */
function priceText(tick: number, random: () => number): string {
  const text = `${Math.floor(tick / 10)}.${tick % 10}`;
  return random() < 0.1 ? `${text}0` : text;
}

/** The side as a reader sees it, in one text: one comparison per step stays fast. */
function read(side: BookSide): string {
  const levels = side.top(side.depth + 1).map((level) => level.join(' '));
  return `${side.depth} [${levels.join(', ')}] ${String(side.at(side.depth))}`;
}

function expectSame(side: BookSide, reference: ReferenceSide): void {
  const { levels } = reference;
  expect(read(side)).toBe(
    `${levels.length} [${levels.map((level) => level.join(' ')).join(', ')}] undefined`,
  );
}

/**
 * What a book event says changed in the best `count` levels from `before` to `after` (model.ts
 * BookEvent), worked out from the two lists alone: each price whose level differs, best first, with
 * size "0" where it left them.
 */
function changesBetween(
  before: readonly PriceLevel[],
  after: readonly PriceLevel[],
  descending: boolean,
): PriceLevel[] {
  const was = new Map(before.map((level) => [Number(level[0]), level]));
  const now = new Map(after.map((level) => [Number(level[0]), level]));
  const prices = [...new Set([...was.keys(), ...now.keys()])].sort((a, b) => (descending ? b - a : a - b));
  const changes: PriceLevel[] = [];
  for (const price of prices) {
    const old = was.get(price);
    const level = now.get(price);
    if (level === undefined) changes.push([old?.[0] ?? '', '0']);
    else if (old?.join(' ') !== level.join(' ')) changes.push(level);
  }
  return changes;
}

/** Gives every level a memo of its own; returns which pair got which. */
function markMemos(side: BookSide, step: number): Map<PriceLevel, number> {
  const memos = new Map<PriceLevel, number>();
  for (let index = 0; index < side.depth; index++) {
    const level = side.at(index);
    if (level === undefined) continue;
    side.keepMemo(index, step * 1000 + index + 1);
    memos.set(level, step * 1000 + index + 1);
  }
  return memos;
}

describe.each([
  ['bids', true],
  ['asks', false],
] as const)('book side of %s', (_, descending) => {
  it('holds the levels of a sorted array through inserts, resizes and deletes at every depth, truncation and snapshots', () => {
    const random = seeded(descending ? 3 : 4);
    const side = new BookSide(descending);
    const reference = new ReferenceSide(descending);
    const direction = descending ? -1 : 1;
    // The best levels whose changes the side notes (a book event's): sometimes more than it holds.
    const watched = 25;
    side.watch(watched);
    // Where the best level sits; it wanders, so the book drifts as a market does.
    let best = 10_000;
    const snapshot = (depth: number, shuffled: boolean): void => {
      side.clear();
      reference.levels = [];
      const levels: PriceLevel[] = [];
      for (let i = 0; i < depth; i++) levels.push([priceText(best + direction * i * 2, random), '1']);
      if (shuffled) levels.sort(() => random() - 0.5);
      for (const [price, size] of levels) {
        side.apply(price, size);
        reference.apply(price, size);
      }
    };
    snapshot(400, false);
    for (let step = 0; step < 1200; step++) {
      const roll = random();
      side.settle();
      reference.changedFrom = Number.POSITIVE_INFINITY;
      const before = reference.levels.slice(0, watched);
      const memos = markMemos(side, step);
      if (roll < 0.005) {
        snapshot(Math.floor(random() * 500), random() < 0.3);
      } else {
        // One to four changes, each at any depth (near the best more often), or just beyond the ends.
        const changes = 1 + Math.floor(random() * 4);
        for (let c = 0; c < changes; c++) {
          const depth = Math.floor((side.depth + 4) * random() ** 2) - 2;
          const tick = best + direction * depth * 2 + (random() < 0.5 ? direction : 0);
          const price = priceText(tick, random);
          const size = random() < 0.35 ? (random() < 0.5 ? '0' : '0.000') : (1 + random() * 9).toFixed(3);
          side.apply(price, size);
          reference.apply(price, size);
        }
        if (roll < 0.2) {
          const depth = Math.floor(random() * 450);
          side.truncate(depth);
          reference.truncate(depth);
        }
        if (roll > 0.9) best += direction * (random() < 0.5 ? 1 : -1);
      }
      expectSame(side, reference);
      if (roll >= 0.005) {
        expect(side.changedFrom).toBe(reference.changedFrom);
        const after = reference.levels.slice(0, watched);
        expect(side.takeChanges()).toEqual(changesBetween(before, after, descending));
        // A memo stays with its level wherever the level moved, and is gone from one that changed.
        const kept = Array.from({ length: side.depth }, (_, index) => side.memoAt(index));
        const expected = side.top(side.depth).map((level) => memos.get(level) ?? 0);
        expect(kept.join(' ')).toBe(expected.join(' '));
      }
    }
  });

  it('keeps up as the book walks away: levels always enter at the best and leave at the worst', () => {
    const side = new BookSide(descending);
    const reference = new ReferenceSide(descending);
    const direction = descending ? 1 : -1;
    for (let tick = 0; tick < 3000; tick++) {
      const price = String(1000 + direction * tick);
      side.apply(price, '1');
      reference.apply(price, '1');
      side.truncate(200);
      reference.truncate(200);
      if (tick % 3 === 0) {
        const worst = reference.levels.at(-1)?.[0] ?? '';
        side.apply(worst, '0');
        reference.apply(worst, '0');
      }
    }
    expectSame(side, reference);
  });
});
