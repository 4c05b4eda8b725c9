import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../index';
import { createSimFakeTime } from '../server/fake-time.test-helper';
import { openTestSocket, type TestSocket } from '../server/ws-client.test-helper';

type Json = Record<string, unknown>;
/** Enough messages a second to measure the pace to 5 %, few enough to cost little CPU on a busy machine. */
const rate = 100;
const isPong = (text: string, json: unknown): boolean =>
  text === 'pong' ||
  (json as Json | undefined)?.ret_msg === 'pong' ||
  (json as Json | undefined)?.op === 'pong';

/** Every frame a socket got up to a ping marker: what the server sent before it answered the ping. */
async function framesUntilPong(socket: TestSocket, ping: unknown): Promise<Json[]> {
  socket.send(ping);
  const frames = await socket.upTo(isPong);
  return frames.slice(0, -1).map((frame) => frame.json as Json);
}

describe('load mode', () => {
  // Fake time: one simulated second is exactly 100 load ticks, however busy the machine is. The
  // market heartbeat is a minute, so every message counted here comes from the load driver.
  const time = createSimFakeTime();
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 51, rate, tickMs: 60_000, clock: time.clock, timers: time.timers });
  });
  afterAll(async () => {
    await sim.stop();
  });

  /**
   * Lets the driver find the new subscribers (it rescans every 200 ms), then runs one simulated
   * second: answers the pushes published in that second, and in all.
   */
  const runOneSecond = (): { perSecond: number; total: number } => {
    const start = sim.ctx.sockets.delivered;
    time.advance(200);
    const before = sim.ctx.sockets.delivered;
    time.advance(1_000);
    return { perSecond: sim.ctx.sockets.delivered - before, total: sim.ctx.sockets.delivered - start };
  };

  it('publishes about the requested rate per simulated second, as valid book steps', async () => {
    const okx = await openTestSocket(`${sim.wsUrl}/ws/v5/public`);
    const bybit = await openTestSocket(`${sim.wsUrl}/v5/public/linear`);
    okx.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'BTC-USDT-SWAP' }] });
    bybit.send({ op: 'subscribe', args: ['orderbook.50.BTCUSDT'] });
    await okx.next((_, json) => (json as Json | undefined)?.action === 'snapshot');
    await bybit.next((_, json) => (json as Json | undefined)?.type === 'snapshot');

    const published = runOneSecond();
    const okxBooks = await framesUntilPong(okx, 'ping');
    const bybitBooks = await framesUntilPong(bybit, { op: 'ping' });
    okx.close();
    bybit.close();

    expect(published.perSecond).toBeGreaterThan(rate * 0.95);
    expect(published.perSecond).toBeLessThan(rate * 1.05);
    // Everything published reached the two subscribers, nothing else did.
    expect(okxBooks.length + bybitBooks.length).toBe(published.total);
    expect(okxBooks.length).toBeGreaterThan(rate * 0.4);
    expect(bybitBooks.length).toBeGreaterThan(rate * 0.4);
    // OKX: each update names the previous one's seqId; Bybit: `u` grows by one per delta.
    for (const [previous, push] of okxBooks.map((push, i) => [okxBooks[i - 1], push] as const).slice(1)) {
      const [before, after] = [previous?.data, push.data] as [{ seqId: number }[], { prevSeqId: number }[]];
      expect(after[0]?.prevSeqId).toBe(before[0]?.seqId);
    }
    const updateIds = bybitBooks.map((push) => (push.data as { u: number }).u);
    expect(updateIds).toEqual(updateIds.map((_, i) => (updateIds[0] ?? 0) + i));
  });

  it('drives the inverse and option streams too', async () => {
    const option = sim.ctx.market.list('bybit').find((i) => i.category === 'option')?.symbol ?? '';
    const inverse = await openTestSocket(`${sim.wsUrl}/v5/public/inverse`);
    const options = await openTestSocket(`${sim.wsUrl}/v5/public/option`);
    inverse.send({ op: 'subscribe', args: ['orderbook.50.BTCUSD', 'tickers.BTCUSD'] });
    options.send({ op: 'subscribe', args: [`orderbook.25.${option}`, `tickers.${option}`] });
    await inverse.next((_, json) => (json as Json | undefined)?.op === 'subscribe');
    await options.next((_, json) => (json as Json | undefined)?.type === 'COMMAND_RESP');

    runOneSecond();
    const received = {
      inverse: (await framesUntilPong(inverse, { op: 'ping' })).length,
      option: (await framesUntilPong(options, { op: 'ping' })).length,
    };
    inverse.close();
    options.close();
    // About rate / 2 steps a second each; with a one-minute heartbeat only load mode sends this many.
    expect(received.inverse).toBeGreaterThan(rate * 0.2);
    expect(received.option).toBeGreaterThan(rate * 0.2);
  });

  it('publishes nothing once no one subscribes', async () => {
    const okx = await openTestSocket(`${sim.wsUrl}/ws/v5/public`);
    okx.send({ op: 'subscribe', args: [{ channel: 'books', instId: 'ETH-USDT-SWAP' }] });
    await okx.next((_, json) => (json as Json | undefined)?.action === 'snapshot');
    expect(runOneSecond().perSecond).toBeGreaterThan(rate * 0.95);

    okx.send({ op: 'unsubscribe', args: [{ channel: 'books', instId: 'ETH-USDT-SWAP' }] });
    await okx.next((_, json) => (json as Json | undefined)?.event === 'unsubscribe');
    expect(runOneSecond().total).toBe(0);
    okx.close();
  });
});
