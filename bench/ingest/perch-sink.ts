import { applyBookEvent, createExchange, EMPTY_BOOK_VIEW } from '../../src/exchanges/index';
import type { BookView, Exchange, StreamEvent, Timers, WebSocketFactory } from '../../src/exchanges/index';
import type { FrameSink } from './frame-sink';
import { STREAMS, type BenchExchange } from './stream-spec';

/** A socket whose server side is the bench: it opens on demand and hands each frame to onmessage. */
interface PushSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

/**
 * Runs the zero-delay open the socket manager schedules; every other timer (pings, ack and stuck
 * timeouts) stays armed and silent, as in a healthy session.
 */
function openingTimers(): { timers: Timers; runDue(): void } {
  const due: (() => void)[] = [];
  return {
    timers: {
      setTimeout: (run, ms) => {
        if (ms <= 0) due.push(run);
        return 0;
      },
      clearTimeout: () => undefined,
    },
    runDue: () => {
      for (const run of due.splice(0)) run();
    },
  };
}

/**
 * Perch's whole per-frame path as the socket manager runs it: createExchange over a socket the bench
 * pushes frames into, with every book and quote subscribed through `streams`, so each frame is
 * classified, parsed, applied to a verified book (OKX checksum, sequence) and mapped to the model
 * event a subscriber receives.
 */
export function createPerchSink(exchange: BenchExchange): FrameSink {
  let socket: PushSocket | undefined;
  const createSocket: WebSocketFactory = () => {
    const created: PushSocket = {
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: () => undefined,
      close: () => undefined,
    };
    socket = created;
    return created;
  };
  const opening = openingTimers();
  const client: Exchange = createExchange({
    exchange,
    wsBaseUrl: 'ws://127.0.0.1:9',
    restBaseUrl: 'http://127.0.0.1:9',
    fetch: () => Promise.reject(new Error('the ingest bench makes no REST request')),
    createSocket,
    timers: opening.timers,
    clock: { now: () => Date.now() },
  });
  let delivered = 0;
  // A book event carries only what changed: the first book's best levels are kept from them, as a
  // listener would keep them, for the check that Perch's and ccxt's books agree (a third of the books).
  let firstBook: BookView = EMPTY_BOOK_VIEW;
  const [first] = STREAMS[exchange].symbols;
  for (const symbol of STREAMS[exchange].symbols) {
    const instrument = { kind: 'perpetual', symbol, contractType: 'linear' } as const;
    // A book-resync (a failed checksum or sequence) is not counted: the pass would not be a valid one.
    client.streams.subscribe({ kind: 'book', instrument }, (event: StreamEvent) => {
      if (event.kind !== 'book') return;
      delivered++;
      if (symbol === first) firstBook = applyBookEvent(firstBook, event);
    });
    client.streams.subscribe({ kind: 'quote', instrument }, (event: StreamEvent) => {
      if (event.kind === 'ticker') delivered++;
    });
  }
  opening.runDue();
  const opened = socket;
  if (opened === undefined) throw new Error('Perch opened no socket');
  opened.onopen?.({});
  return {
    push: (text) => {
      opened.onmessage?.({ data: text });
    },
    delivered: () => delivered,
    bestBid: () => firstBook.bids[0]?.[0],
  };
}
