import { createBybitBook, type BybitBookUpdate } from '../../src/exchanges/bybit/book';
import { createOkxBook, type OkxBookUpdate } from '../../src/exchanges/okx/book';
import type { BookCase } from './book-apply';
import type { GeneratedBookStream } from './book-generator';
import type { loadCcxtBook } from './ccxt-book';
import {
  BYBIT_SYMBOL,
  OKX_INST_ID,
  bybitBookFrames,
  bybitBookUpdates,
  okxBookFrames,
  okxBookUpdates,
} from './exchange-frames';
import type { ReferenceRaceInput } from './reference-race';

/** Levels Perch keeps of Bybit's `orderbook.200`. */
export const BYBIT_DEPTH = 200;

type CcxtBookFactory = Awaited<ReturnType<typeof loadCcxtBook>>;

/** OKX `books` (400 levels, every checksum verified) fed a generated stream. */
export function okxBookCase(stream: GeneratedBookStream): BookCase<OkxBookUpdate> {
  return {
    exchange: 'okx',
    topic: { topic: 'books', payload: { instId: OKX_INST_ID } },
    symbol: OKX_INST_ID,
    updates: okxBookUpdates(stream),
    stream,
    createBook: createOkxBook,
  };
}

/** Bybit `orderbook.200` (update ids checked, kept at 200 levels) fed a generated stream. */
export function bybitBookCase(stream: GeneratedBookStream): BookCase<BybitBookUpdate> {
  return {
    exchange: 'bybit',
    topic: { topic: `orderbook.${BYBIT_DEPTH}.${BYBIT_SYMBOL}` },
    symbol: BYBIT_SYMBOL,
    updates: bybitBookUpdates(stream),
    stream,
    createBook: () => createBybitBook(BYBIT_DEPTH),
  };
}

export function okxRaceInput(
  stream: GeneratedBookStream,
  createCcxtBook: CcxtBookFactory,
): ReferenceRaceInput<OkxBookUpdate> {
  return { bookCase: okxBookCase(stream), frames: okxBookFrames(stream), createCcxtBook };
}

export function bybitRaceInput(
  stream: GeneratedBookStream,
  createCcxtBook: CcxtBookFactory,
): ReferenceRaceInput<BybitBookUpdate> {
  return { bookCase: bybitBookCase(stream), frames: bybitBookFrames(stream, BYBIT_DEPTH), createCcxtBook };
}
