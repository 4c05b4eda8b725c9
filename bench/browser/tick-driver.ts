import type { RunningSimulator } from '../../sim';
import type { SimInstrument } from '../../sim/market/instruments';
import { machineNow, sleep } from './machine-clock';
import type { SentTick } from './tick-latency';

/**
 * Sends `count` prices for `instrument` from the simulator, `perSecond` a second on a steady schedule:
 * each a tick above the last (so every price is new and higher, see tick-latency.ts). Each is timed at
 * the trade that sets the price, which the simulator follows at once with the ticker push carrying it
 * (market.ts `setPrice`), not when the whole price move returns: the move goes on to re-price every
 * market of the coin, and the account sockets' listeners run after the push, for long enough that the
 * badge often showed the price before the move returned, and a price shown before its send time counted
 * as late as the next tick.
 */
export async function driveTicks(
  simulator: RunningSimulator,
  instrument: SimInstrument,
  count: number,
  perSecond: number,
): Promise<SentTick[]> {
  const { market } = simulator.ctx;
  const step = Number(instrument.tickSize);
  const start = Math.ceil(Number(market.lastPrice(instrument))) + 10 * step;
  const sent: SentTick[] = [];
  let pending: { readonly price: string; sentAt?: number } | undefined;
  const stop = market.subscribe((event) => {
    if (pending === undefined || pending.sentAt !== undefined) return;
    if (event.type !== 'trade' || event.state.instrument.key !== instrument.key) return;
    if (market.lastPrice(instrument) === pending.price) pending.sentAt = machineNow();
  });
  try {
    const began = machineNow();
    for (let index = 0; index < count; index++) {
      await sleep(Math.max(0, began + (index * 1000) / perSecond - machineNow()));
      const price = (start + index * step).toFixed(instrument.priceDecimals);
      pending = { price };
      market.setPrice(instrument, price);
      const { sentAt } = pending;
      if (sentAt === undefined) throw new Error(`The simulator printed no trade at ${price}`);
      sent.push({ price: Number(price), sentAt });
    }
  } finally {
    stop();
  }
  return sent;
}
