import { describe, expect, it } from 'vitest';
import { createBybitBook, type BybitBookUpdate } from './book';

function update(replaces: boolean, updateId: number, bids: string[][], asks: string[][]): BybitBookUpdate {
  return { replaces, ts: 1_700_000_000_000 + updateId, bids, asks, updateId };
}

describe('Bybit book', () => {
  it('keeps only the subscribed depth', () => {
    const book = createBybitBook(1);
    book.apply(
      update(
        true,
        2,
        [
          ['100', '1'],
          ['99', '1'],
        ],
        [
          ['101', '1'],
          ['102', '1'],
        ],
      ),
    );
    expect(book.bids.depth).toBe(1);
    expect(book.asks.top(5)).toEqual([['101', '1']]);
  });

  it('takes the next update id as following', () => {
    const book = createBybitBook(50);
    book.apply(update(true, 5, [['100', '1']], [['101', '1']]));
    expect(book.apply(update(false, 6, [['99', '1']], []))).toEqual({ ok: true });
  });

  it('takes a skipped update id as a lost delta: the book waits for a fresh snapshot', () => {
    const book = createBybitBook(50);
    book.apply(update(true, 5, [['100', '1']], [['101', '1']]));
    expect(book.apply(update(false, 7, [['99', '1']], []))).toEqual({
      ok: false,
      problem: 'gap',
      detail: 'update id 7 does not follow 5',
    });
    expect(book.isValid).toBe(false);
  });
});
