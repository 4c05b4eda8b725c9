import { simAdmin, type SimulatorAddress } from './sim-admin';

/**
 * A market tick this long never comes during a run: the simulator's random walk stands still, so
 * prices, PnL and the chart are the same on every run. (Node's timers take at most 2^31 - 1 ms.)
 */
export const STILL_MARKET_TICK_MS = 2_000_000_000;

/** Where each coin stands, set through an OKX perpetual (every market of the coin follows). */
export const PINNED_PRICES = {
  'BTC-USDT-SWAP': '67250.5',
  'ETH-USDT-SWAP': '3456.78',
  'SOL-USDT-SWAP': '187.65',
};

/**
 * How often the pinned prices are set again. Each setting pushes a ticker at the same price, so
 * Perch's streams stay live (a socket without a push for 10 s counts as stale) while nothing moves.
 */
const REPEAT_MS = 1_000;

/** Sets every pinned price once, one after the other, so the simulator draws its random numbers in the same order every run. */
export async function setPinnedPrices(simulator: SimulatorAddress): Promise<void> {
  for (const [symbol, price] of Object.entries(PINNED_PRICES))
    await simAdmin(simulator, 'price', { exchange: 'okx', symbol, price });
}

/** Sets the pinned prices again every second until the returned stop is awaited. */
export function keepPricesPinned(simulator: SimulatorAddress): () => Promise<void> {
  let running = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => setPinnedPrices(simulator))
      .catch((error: unknown) => {
        console.error('Pinning the simulator prices failed:', error);
      });
  }, REPEAT_MS);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
