import { describe, expect, it } from 'vitest';
import { EMPTY_BOOK_VIEW, applyBookEvent, type BookView } from '../book-view';
import { createBybitBook, type BybitBookUpdate } from '../bybit/book';
import type { BookEvent, PriceLevel } from '../model';
import { createOkxBook, type OkxBookUpdate } from '../okx/book';
import { okxBookChecksum } from '../okx/book-checksum';
import { SocketBooks } from './socket-books';
import { seeded } from './seeded.test-helper';

const DEPTH = 25;
const TOPIC = { topic: 'books', payload: { instId: 'BTC-USDT-SWAP' } };

/** A reference book: price (a number of ticks) to size, each side sorted when read. */
class ReferenceSide {
  readonly sizes = new Map<number, string>();
  constructor(private readonly descending: boolean) {}
  top(count: number): PriceLevel[] {
    const prices = [...this.sizes.keys()].sort((a, b) => (this.descending ? b - a : a - b));
    return prices.slice(0, count).map((price) => [`${price}.0`, this.sizes.get(price) ?? '']);
  }
}

/** OKX updates with valid checksums over a book of about 60 levels a side, changed near the top. */
function randomOkxStream(seed: number, count: number): OkxBookUpdate[] {
  const random = seeded(seed);
  const bids = new ReferenceSide(true);
  const asks = new ReferenceSide(false);
  const updates: OkxBookUpdate[] = [];
  const snapshot = (): void => {
    bids.sizes.clear();
    asks.sizes.clear();
    for (let i = 0; i < 50; i++) {
      bids.sizes.set(1000 - i, '1');
      asks.sizes.set(1001 + i, '2');
    }
  };
  const push = (replaces: boolean, bidLevels: PriceLevel[], askLevels: PriceLevel[]): void => {
    const seqId = updates.length + 1;
    const checksum = okxBookChecksum(bids.top(DEPTH), asks.top(DEPTH));
    updates.push({
      replaces,
      bids: bidLevels,
      asks: askLevels,
      ts: seqId,
      checksum,
      seqId,
      prevSeqId: seqId - 1,
    });
  };
  snapshot();
  push(true, bids.top(100), asks.top(100));
  for (let n = 0; n < count; n++) {
    if (random() < 0.01) {
      snapshot();
      push(true, bids.top(100), asks.top(100));
      continue;
    }
    const changed: [PriceLevel[], PriceLevel[]] = [[], []];
    // 1 to 12 levels: a single change, or a batch as OKX's 100 ms `books` pushes carry.
    const levels = 1 + Math.floor(random() ** 2 * 12);
    for (let c = 0; c < levels; c++) {
      const isBid = random() < 0.5;
      const side = isBid ? bids : asks;
      const offset = Math.floor(random() ** 2 * 60);
      const price = isBid ? 1000 - offset : 1001 + offset;
      const size = random() < 0.35 ? '0' : (1 + random() * 9).toFixed(random() < 0.5 ? 1 : 3);
      if (size === '0') side.sizes.delete(price);
      else side.sizes.set(price, size);
      const list = changed[isBid ? 0 : 1];
      const at = list.findIndex((level) => level[0] === `${price}.0`);
      if (at >= 0) list.splice(at, 1);
      list.push([`${price}.0`, size]);
    }
    push(false, changed[0], changed[1]);
  }
  return updates;
}

describe('SocketBooks book events', () => {
  it('carry only what changed, and replay to the same best levels as the book, through resyncs', () => {
    const books = new SocketBooks<OkxBookUpdate>('okx', DEPTH, (topic) => topic.topic);
    const book = createOkxBook();
    let view: BookView = EMPTY_BOOK_VIEW;
    let quiet = 0;
    for (const update of randomOkxStream(11, 1200)) {
      const result = books.apply(TOPIC, 'BTC-USDT-SWAP', [update], () => book);
      const event = result.events[0] as BookEvent;
      expect(event).toMatchObject({ kind: 'book', replaces: update.replaces });
      const before = view;
      view = applyBookEvent(view, event);
      expect(view).toEqual(book.levels(DEPTH));
      if (!update.replaces) {
        // Each level an event names is a change to the best levels: new, resized or gone from them.
        for (const side of ['bids', 'asks'] as const) {
          for (const [price, size] of event[side]) {
            const was = before[side].find((level) => level[0] === price);
            expect(was?.[1] ?? '0').not.toBe(size);
          }
        }
        if (event.bids.length + event.asks.length === 0) quiet++;
      }
    }
    // Some updates change nothing within the best 25: those events name no level.
    expect(quiet).toBeGreaterThan(0);
  });

  // At the checksum's 25 levels the OKX events are read from the checksum's own walk; at 10 they walk apart.
  it.each([DEPTH, 10])(
    'replay to the book after checksum failures and the snapshots that follow them (%i levels)',
    (depth) => {
      const books = new SocketBooks<OkxBookUpdate>('okx', depth, (topic) => topic.topic);
      const book = createOkxBook();
      let view: BookView = EMPTY_BOOK_VIEW;
      let resyncs = 0;
      let eventsAfterResync = 0;
      randomOkxStream(5, 1500).forEach((update, index) => {
        const corrupt = !update.replaces && index % 97 === 50;
        const sent = corrupt ? { ...update, checksum: (update.checksum ?? 0) + 1 } : update;
        const event = books.apply(TOPIC, 'BTC-USDT-SWAP', [sent], () => book).events[0];
        if (event?.kind === 'book-resync') resyncs++;
        if (event?.kind !== 'book') return;
        if (resyncs > 0) eventsAfterResync++;
        view = applyBookEvent(view, event);
        expect(view).toEqual(book.levels(depth));
      });
      expect(resyncs).toBeGreaterThan(3);
      expect(eventsAfterResync).toBeGreaterThan(100);
    },
  );

  it('tell a level pushed below the depth as size "0", and one pulled up into it as new (Bybit keeps 50)', () => {
    const books = new SocketBooks<BybitBookUpdate>('bybit', 2, (topic) => topic.topic);
    const book = createBybitBook(50);
    const apply = (replaces: boolean, updateId: number, bids: PriceLevel[]) =>
      books.apply(
        { topic: 'orderbook.50.BTCUSDT' },
        'BTCUSDT',
        [{ replaces, bids, asks: [], ts: 1, updateId }],
        () => book,
      ).events[0];
    expect(
      apply(true, 1, [
        ['100', '1'],
        ['99', '1'],
        ['98', '1'],
      ]),
    ).toMatchObject({
      replaces: true,
      bids: [
        ['100', '1'],
        ['99', '1'],
      ],
    });
    expect(apply(false, 2, [['101', '5']])).toMatchObject({
      bids: [
        ['101', '5'],
        ['99', '0'],
      ],
      asks: [],
    });
    expect(apply(false, 3, [['100', '0']])).toMatchObject({
      bids: [
        ['100', '0'],
        ['99', '1'],
      ],
    });
    expect(apply(false, 4, [['50', '7']])).toMatchObject({ bids: [], asks: [] });
    // 99 pushed below the depth by the insert and pulled back by the delete, in one push: unchanged.
    expect(
      apply(false, 5, [
        ['100.5', '2'],
        ['101', '0'],
      ]),
    ).toMatchObject({
      bids: [
        ['101', '0'],
        ['100.5', '2'],
      ],
      asks: [],
    });
  });
});
