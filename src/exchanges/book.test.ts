import { describe, expect, it } from 'vitest';
import { createBybitBook } from './bybit/book';
import { createOkxBook } from './okx/book';
import type { BookApplyResult, BookLevels } from './transport/socket-book';

type Levels = [price: string, size: string][];

/** One exchange's book driven through its own update shape; `seq` is OKX's seqId or Bybit's `u`. */
interface BookCase {
  snapshot(seq: number, bids: Levels, asks: Levels): BookApplyResult;
  /** An update that follows the one with `seq`. */
  next(seq: number, bids: Levels, asks: Levels): BookApplyResult;
  /** An update that cannot follow the one with `seq`. */
  broken(seq: number): BookApplyResult;
  levels(depth: number): BookLevels;
  readonly isValid: boolean;
}

const okxLevels = (levels: Levels) => levels.map(([price, size]) => [price, size, '0', '1']);

const cases: Record<'okx' | 'bybit', () => BookCase> = {
  okx: () => {
    const book = createOkxBook();
    const apply = (replaces: boolean, seqId: number, prevSeqId: number, bids: Levels, asks: Levels) =>
      book.apply({ replaces, bids: okxLevels(bids), asks: okxLevels(asks), ts: seqId, seqId, prevSeqId });
    return {
      snapshot: (seq, bids, asks) => apply(true, seq, -1, bids, asks),
      next: (seq, bids, asks) => apply(false, seq + 1, seq, bids, asks),
      broken: (seq) => apply(false, seq + 2, seq + 1, [], []),
      levels: (depth) => book.levels(depth),
      get isValid() {
        return book.isValid;
      },
    };
  },
  bybit: () => {
    const book = createBybitBook(50);
    const apply = (replaces: boolean, updateId: number, bids: Levels, asks: Levels) =>
      book.apply({ replaces, bids, asks, ts: updateId, updateId });
    return {
      snapshot: (seq, bids, asks) => apply(true, seq, bids, asks),
      next: (seq, bids, asks) => apply(false, seq + 1, bids, asks),
      broken: (seq) => apply(false, seq, [], []),
      levels: (depth) => book.levels(depth),
      get isValid() {
        return book.isValid;
      },
    };
  },
};

describe.each(['okx', 'bybit'] as const)('%s book', (exchange) => {
  const start = cases[exchange];

  it('builds from a snapshot and applies updates: size "0" deletes, a new price inserts', () => {
    const book = start();
    book.snapshot(
      5,
      [
        ['100', '1'],
        ['99', '2'],
      ],
      [['101', '1']],
    );
    expect(
      book.next(
        5,
        [
          ['99', '0'],
          ['99.5', '3'],
        ],
        [['101', '5']],
      ),
    ).toEqual({ ok: true });
    expect(book.levels(5)).toEqual({
      bids: [
        ['100', '1'],
        ['99.5', '3'],
      ],
      asks: [['101', '5']],
    });
  });

  it('refuses an update before any snapshot', () => {
    const book = start();
    expect(book.next(5, [['100', '1']], [])).toMatchObject({ ok: false, problem: 'no-snapshot' });
    expect(book.isValid).toBe(false);
  });

  it('reports an update that does not follow, then refuses updates until a new snapshot', () => {
    const book = start();
    book.snapshot(5, [['100', '1']], [['101', '1']]);
    expect(book.broken(5)).toMatchObject({ ok: false, problem: 'gap' });
    expect(book.isValid).toBe(false);
    expect(book.next(5, [], [])).toMatchObject({ problem: 'no-snapshot' });
    expect(book.snapshot(20, [['100', '1']], [])).toEqual({ ok: true });
    expect(book.levels(5)).toEqual({ bids: [['100', '1']], asks: [] });
  });
});
