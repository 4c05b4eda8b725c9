/**
 * ccxt's own order book (the class its okx and bybit watchOrderBook keep), loaded from bench/node_modules
 * by a module name held in a variable (so the root typecheck never resolves it), typed with only what the
 * bench uses of it.
 */
import type { RawLevel } from '../../src/exchanges/transport/socket-book';

interface CcxtBookSide {
  readonly length: number;
  store(price: number, size: number): void;
}

interface CcxtOrderBook {
  readonly bids: CcxtBookSide;
  readonly asks: CcxtBookSide;
}

type CcxtOrderBookConstructor = new (snapshot: object, depth?: number) => CcxtOrderBook;

/** Applies one push's levels as deltas; a fresh book applies the snapshot the same way. */
export type CcxtBookApply = (bids: readonly RawLevel[], asks: readonly RawLevel[]) => void;

const ORDER_BOOK_MODULE = new URL('../node_modules/ccxt/js/src/base/ws/OrderBook.js', import.meta.url);

/**
 * A factory of ccxt order books, each fed as ccxt's okx/bybit handlers feed theirs: every level's price
 * and size parsed to numbers (their handleDelta), then stored on its side (a size of 0 removes it).
 */
export async function loadCcxtBook(): Promise<() => { apply: CcxtBookApply; depthOf: () => number }> {
  const { OrderBook } = (await import(ORDER_BOOK_MODULE.href)) as { OrderBook: CcxtOrderBookConstructor };
  const store = (side: CcxtBookSide, levels: readonly RawLevel[]): void => {
    for (const [price = '', size = ''] of levels)
      side.store(Number.parseFloat(price), Number.parseFloat(size));
  };
  return () => {
    const book = new OrderBook({});
    return {
      apply: (bids, asks) => {
        store(book.bids, bids);
        store(book.asks, asks);
      },
      depthOf: () => Math.min(book.bids.length, book.asks.length),
    };
  };
}
