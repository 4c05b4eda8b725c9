/**
 * What the ingest bench streams, the same for every implementation: per exchange, the books and tickers
 * of three perpetuals, on the one public socket that carries them (docs/protocol.md "OKX pushes", "Bybit pushes"). OKX `books`
 * is the 400-level book with checksums; Bybit `orderbook.50` is the depth Perch and ccxt both ask for.
 */
export type BenchExchange = 'okx' | 'bybit';
export const BENCH_EXCHANGES: readonly BenchExchange[] = ['okx', 'bybit'];

export interface StreamSpec {
  /** The public socket's path on the simulator (and the exchange). */
  readonly path: string;
  /** The exchange's own instrument ids. */
  readonly symbols: readonly string[];
  /** ccxt's unified symbols of the same instruments. */
  readonly ccxtSymbols: readonly string[];
  /** The subscribe frame a bare client sends for every book and ticker. */
  readonly subscribeFrame: string;
}

const OKX_SYMBOLS = ['BTC-USDT-SWAP', 'ETH-USDT-SWAP', 'SOL-USDT-SWAP'];
const BYBIT_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const CCXT_SYMBOLS = ['BTC/USDT:USDT', 'ETH/USDT:USDT', 'SOL/USDT:USDT'];
export const BYBIT_BOOK_DEPTH = 50;

export const STREAMS: Readonly<Record<BenchExchange, StreamSpec>> = {
  okx: {
    path: '/ws/v5/public',
    symbols: OKX_SYMBOLS,
    ccxtSymbols: CCXT_SYMBOLS,
    subscribeFrame: JSON.stringify({
      op: 'subscribe',
      args: OKX_SYMBOLS.flatMap((instId) => [
        { channel: 'books', instId },
        { channel: 'tickers', instId },
      ]),
    }),
  },
  bybit: {
    path: '/v5/public/linear',
    symbols: BYBIT_SYMBOLS,
    ccxtSymbols: CCXT_SYMBOLS,
    subscribeFrame: JSON.stringify({
      op: 'subscribe',
      args: BYBIT_SYMBOLS.flatMap((symbol) => [
        `orderbook.${BYBIT_BOOK_DEPTH}.${symbol}`,
        `tickers.${symbol}`,
      ]),
    }),
  },
};

/** A pushed book or ticker (not an ack, pong or error): OKX pushes carry `arg` and `data`, Bybit `topic` and `data`. */
export function isMarketPush(frame: unknown): boolean {
  if (typeof frame !== 'object' || frame === null || !('data' in frame)) return false;
  return ('arg' in frame && !('event' in frame)) || 'topic' in frame;
}
