import { describe, expect, it, vi } from 'vitest';
import { BookSide } from '../transport/socket-book-side';
import { OkxBook, okxBookChecksum, type OkxBookMessage } from './book';

/** The documented checksum vectors (docs/protocol.md §7.1). */
const EVEN_CHECKSUM = -1881014294;
const ODD_CHECKSUM = 831078360;

const level = (price: string, size: string) => [price, size, '0', '1'];

function snapshot(bids: [string, string][], asks: [string, string][], seqId = 10): OkxBookMessage {
  const message = {
    action: 'snapshot' as const,
    bids: bids.map(([p, s]) => level(p, s)),
    asks: asks.map(([p, s]) => level(p, s)),
    ts: '1',
    seqId,
    prevSeqId: -1,
  };
  const book = new OkxBook();
  book.apply(message);
  return { ...message, checksum: okxBookChecksum(book.bids.top(25), book.asks.top(25)) };
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

describe('OkxBook', () => {
  it('applies a snapshot and a checksum-valid update', () => {
    const book = new OkxBook();
    expect(
      book.apply(
        snapshot(
          [
            ['100', '1'],
            ['99', '2'],
          ],
          [['101', '1']],
        ),
      ),
    ).toEqual({ ok: true });
    const update = {
      action: 'update' as const,
      bids: [level('99', '0'), level('99.5', '3')],
      asks: [level('100.5', '4')],
      ts: '2',
      seqId: 11,
      prevSeqId: 10,
    };
    const expected = okxBookChecksum(
      [
        ['100', '1'],
        ['99.5', '3'],
      ],
      [
        ['100.5', '4'],
        ['101', '1'],
      ],
    );
    expect(book.apply({ ...update, checksum: expected })).toEqual({ ok: true });
    expect(book.bids.top(5)).toEqual([
      ['100', '1'],
      ['99.5', '3'],
    ]);
    expect(book.asks.top(5)).toEqual([
      ['100.5', '4'],
      ['101', '1'],
    ]);
  });

  it('rejects an update whose checksum does not match and stays invalid until a new snapshot', () => {
    const book = new OkxBook();
    book.apply(snapshot([['100', '1']], [['101', '1']]));
    const result = book.apply({
      action: 'update',
      bids: [level('100', '2')],
      asks: [],
      ts: '2',
      seqId: 11,
      prevSeqId: 10,
      checksum: 12345,
    });
    expect(result).toMatchObject({ ok: false, problem: 'checksum' });
    expect(book.isValid).toBe(false);
    expect(
      book.apply({ action: 'update', bids: [], asks: [], ts: '3', seqId: 12, prevSeqId: 11 }),
    ).toMatchObject({ problem: 'no-snapshot' });
    expect(book.apply(snapshot([['100', '1']], [['101', '1']], 20))).toEqual({ ok: true });
  });

  it('reads each side once per checksummed update and hands the same levels to the book event', () => {
    const bids = Array.from({ length: 30 }, (_, i): [string, string] => [String(100 - i), '1']);
    const asks = Array.from({ length: 30 }, (_, i): [string, string] => [String(200 + i), '2']);
    const message = snapshot(bids, asks);
    const book = new OkxBook();
    const top = vi.spyOn(BookSide.prototype, 'top');
    try {
      expect(book.apply(message)).toEqual({ ok: true });
      const deepest = book.levels(25);
      const shallow = book.levels(3);
      expect(top).toHaveBeenCalledTimes(2);
      expect(deepest).toEqual({ bids: bids.slice(0, 25), asks: asks.slice(0, 25) });
      expect(shallow).toEqual({ bids: bids.slice(0, 3), asks: asks.slice(0, 3) });
      expect(book.levels(30)).toEqual({ bids, asks });
    } finally {
      top.mockRestore();
    }
  });

  it('detects a sequence gap from prevSeqId', () => {
    const book = new OkxBook();
    book.apply(snapshot([['100', '1']], [['101', '1']], 10));
    expect(
      book.apply({ action: 'update', bids: [], asks: [], ts: '2', seqId: 13, prevSeqId: 12 }),
    ).toMatchObject({ ok: false, problem: 'gap' });
  });
});
