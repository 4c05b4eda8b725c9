import { performance } from 'node:perf_hooks';
import { EMPTY_BOOK_VIEW, applyBookEvent, type BookView } from '../../src/exchanges/book-view';
import type { BookEvent } from '../../src/exchanges/model';
import type { BookUpdate, SocketBook } from '../../src/exchanges/transport/socket-book';
import { SocketBooks } from '../../src/exchanges/transport/socket-books';
import type { TopicRequest } from '../../src/exchanges/transport/socket-types';
import type { GeneratedBookStream } from './book-generator';
import { median } from '../report/stats';

/** One exchange's book as the socket manager keeps it, and the stream that fills it. */
export interface BookCase<Update extends BookUpdate> {
  readonly exchange: 'okx' | 'bybit';
  readonly topic: TopicRequest;
  readonly symbol: string;
  /** Snapshot first, then the updates. */
  readonly updates: readonly Update[];
  readonly stream: GeneratedBookStream;
  readonly createBook: () => SocketBook<Update>;
}

export interface BookRun {
  /** Median of the measured passes. */
  readonly updatesPerSecond: number;
  /** The fastest pass: how far a busy machine pulls the median down. */
  readonly bestUpdatesPerSecond: number;
  readonly microsPerResync: number;
}

/** Levels per side a BookEvent carries: the product's default, the checksum's 25. */
const EVENT_DEPTH = 25;

/**
 * One book kept as the socket manager keeps it: each update applied through SocketBooks (what each
 * exchange's push parser calls), returning the book event a listener gets, or undefined if refused.
 */
export function createBookApplier<Update extends BookUpdate>(
  bookCase: BookCase<Update>,
): (update: Update) => BookEvent | undefined {
  const books = new SocketBooks<Update>(bookCase.exchange, EVENT_DEPTH, (topic) => topic.topic);
  return (update) => {
    const event = books.apply(bookCase.topic, bookCase.symbol, [update], bookCase.createBook).events[0];
    return event?.kind === 'book' ? event : undefined;
  };
}

/**
 * Applies the stream through SocketBooks (what each exchange's push parser calls) `rounds` times after
 * `warmups`, each pass from the snapshot; then times resyncs (the snapshot applied again to a full book).
 * Throws unless every update was accepted and the view the events keep equals the generator's top of book.
 */
export function runBookCase<Update extends BookUpdate>(
  bookCase: BookCase<Update>,
  passes: { readonly warmups: number; readonly rounds: number; readonly resyncs: number },
): BookRun {
  const applyToBook = createBookApplier(bookCase);
  const [snapshot, ...updates] = bookCase.updates;
  if (snapshot === undefined) throw new Error('a book case needs a snapshot');
  let refused = 0;
  // Only the last pass keeps the view its events tell (applying them is the listener's cost, not the book's).
  let view: BookView | undefined;
  const apply = (update: Update): void => {
    const event = applyToBook(update);
    if (event === undefined) refused++;
    else if (view !== undefined) view = applyBookEvent(view, event);
  };
  const pass = (): number => {
    apply(snapshot);
    const start = performance.now();
    for (const update of updates) apply(update);
    return (updates.length * 1000) / (performance.now() - start);
  };
  for (let i = 0; i < passes.warmups; i++) pass();
  const rates = Array.from({ length: passes.rounds }, pass);
  const updatesPerSecond = median(rates);
  view = EMPTY_BOOK_VIEW;
  pass();
  assertApplied(bookCase, refused, view);
  view = undefined;
  const resync = (): number => {
    const start = performance.now();
    for (let i = 0; i < passes.resyncs; i++) apply(snapshot);
    return ((performance.now() - start) * 1000) / passes.resyncs;
  };
  resync();
  const microsPerResync = median(Array.from({ length: passes.rounds }, resync));
  if (refused > 0) throw new Error(`${bookCase.exchange}: a resync was refused`);
  return { updatesPerSecond, bestUpdatesPerSecond: Math.max(...rates), microsPerResync };
}

function assertApplied<Update extends BookUpdate>(
  bookCase: BookCase<Update>,
  refused: number,
  view: BookView,
): void {
  if (refused > 0) throw new Error(`${bookCase.exchange}: the book refused ${refused} updates`);
  const top = (levels: readonly (readonly string[])[] | undefined): string =>
    JSON.stringify(levels?.map(([price, size]) => [price, size]));
  const { finalTop } = bookCase.stream;
  if (top(view.bids) !== top(finalTop.bids) || top(view.asks) !== top(finalTop.asks))
    throw new Error(`${bookCase.exchange}: the book's top differs from the generator's`);
}
