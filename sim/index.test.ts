import { describe, expect, it } from 'vitest';
import { startSimulator } from './index';
import { createSimFakeTime } from './server/fake-time.test-helper';

describe('startSimulator', () => {
  it('listens on loopback only and gives the same keys for the same seed', async () => {
    const [a, b] = [await startSimulator({ seed: 3 }), await startSimulator({ seed: 3 })];
    try {
      expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(a.accounts).toEqual(b.accounts);
      expect(a.url).not.toBe(b.url);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('rejects a port already in use with a clear error', async () => {
    const first = await startSimulator({});
    const port = Number(new URL(first.url).port);
    try {
      await expect(startSimulator({ port })).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${String(port)}: listen EADDRINUSE`,
      );
    } finally {
      await first.stop();
    }
  });

  it('frees its port on stop, so the next simulator can take it', async () => {
    const first = await startSimulator({});
    const port = Number(new URL(first.url).port);
    await first.stop();
    const second = await startSimulator({ port });
    expect(second.url).toBe(first.url);
    await second.stop();
  });

  it('runs every timer on the time it is given, and leaves none behind on stop, held work included', async () => {
    const time = createSimFakeTime();
    const sim = await startSimulator({ seed: 5, rate: 1_000, clock: time.clock, timers: time.timers });
    // Market heartbeat, load mode, level-1 repeats and the idle scan all wait on the fake time.
    expect(time.pending()).toBeGreaterThanOrEqual(4);
    const before = sim.ctx.market.lastPrice(sim.ctx.market.find('okx', 'SWAP', 'BTC-USDT-SWAP')!);
    // One simulated second is ten market heartbeats (every 100 ms): the price walks, at little CPU.
    time.advance(1_000);
    expect(sim.ctx.market.lastPrice(sim.ctx.market.find('okx', 'SWAP', 'BTC-USDT-SWAP')!)).not.toBe(before);
    // What a latency fault holds is dropped on stop, never carried out on a stopped simulator.
    sim.ctx.held.hold(60_000, () => undefined);
    await sim.stop();
    expect(time.pending()).toBe(0);
  });
});
