import type { RunningSimulator } from '../../sim';
import type { SimInstrument } from '../../sim/market/instruments';
import { machineNow, sleep } from './machine-clock';
import type { SentTick } from './tick-latency';

/**
 * Sends `count` prices for `instrument` from the simulator, `perSecond` a second on a steady schedule:
 * each a tick above the last (so every price is new and higher, see tick-latency.ts), each timed the
 * moment the simulator has handed its pushes to the sockets.
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
  const began = machineNow();
  for (let index = 0; index < count; index++) {
    await sleep(Math.max(0, began + (index * 1000) / perSecond - machineNow()));
    market.setPrice(instrument, (start + index * step).toFixed(instrument.priceDecimals));
    sent.push({ price: Number(market.lastPrice(instrument)), sentAt: machineNow() });
  }
  return sent;
}
