import type { SimContext } from './context';
import { every } from './time';

/** Drives the market heartbeat every `options.tickMs`; returns the stop function. */
export function startMarketClock(ctx: SimContext): () => void {
  let last = ctx.monotonicNow();
  return every(ctx.timers, ctx.options.tickMs, () => {
    const now = ctx.monotonicNow();
    ctx.market.tick(now - last);
    last = now;
  });
}
