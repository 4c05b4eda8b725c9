/**
 * The frame mixes the ingest bench times, all cut from one recorded stream: the stream as recorded, a
 * quote-heavy one (80 % ticker pushes, as a companion mostly carries), ticker frames alone and book
 * frames alone. Every mix keeps each channel's frames in their recorded order, so a book's sequence and
 * checksums stay valid, and is repeated whole (each repetition opens with the books' snapshots) up to
 * the length of the recorded stream, so every pass times about as many frames.
 */
export const MIXES = ['recorded', 'quotes', 'tickers', 'books'] as const;
export type Mix = (typeof MIXES)[number];

/** The ticker share of the quote-heavy mix. */
export const QUOTE_HEAVY_TICKER_SHARE = 0.8;

export type FrameKind = 'book' | 'ticker';

/** A recorded push's kind: OKX names its channel in `arg`, Bybit in its `topic`. */
export function frameKind(text: string): FrameKind {
  const frame = JSON.parse(text) as { arg?: { channel?: unknown }; topic?: unknown };
  const channel = frame.arg?.channel ?? (typeof frame.topic === 'string' ? frame.topic.split('.')[0] : '');
  if (channel === 'books' || channel === 'orderbook') return 'book';
  if (channel === 'tickers') return 'ticker';
  throw new Error(`not a book or ticker push: ${text.slice(0, 80)}`);
}

export interface MixCount {
  readonly books: number;
  readonly tickers: number;
}

export function countMix(frames: readonly string[]): MixCount {
  let books = 0;
  for (const frame of frames) if (frameKind(frame) === 'book') books++;
  return { books, tickers: frames.length - books };
}

/** "52 % book frames, 48 % ticker frames": what the report prints beside a ratio. */
export function describeMix({ books, tickers }: MixCount): string {
  const bookPercent = Math.round((books * 100) / (books + tickers));
  return `${String(bookPercent)} % book frames, ${String(100 - bookPercent)} % ticker frames`;
}

/** Books and tickers spread evenly through one stream, each list's order kept. */
export function interleave(books: readonly string[], tickers: readonly string[]): string[] {
  const total = books.length + tickers.length;
  const out: string[] = [];
  let book = 0;
  let ticker = 0;
  for (let index = 0; index < total; index++) {
    const booksDue = Math.floor(((index + 1) * books.length) / total);
    out.push((book < booksDue ? books[book++] : tickers[ticker++]) ?? '');
  }
  return out;
}

/** Every ticker frame and the first book frames (a prefix keeps each book's chain whole), `tickerShare` of them tickers. */
export function quoteHeavy(
  books: readonly string[],
  tickers: readonly string[],
  tickerShare: number,
): string[] {
  const perTicker = (1 - tickerShare) / tickerShare;
  const bookCount = Math.min(books.length, Math.round(tickers.length * perTicker));
  const tickerCount = Math.min(tickers.length, Math.round(bookCount / perTicker));
  return interleave(books.slice(0, bookCount), tickers.slice(0, tickerCount));
}

/** The sequence repeated whole, the nearest number of times to `length` frames (at least once). */
export function repeatedTo(frames: readonly string[], length: number): string[] {
  const times = Math.max(1, Math.round(length / Math.max(1, frames.length)));
  return Array.from({ length: times }, () => frames).flat();
}

/** The frames of one mix, cut from the recorded pushes. */
export function mixFrames(pushes: readonly string[], mix: Mix): string[] {
  if (mix === 'recorded') return [...pushes];
  const books = pushes.filter((frame) => frameKind(frame) === 'book');
  const tickers = pushes.filter((frame) => frameKind(frame) === 'ticker');
  const cut =
    mix === 'books'
      ? books
      : mix === 'tickers'
        ? tickers
        : quoteHeavy(books, tickers, QUOTE_HEAVY_TICKER_SHARE);
  return repeatedTo(cut, pushes.length);
}
