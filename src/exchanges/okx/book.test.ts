import { describe, expect, it } from 'vitest';
import { createOkxBook, type OkxBookUpdate } from './book';
import { okxBookChecksum } from './book-checksum';

/** The documented checksum vectors (docs/protocol.md "OKX pushes"). */
const EVEN_CHECKSUM = -1881014294;
const ODD_CHECKSUM = 831078360;

const level = (price: string, size: string) => [price, size, '0', '1'];

function snapshot(bids: [string, string][], asks: [string, string][]): OkxBookUpdate {
  return {
    replaces: true,
    bids: bids.map(([p, s]) => level(p, s)),
    asks: asks.map(([p, s]) => level(p, s)),
    ts: 1,
    seqId: 10,
    prevSeqId: -1,
    checksum: okxBookChecksum(bids, asks),
  };
}

describe('okxBookChecksum', () => {
  it('matches the documented vector with both sides the same depth', () => {
    expect(
      okxBookChecksum(
        [
          ['3366.1', '7'],
          ['3366', '6'],
        ],
        [
          ['3366.8', '9'],
          ['3368', '8'],
        ],
      ),
    ).toBe(EVEN_CHECKSUM);
  });

  it('matches the documented vector when one side runs out first', () => {
    expect(
      okxBookChecksum(
        [['3366.1', '7']],
        [
          ['3366.8', '9'],
          ['3368', '8'],
          ['3372', '8'],
        ],
      ),
    ).toBe(ODD_CHECKSUM);
  });

  it('uses the price strings exactly as received', () => {
    expect(okxBookChecksum([['3366.0', '7']], [])).not.toBe(okxBookChecksum([['3366', '7']], []));
  });
});

describe('OKX book', () => {
  it('accepts an update whose checksum matches the book it leaves', () => {
    const book = createOkxBook();
    expect(book.apply(snapshot([['100', '1']], [['101', '1']]))).toEqual({ ok: true });
    const checksum = okxBookChecksum(
      [['100', '1']],
      [
        ['100.5', '4'],
        ['101', '1'],
      ],
    );
    const update = {
      replaces: false,
      bids: [],
      asks: [level('100.5', '4')],
      ts: 2,
      seqId: 11,
      prevSeqId: 10,
    };
    expect(book.apply({ ...update, checksum })).toEqual({ ok: true });
  });

  it('rejects an update whose checksum does not match and stays invalid until a new snapshot', () => {
    const book = createOkxBook();
    book.apply(snapshot([['100', '1']], [['101', '1']]));
    const update = { replaces: false, bids: [level('100', '2')], asks: [], ts: 2, seqId: 11, prevSeqId: 10 };
    expect(book.apply({ ...update, checksum: 12345 })).toMatchObject({
      ok: false,
      problem: 'checksum',
      detail: expect.stringContaining('!= 12345') as unknown,
    });
    expect(book.isValid).toBe(false);
    expect(book.apply(snapshot([['100', '1']], [['101', '1']]))).toEqual({ ok: true });
  });

  it('checks the best 25 levels only: a change deeper down keeps the checksum', () => {
    const bids = Array.from({ length: 30 }, (_, i): [string, string] => [String(100 - i), '1']);
    const book = createOkxBook();
    book.apply(snapshot(bids, []));
    const checksum = okxBookChecksum(bids, []);
    const deep = { replaces: false, bids: [level('71', '9')], asks: [], ts: 2, seqId: 11, prevSeqId: 10 };
    expect(book.apply({ ...deep, checksum })).toEqual({ ok: true });
  });
});
