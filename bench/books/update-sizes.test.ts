import { describe, expect, it } from 'vitest';
import { generateBookStream, type GeneratedBookStream } from './book-generator';
import { updateSizes } from './update-sizes';

const update = (levels: number, checksum: number) => ({
  bids: Array.from({ length: levels }, (): [string, string] => ['1.0', '1']),
  asks: [],
  checksum,
});

describe('updateSizes', () => {
  it('counts the levels of each update and the updates whose top-25 checksum moved', () => {
    const stream: GeneratedBookStream = {
      snapshot: update(10, 7),
      updates: [update(1, 7), update(2, 8), update(3, 8), update(6, 9)],
      finalTop: { bids: [], asks: [] },
    };
    expect(updateSizes(stream)).toEqual({
      meanLevels: 3,
      minLevels: 1,
      medianLevels: 2,
      p90Levels: 6,
      maxLevels: 6,
      topChangeShare: 0.5,
    });
  });

  it('sees the batched stream carry many more levels per update than the tick-by-tick one', () => {
    const spec = { depth: 400, updates: 300, seed: 5, deletesOverflow: true };
    const small = updateSizes(generateBookStream(spec));
    const batched = updateSizes(generateBookStream({ ...spec, changesPerUpdate: { min: 20, max: 60 } }));
    expect(small.maxLevels).toBeLessThanOrEqual(8);
    expect(batched.meanLevels).toBeGreaterThan(20);
    expect(batched.topChangeShare).toBeGreaterThan(small.topChangeShare);
  });
});
