import { describe, expect, it } from 'vitest';
import { referenceOkxChecksum } from './okx-checksum';

describe('referenceOkxChecksum', () => {
  it('matches the vectors of docs/protocol.md "OKX pushes"', () => {
    const bids = [
      ['3366.1', '7'],
      ['3366', '6'],
    ] as const;
    expect(
      referenceOkxChecksum(bids, [
        ['3366.8', '9'],
        ['3368', '8'],
      ]),
    ).toBe(-1881014294);
    expect(
      referenceOkxChecksum(
        [bids[0]],
        [
          ['3366.8', '9'],
          ['3368', '8'],
          ['3372', '8'],
        ],
      ),
    ).toBe(831078360);
  });
});
