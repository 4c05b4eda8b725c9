import { describe, expect, it } from 'vitest';
import { OrderBook, type Level } from '../market/book';
import { createRng } from '../market/rng';
import { createBookStream } from './book-view';

function newBook(seed: number): OrderBook {
  return new OrderBook({ tickUnits: 10, lotUnits: 1, depth: 1000, maxLots: 500 }, createRng(seed), 6_700_000);
}

/** Applies diffs the way a client does and compares with the live book's top levels. */
function replay(depth: number, steps: number): void {
  const rng = createRng(depth);
  const book = newBook(depth);
  const stream = createBookStream(book, depth);
  const held = { bids: new Map<number, number>(), asks: new Map<number, number>() };
  const apply = (side: 'bids' | 'asks', levels: Level[]): void => {
    for (const { px, sz } of levels) {
      if (sz === 0) held[side].delete(px);
      else held[side].set(px, sz);
    }
  };
  const snapshot = stream.snapshot();
  apply('bids', snapshot.bids);
  apply('asks', snapshot.asks);
  let mid = 6_700_000;
  for (let step = 0; step < steps; step++) {
    mid += Math.round((rng.next() - 0.5) * 400);
    // A 5 % jump now and then (POST /__sim/price) replaces a whole side of the book at once.
    if (step % 50 === 25) mid = Math.round(mid * (step % 100 === 25 ? 1.05 : 0.95));
    book.evolve(mid, 3);
    if (step % 7 === 0) book.take(rng.next() < 0.5 ? 'bids' : 'asks', 2_000, { consume: true });
    const diff = stream.advance();
    apply('bids', diff.bids);
    apply('asks', diff.asks);
    for (const side of ['bids', 'asks'] as const) {
      const expected = book[side].slice(0, depth).map((l) => [l.px, l.sz]);
      const direction = side === 'bids' ? -1 : 1;
      const actual = [...held[side]].sort((a, b) => (a[0] - b[0]) * direction);
      // One string compare a step; the deep comparison, with its diff, only for a step that differs
      // (a thousand levels deep-compared 400 times took this test past its 5 s beside the type check).
      if (JSON.stringify(actual) !== JSON.stringify(expected))
        expect(actual, `${side} after step ${step}`).toEqual(expected);
    }
  }
}

describe('book streams', () => {
  it('keep a client holding exactly the top 50 through moves, 5 % jumps, cancels and takes', () => {
    replay(50, 300);
  });
  it('keep a client holding exactly the top 500', () => {
    replay(500, 200);
  });
  it('keep a client holding the whole book from the journal', () => {
    replay(1000, 200);
  });

  it.each([50, 1000])('at depth %i drop idle changes and snapshot the live book afterwards', (depth) => {
    const book = newBook(depth);
    const stream = createBookStream(book, depth);
    for (let step = 0; step < 20; step++) {
      book.evolve(6_700_000 + step * 30, 3);
      stream.discard();
    }
    stream.advance(); // what a stream does before a snapshot
    const live = (side: 'bids' | 'asks'): Level[] =>
      book[side].slice(0, depth).map((l) => ({ px: l.px, sz: l.sz }));
    expect(stream.snapshot()).toEqual({ bids: live('bids'), asks: live('asks') });
  });

  it('empty the whole-book journal on discard, so the next diff holds only later changes', () => {
    const book = newBook(1);
    const stream = createBookStream(book, book.depth);
    book.evolve(6_701_000, 3);
    stream.discard();
    expect(stream.advance()).toEqual({ bids: [], asks: [] });
  });
});
