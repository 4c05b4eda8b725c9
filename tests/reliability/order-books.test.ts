import { describe, expect, it } from 'vitest';
import {
  EMPTY_BOOK_VIEW,
  applyBookEvent,
  type BookView,
  type Exchange,
  type ExchangeId,
  type PriceLevel,
  type StreamEvent,
} from '../../src/exchanges/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { BTC_PERPETUAL, simExchange, simulatorPerSuite } from '../integration/exchange-harness';
import { Inbox, simAdmin } from '../integration/ws-harness';
import { byRun, recordScenario } from './scenario';

/**
 * A book that fails its check is never shown: the Exchange emits no book from the bad update, resubscribes,
 * and the book it shows after the fresh snapshot is the simulator's own, level for level. The simulator
 * and the Exchange share one fake time, so the market stands still between ticks and can be compared.
 */
const TICK_MS = 100;
/** Levels per side a book event carries (the Exchange's default). */
const SHOWN = 25;
const fake = createSimFakeTime();
const stops: (() => void)[] = [];
let exchange: Exchange | undefined;
const sim = simulatorPerSuite({ seed: 17, tickMs: TICK_MS, clock: fake.clock, timers: fake.timers }, () => {
  for (const stop of stops.splice(0)) stop();
  exchange?.close();
});

type BookEvent = Extract<StreamEvent, { kind: 'book' }>;
type ResyncEvent = Extract<StreamEvent, { kind: 'book-resync' }>;
const isBook = (event: StreamEvent): event is BookEvent => event.kind === 'book';
const isResync = (event: StreamEvent): event is ResyncEvent => event.kind === 'book-resync';

/** The simulator's live book of the instrument, best `SHOWN` levels a side, as the exchange words them. */
function simulatorBook(id: ExchangeId): { bids: PriceLevel[]; asks: PriceLevel[] } {
  const { market } = sim().ctx;
  const { symbol } = BTC_PERPETUAL[id];
  const instrument = market.list(id).find((listed) => listed.symbol === symbol && listed.kind === 'perp');
  if (instrument === undefined) throw new Error(`${symbol} is not listed on the simulator`);
  const { book } = market.state(instrument);
  const words = (levels: readonly { px: number; sz: number }[]): PriceLevel[] =>
    levels
      .slice(0, SHOWN)
      .map(({ px, sz }) => [market.formatPrice(instrument, px), market.formatSize(instrument, sz)]);
  return { bids: words(book.bids), asks: words(book.asks) };
}

const sameBook = (id: ExchangeId) => (event: StreamEvent) =>
  isBook(event) &&
  JSON.stringify({ bids: event.bids, asks: event.asks }) === JSON.stringify(simulatorBook(id));

const CASES = [
  { id: 'okx', fault: 'bad-checksum', body: {}, problem: 'checksum', injected: 'a wrong OKX checksum' },
  {
    id: 'okx',
    fault: 'seq-gap',
    body: { exchange: 'okx' },
    problem: 'gap',
    injected: 'an OKX books prevSeqId one past the last seqId (levels and checksum right)',
  },
  {
    id: 'bybit',
    fault: 'seq-gap',
    body: { exchange: 'bybit' },
    problem: 'gap',
    injected: 'a Bybit orderbook.50 delta whose u skips one (levels right)',
  },
] as const;

describe('Order books', () => {
  it.for(CASES)(
    '$id: $injected -> resync, no book from the bad update, then the simulator’s book',
    async ({ id, fault, body, problem, injected }, { task }) => {
      const rounds = byRun(3, 25);
      exchange = simExchange(sim(), id, sim().wsUrl, fake);
      // Each book event as the book it shows: the view its changes keep (model.ts BookEvent).
      const events = new Inbox<StreamEvent>();
      let view: BookView = EMPTY_BOOK_VIEW;
      const shown = (event: StreamEvent): void => {
        if (isBook(event)) {
          view = applyBookEvent(view, event);
          events.push({ ...event, bids: view.bids, asks: view.asks });
        } else {
          events.push(event);
        }
      };
      // The socket opens on a timer of 0 ms; Bybit sets it only once the instrument list has come.
      const opening = fake.scheduled(0);
      stops.push(exchange.streams.subscribe({ kind: 'book', instrument: BTC_PERPETUAL[id] }, shown));
      await opening;
      fake.advance(0);
      await events.waitFor(sameBook(id), 'the first book, equal to the simulator’s');
      let worstMs = 0;
      for (let round = 0; round < rounds; round++) {
        // A quiet tick first: the book follows the market between faults too.
        let from = events.events.length;
        fake.advance(TICK_MS);
        await events.waitFor(sameBook(id), 'the book after a quiet tick', 10_000, from);

        await simAdmin(sim(), fault, body);
        from = events.events.length;
        const started = performance.now();
        fake.advance(TICK_MS);
        const resync = await events.waitFor(isResync, 'the resync', 10_000, from);
        await events.waitFor(sameBook(id), 'the fresh book, equal to the simulator’s', 10_000, from);
        worstMs = Math.max(worstMs, performance.now() - started);
        expect(resync).toMatchObject({ exchange: id, symbol: BTC_PERPETUAL[id].symbol, problem });
        // The bad update was the tick's first: nothing before the resync, so no book came from it.
        expect(events.events.slice(from, events.events.indexOf(resync))).toEqual([]);
      }
      const resyncs = events.events.filter(isResync);
      expect(resyncs).toHaveLength(rounds);
      expect(events.events.filter(isBook).every((book) => book.bids.length === SHOWN)).toBe(true);

      recordScenario(task, {
        section: 'Order books',
        scenario: `${id === 'okx' ? 'OKX books' : 'Bybit orderbook.50'}: ${fault === 'seq-gap' ? 'sequence gap' : 'corrupted checksum'}`,
        injected,
        times: `${rounds} times, one tick apart`,
        result: `${resyncs.length} resyncs (problem "${problem}"), 0 book events from a bad update; after each fresh snapshot the shown top ${SHOWN} levels a side equal the simulator's book, level for level; worst ${Math.round(worstMs)} ms (wall) from the bad update to the right book`,
      });
    },
  );
});
