import type { SimContext } from '../server/context';
import { every } from '../server/time';
import { subscribedInstruments } from './subscribed-instruments';

/** One timer tick per this many ms; each tick sends the messages owed since the last one. */
const TICK_MS = 10;
/** Re-read which instruments have subscribers this often. */
const RESCAN_MS = 200;

/**
 * Load mode (`--rate N`): book and ticker pushes at about N messages per second in total, spread
 * round-robin over the instruments that have book/ticker subscribers. Each message is a real book
 * step, so checksums, seqIds and update ids stay correct. Batched per timer tick, never a timer
 * per message. Returns the stop function.
 */
export function startLoadMode(ctx: SimContext, rate: number): () => void {
  let last = ctx.monotonicNow();
  let owed = 0;
  let cursor = 0;
  let instruments = subscribedInstruments(ctx);
  let lastScan = last;

  return every(ctx.timers, TICK_MS, () => {
    const now = ctx.monotonicNow();
    if (now - lastScan >= RESCAN_MS) {
      instruments = subscribedInstruments(ctx);
      lastScan = now;
    }
    // Cap the debt at 100 ms worth, so a stalled event loop does not answer with a burst.
    owed = Math.min(owed + (rate * (now - last)) / 1000, rate / 10);
    last = now;
    if (instruments.length === 0) {
      owed = 0;
      return;
    }
    while (owed >= 1) {
      const instrument = instruments[cursor++ % instruments.length];
      if (!instrument) break;
      const before = ctx.sockets.delivered;
      ctx.market.step(instrument);
      owed -= Math.max(1, ctx.sockets.delivered - before);
    }
  });
}
