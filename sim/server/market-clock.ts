import type { SimContext } from './context';

/** Drives the market heartbeat every `options.tickMs`; returns the stop function. */
export function startMarketClock(ctx: SimContext): () => void {
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    ctx.market.tick(now - last);
    last = now;
  }, ctx.options.tickMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
