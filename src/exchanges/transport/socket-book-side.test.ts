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

/** The side as a reader sees it, each level with its price as a number, in one text: one comparison per step stays fast. */
function read(side: BookSide): string {
  const levels = side.top(side.depth + 1).map((level, index) => `${level.join(' ')} ${side.valueAt(index)}`);
  return `${side.depth} [${levels.join(', ')}] ${String(side.at(side.depth))}`;
}

function expectSame(side: BookSide, reference: ReferenceSide): void {
  const { levels } = reference;
  const expected = levels.map((level) => `${level.join(' ')} ${Number(level[0])}`);
  expect(read(side)).toBe(`${levels.length} [${expected.join(', ')}] undefined`);
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
      const before = side.top(side.depth);
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
        // What an update left alone above its first change is still the same pair: readers tell by identity.
        const kept = before.slice(0, Math.min(side.changedFrom, side.depth));
        expect(kept.every((level, index) => side.at(index) === level)).toBe(true);
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
