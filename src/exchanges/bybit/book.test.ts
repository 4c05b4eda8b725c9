import { describe, expect, it } from 'vitest';
import { BybitBook, type BybitBookMessage } from './book';

function message(type: 'snapshot' | 'delta', u: number, b: string[][], a: string[][]): BybitBookMessage {
  return { type, ts: 1_700_000_000_000 + u, data: { s: 'BTCUSDT', b, a, u, seq: 1000 + u } };
}

describe('BybitBook', () => {
  it('builds from a snapshot and applies deltas (zero size deletes, new price inserts)', () => {
    const book = new BybitBook(50);
    book.apply(
      message(
        'snapshot',
        5,
        [
          ['100', '1'],
          ['99', '2'],
        ],
        [['101', '1']],
      ),
    );
    expect(
      book.apply(
        message(
          'delta',
          6,
          [
            ['99', '0'],
            ['99.5', '3'],
          ],
          [['101', '5']],
        ),
      ),
    ).toEqual({ ok: true });
    expect(book.bids.top(5)).toEqual([
      ['100', '1'],
      ['99.5', '3'],
    ]);
    expect(book.asks.top(5)).toEqual([['101', '5']]);
  });

  it('treats u == 1 as a restart snapshot that overwrites the book', () => {
    const book = new BybitBook(50);
    book.apply(message('snapshot', 5, [['100', '1']], [['101', '1']]));
    book.apply(message('delta', 1, [['90', '1']], [['91', '1']]));
    expect(book.bids.top(5)).toEqual([['90', '1']]);
    expect(book.asks.top(5)).toEqual([['91', '1']]);
  });

  it('reports a delta whose update id goes backwards and refuses deltas until a snapshot', () => {
    const book = new BybitBook(50);
    book.apply(message('snapshot', 5, [['100', '1']], [['101', '1']]));
    expect(book.apply(message('delta', 5, [], []))).toMatchObject({ ok: false, problem: 'gap' });
    expect(book.apply(message('delta', 7, [], []))).toMatchObject({ problem: 'no-snapshot' });
    expect(book.apply(message('snapshot', 9, [['100', '1']], []))).toEqual({ ok: true });
  });

  it('keeps only the subscribed depth', () => {
    const book = new BybitBook(1);
    book.apply(
      message(
        'snapshot',
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
});
