import { describe, expect, it } from 'vitest';
import { EMPTY_BOOK_VIEW, applyBookEvent } from './book-view';
import type { BookEvent, PriceLevel } from './model';

const event = (replaces: boolean, bids: PriceLevel[], asks: PriceLevel[]): BookEvent => ({
  kind: 'book',
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  ts: 1,
  replaces,
  bids,
  asks,
});

describe('applyBookEvent', () => {
  const start = applyBookEvent(
    EMPTY_BOOK_VIEW,
    event(
      true,
      [
        ['100', '1'],
        ['99', '2'],
      ],
      [
        ['101', '3'],
        ['102.5', '4'],
      ],
    ),
  );

  it('takes a replacing event as the whole view', () => {
    expect(start).toEqual({
      bids: [
        ['100', '1'],
        ['99', '2'],
      ],
      asks: [
        ['101', '3'],
        ['102.5', '4'],
      ],
    });
    expect(applyBookEvent(start, event(true, [['98', '1']], []))).toEqual({ bids: [['98', '1']], asks: [] });
  });

  it('merges changes in price order: inserts, resizes, and size "0" removes, on each side', () => {
    const next = applyBookEvent(
      start,
      event(
        false,
        [
          ['100.5', '7'],
          ['100', '0'],
          ['98', '5'],
        ],
        [
          ['101', '9'],
          ['102', '1'],
          ['103', '0'],
        ],
      ),
    );
    expect(next).toEqual({
      bids: [
        ['100.5', '7'],
        ['99', '2'],
        ['98', '5'],
      ],
      asks: [
        ['101', '9'],
        ['102', '1'],
        ['102.5', '4'],
      ],
    });
    expect(start.bids).toHaveLength(2);
  });

  it('reads prices and sizes by their value, not their text', () => {
    const next = applyBookEvent(
      start,
      event(
        false,
        [['100.00', '0.000']],
        [
          ['101.0', '8'],
          ['1.025e2', '5'],
        ],
      ),
    );
    expect(next).toEqual({
      bids: [['99', '2']],
      asks: [
        ['101.0', '8'],
        ['1.025e2', '5'],
      ],
    });
  });

  it('places changes anywhere in a full side: at the top, between levels, past the last, and drops removed ones', () => {
    const prices = Array.from({ length: 25 }, (_, index) => String(100 - index));
    const full = applyBookEvent(
      EMPTY_BOOK_VIEW,
      event(
        true,
        prices.map((price): PriceLevel => [price, '1']),
        [],
      ),
    );
    const changes: PriceLevel[] = [
      ['100.5', '2'],
      ['99', '0'],
      ['90.5', '3'],
      ['80', '4'],
      ['77.5', '0'],
      ['70', '5'],
    ];
    const expected = [
      ...full.bids.filter(([price]) => price !== '99' && price !== '80'),
      ['100.5', '2'],
      ['90.5', '3'],
      ['80', '4'],
      ['70', '5'],
    ].sort((a, b) => Number(b[0]) - Number(a[0]));
    expect(applyBookEvent(full, event(false, changes, [])).bids).toEqual(expected);
  });

  it('leaves a side with no changes as it was', () => {
    const next = applyBookEvent(start, event(false, [], [['101', '0']]));
    expect(next.bids).toBe(start.bids);
    expect(next.asks).toEqual([['102.5', '4']]);
  });
});
