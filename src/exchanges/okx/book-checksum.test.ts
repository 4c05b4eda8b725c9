import { describe, expect, it } from 'vitest';
import { BookSide } from '../transport/socket-book-side';
import { CHECKSUM_DEPTH, OkxBookChecksum, okxBookChecksum } from './book-checksum';

/** Both sides, and the kept checksum read after each change the way SocketBook reads it. */
function rig() {
  const bids = new BookSide(true);
  const asks = new BookSide(false);
  const checksum = new OkxBookChecksum();
  const read = (): { kept: number; fresh: number } => {
    const kept = checksum.of(bids, asks);
    bids.settle();
    asks.settle();
    return { kept, fresh: okxBookChecksum(bids.top(CHECKSUM_DEPTH), asks.top(CHECKSUM_DEPTH)) };
  };
  return { bids, asks, checksum, read };
}

describe('OkxBookChecksum', () => {
  it('matches the documented vectors (docs/protocol.md "OKX pushes")', () => {
    const { bids, asks, read } = rig();
    bids.apply('3366.1', '7');
    bids.apply('3366', '6');
    asks.apply('3366.8', '9');
    asks.apply('3368', '8');
    expect(read().kept).toBe(-1881014294);
    bids.apply('3366', '0');
    asks.apply('3372', '8');
    expect(read().kept).toBe(831078360);
  });

  it('follows the string form through inserts, resizes, deletes and shifts past depth 25, empty sides and resyncs', () => {
    const { bids, asks, read } = rig();
    expect(read().kept).toBe(read().fresh);
    let seed = 5;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let step = 0; step < 3000; step++) {
      if (random() < 0.01) {
        // A resync: the sides emptied and filled again from a snapshot.
        bids.clear();
        asks.clear();
        for (let i = 0; i < 30; i++) bids.apply(`${1000 - 2 * i}.0`, '1');
      }
      const side = random() < 0.5 ? bids : asks;
      const base = side === bids ? 1000 : 1100;
      const price = `${base + (side === bids ? -1 : 1) * Math.floor(random() ** 2 * 60)}.0`;
      side.apply(price, random() < 0.3 ? '0' : (random() * 9).toFixed(2));
      if (random() < 0.5) {
        const { kept, fresh } = read();
        expect(kept).toBe(fresh);
      }
    }
  });

  it('keeps each level CRC right through an insert, a resize and a delete at every depth, truncation and a resnapshot', () => {
    const { bids, asks, read } = rig();
    const expectKept = (): void => {
      const { kept, fresh } = read();
      expect(kept).toBe(fresh);
    };
    const snapshot = (): void => {
      bids.clear();
      asks.clear();
      for (let i = 0; i < 30; i++) {
        bids.apply(`${1000 - 2 * i}.0`, '1');
        asks.apply(`${1100 + 2 * i}.0`, '2');
      }
    };
    snapshot();
    expectKept();
    for (let depth = 0; depth < 30; depth++) {
      for (const side of [bids, asks]) {
        const inside = side === bids ? `${999 - 2 * depth}.0` : `${1101 + 2 * depth}.0`;
        side.apply(inside, '3');
        expectKept();
        // Resized, and the level below it deleted, in one update.
        side.apply(inside, '4.5');
        side.apply(side.at(depth + 1)?.[0] ?? '', '0');
        expectKept();
        side.apply(inside, '0');
        expectKept();
      }
    }
    bids.truncate(12);
    asks.truncate(3);
    expect(read().kept).toBe(okxBookChecksum(bids.top(12), asks.top(3)));
    snapshot();
    expectKept();
  });

  it('starts the text at whichever side has a level: none, asks only, bids only', () => {
    const { bids, asks, read } = rig();
    expect(read().kept).toBe(0);
    asks.apply('101', '2');
    asks.apply('102', '3');
    expect(read().kept).toBe(
      okxBookChecksum(
        [],
        [
          ['101', '2'],
          ['102', '3'],
        ],
      ),
    );
    bids.apply('100', '1');
    asks.apply('101', '0');
    asks.apply('102', '0');
    expect(read().kept).toBe(okxBookChecksum([['100', '1']], []));
    bids.apply('100', '0');
    expect(read().kept).toBe(0);
  });

  it('hashes levels longer than its first buffer', () => {
    const { bids, asks, read } = rig();
    for (let i = 0; i < CHECKSUM_DEPTH; i++) {
      bids.apply(`${1000 - i}.${'0'.repeat(40)}`, '1'.repeat(30));
      asks.apply(`${2000 + i}.${'0'.repeat(40)}`, '2'.repeat(30));
    }
    const { kept, fresh } = read();
    expect(kept).toBe(fresh);
  });

  it('hashes a non-ASCII character as UTF-8, as the string form does', () => {
    const { bids, asks, read } = rig();
    bids.apply('100', '1');
    asks.apply('101', '2é');
    const { kept, fresh } = read();
    expect(kept).toBe(fresh);
    asks.apply('101', '2');
    expect(read().kept).toBe(okxBookChecksum([['100', '1']], [['101', '2']]));
  });

  it('follows an update it did not hash, so the next checksum counts it', () => {
    const { bids, asks, checksum, read } = rig();
    bids.apply('100', '1');
    asks.apply('101', '2');
    read();
    bids.apply('100', '3');
    bids.apply('99', '4');
    checksum.follow(bids, asks);
    bids.settle();
    asks.apply('101', '5');
    expect(read().kept).toBe(
      okxBookChecksum(
        [
          ['100', '3'],
          ['99', '4'],
        ],
        [['101', '5']],
      ),
    );
  });
});
