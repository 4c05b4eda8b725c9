import { startSimulator, type RunningSimulator } from '../../sim';
import type { SimInstrument } from '../../sim/market/instruments';

/** 13 coins on four markets each: 52 instruments, of which the benchmark streams 50. */
const EXTRA_COINS = 10;
export const STREAMED_INSTRUMENTS = 50;
/**
 * Ticker pushes per second over all 50 streamed instruments: five a second each, a busy but ordinary
 * market (an exchange's ticker channel pushes at most every 100 ms per instrument).
 */
export const STREAM_RATE = 250;
/**
 * The simulator's random walk is held still (one heartbeat an hour): the load mode alone moves the
 * books, and only the benchmark's own ticks move a last price, so each price it sends is unambiguous.
 */
const STILL_HEARTBEAT_MS = 3_600_000;

export interface WantedQuote {
  readonly exchange: 'okx' | 'bybit';
  readonly kind: 'perpetual' | 'spot';
  readonly symbol: string;
  readonly contractType?: 'linear';
}

/** The simulator the browser benchmark streams from: 52 instruments, 250 ticker pushes a second. */
export function startBenchSimulator(): Promise<RunningSimulator> {
  return startSimulator({
    port: 0,
    seed: 7,
    extraCoins: EXTRA_COINS,
    rate: STREAM_RATE,
    tickMs: STILL_HEARTBEAT_MS,
  });
}

function wanted(instrument: SimInstrument): WantedQuote | undefined {
  const { exchange, category, symbol } = instrument;
  if (category === 'SWAP') return { exchange, kind: 'perpetual', symbol };
  if (category === 'linear') return { exchange, kind: 'perpetual', symbol, contractType: 'linear' };
  if (category === 'SPOT' || category === 'spot') return { exchange, kind: 'spot', symbol };
  return undefined;
}

export interface StreamedInstrument {
  readonly quote: WantedQuote;
  readonly instrument: SimInstrument;
}

/** The 50 perpetuals and spot pairs a page asks quotes for (BTC's first: the ticked instrument is among them). */
export function streamedInstruments(simulator: RunningSimulator): StreamedInstrument[] {
  return simulator.ctx.market
    .list()
    .flatMap((instrument) => {
      const quote = wanted(instrument);
      return quote === undefined ? [] : [{ quote, instrument }];
    })
    .slice(0, STREAMED_INSTRUMENTS);
}

export const streamedQuotes = (simulator: RunningSimulator): WantedQuote[] =>
  streamedInstruments(simulator).map(({ quote }) => quote);
