import { describe, expect, it } from 'vitest';
import { generateBookStream, type GeneratedUpdate } from './book-generator';
import { referenceOkxChecksum, type WireLevel } from './okx-checksum';

/** A deliberately plain client book: a map per side, sorted when read, truncated like Bybit's. */
function replay(depth: number, pushes: readonly GeneratedUpdate[]) {
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  const sorted = (side: Map<string, string>, descending: boolean): WireLevel[] =>
    [...side]
      .sort(([a], [b]) => (descending ? Number(b) - Number(a) : Number(a) - Number(b)))
      .slice(0, depth);
  const keep = (side: Map<string, string>, levels: WireLevel[]): void => {
    side.clear();
    for (const [price, size] of levels) side.set(price, size);
  };
  const checksums: number[] = [];
  for (const push of pushes) {
    for (const [price, size] of push.bids)
      if (size === '0') bids.delete(price);
      else bids.set(price, size);
    for (const [price, size] of push.asks)
      if (size === '0') asks.delete(price);
      else asks.set(price, size);
    keep(bids, sorted(bids, true));
    keep(asks, sorted(asks, false));
    checksums.push(referenceOkxChecksum(sorted(bids, true), sorted(asks, false)));
  }
  return { bids: sorted(bids, true), asks: sorted(asks, false), checksums };
}

describe('generateBookStream', () => {
  for (const deletesOverflow of [true, false]) {
    it(`yields pushes a client can apply to the generator's book (deletesOverflow ${String(deletesOverflow)})`, () => {
      const stream = generateBookStream({ depth: 40, updates: 3000, seed: 7, deletesOverflow });
      const pushes = [stream.snapshot, ...stream.updates];
      const book = replay(40, pushes);
      expect(book.checksums).toEqual(pushes.map((push) => push.checksum));
      expect(book.bids.slice(0, 25)).toEqual(stream.finalTop.bids);
      expect(book.asks.slice(0, 25)).toEqual(stream.finalTop.asks);
      expect(book.bids).toHaveLength(40);
      expect(book.asks).toHaveLength(40);
      expect(Number(book.bids[0]?.[0])).toBeLessThan(Number(book.asks[0]?.[0]));
    });
  }

  it('fills the snapshot to the depth and changes one to four levels per push', () => {
    const stream = generateBookStream({ depth: 400, updates: 500, seed: 1, deletesOverflow: true });
    expect(stream.snapshot.bids).toHaveLength(400);
    expect(stream.snapshot.asks).toHaveLength(400);
    for (const update of stream.updates) {
      const changed = update.bids.length + update.asks.length;
      expect(changed).toBeGreaterThanOrEqual(1);
      expect(changed).toBeLessThanOrEqual(8);
    }
  });

  it('replays the same stream for the same seed, and another for another', () => {
    const spec = { depth: 50, updates: 100, seed: 3, deletesOverflow: false };
    expect(generateBookStream(spec)).toEqual(generateBookStream(spec));
    expect(generateBookStream({ ...spec, seed: 4 }).finalTop).not.toEqual(generateBookStream(spec).finalTop);
  });
});
