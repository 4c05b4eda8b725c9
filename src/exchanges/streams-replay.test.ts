import { describe, expect, it } from 'vitest';
import bybitRecording from '../../tests/fixtures/ws/bybit-sim-recording.json';
import okxRecording from '../../tests/fixtures/ws/okx-sim-recording.json';
import { EMPTY_BOOK_VIEW, applyBookEvent } from './book-view';
import { BybitPushParser } from './bybit/streams-parse';
import type { StreamEvent } from './model';
import { OkxPushParser } from './okx/streams-parse';
import type { PushParser } from './transport/socket-group';
import { replayPushes } from './transport/socket-fake.test-helper';

/** One exchange's frames recorded from the simulator, and what they must turn into. */
interface ReplayCase {
  createParser(): PushParser;
  readonly books: readonly unknown[];
  /** The recorded book frames with one update altered so the book no longer checks out. */
  tampered(): { frames: unknown[]; index: number; problem: 'checksum' | 'gap' };
  readonly private: readonly unknown[];
  readonly privateKinds: readonly StreamEvent['kind'][];
  readonly order: { readonly clientOrderId: string; readonly [field: string]: string };
  readonly position: object;
  readonly tickers: readonly unknown[];
}

const cases: Record<'okx' | 'bybit', ReplayCase> = {
  okx: {
    createParser: () => new OkxPushParser(),
    books: okxRecording.books,
    tampered: () => {
      const frames = structuredClone(okxRecording.books);
      const update = frames[5]?.data[0];
      if (update === undefined) throw new Error('recording too short');
      // A new best ask lands in the top 25 levels the checksum covers.
      update.asks.unshift(['2.5', '1', '0', '1']);
      return { frames, index: 5, problem: 'checksum' };
    },
    private: okxRecording.private,
    privateKinds: ['wallet', 'order', 'execution', 'position', 'wallet'],
    order: { clientOrderId: 'simrec1', status: 'filled', side: 'buy', filledSize: '3' },
    position: { symbol: 'BTC-USDT-SWAP', side: 'long', sizeContracts: '3' },
    tickers: okxRecording.tickers,
  },
  bybit: {
    createParser: () => new BybitPushParser('linear'),
    books: bybitRecording.books,
    // The same delta twice: its update id no longer goes forward.
    tampered: () => ({
      frames: [...bybitRecording.books.slice(0, 4), bybitRecording.books[3]],
      index: 4,
      problem: 'gap',
    }),
    private: bybitRecording.private,
    // A position push also says the position's whole-position stop, target and trailing stop (none here).
    privateKinds: ['order', 'execution', 'position', 'protection', 'protection', 'protection', 'wallet'],
    order: { clientOrderId: 'simrec2', status: 'filled', side: 'sell', filledSize: '0.003' },
    position: { symbol: 'BTCUSDT', side: 'short', sizeContracts: '0.003' },
    tickers: bybitRecording.tickers,
  },
};

describe.each(['okx', 'bybit'] as const)('%s recorded simulator frames', (exchange) => {
  const spec = cases[exchange];
  const replay = (frames: readonly unknown[]) => replayPushes(spec.createParser(), frames);

  it('keeps the book valid through its snapshot and every recorded update', () => {
    const { events, resubscribes } = replay(spec.books);
    expect(resubscribes).toBe(0);
    expect(events).toHaveLength(spec.books.length);
    expect(events.every((event) => event.kind === 'book')).toBe(true);
    const view = events.reduce(
      (kept, event) => (event.kind === 'book' ? applyBookEvent(kept, event) : kept),
      EMPTY_BOOK_VIEW,
    );
    expect(view.bids.length > 0 && view.asks.length > 0).toBe(true);
  });

  it('notices when one recorded update is altered and asks for a fresh snapshot', () => {
    const { frames, index, problem } = spec.tampered();
    const { events, resubscribes } = replay(frames);
    expect(resubscribes).toBe(1);
    expect(events[index]).toMatchObject({ kind: 'book-resync', exchange, problem });
  });

  it('turns the private pushes after a market order into order, fill, position (and its protection) and wallet events', () => {
    const { events } = replay(spec.private);
    expect(events.map((event) => event.kind)).toEqual(spec.privateKinds);
    expect(events.find((event) => event.kind === 'order')).toMatchObject(spec.order);
    expect(events.find((event) => event.kind === 'execution')).toMatchObject({
      clientOrderId: spec.order.clientOrderId,
    });
    expect(events.find((event) => event.kind === 'position')).toMatchObject(spec.position);
  });

  it('reads every recorded ticker, merged into a full quote', () => {
    const { events } = replay(spec.tickers);
    expect(events).toHaveLength(spec.tickers.length);
    expect(events.every((event) => event.kind === 'ticker' && event.last !== undefined)).toBe(true);
  });
});
