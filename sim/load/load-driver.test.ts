import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../index';
import { openTestSocket } from '../server/ws-client.test-helper';

describe('load mode', () => {
  const rate = 4_000;
  let sim: RunningSimulator;
  // A slow market heartbeat, so nearly every message counted here comes from the load driver.
  beforeAll(async () => {
    sim = await startSimulator({ seed: 51, rate, tickMs: 60_000 });
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('delivers book and ticker messages at about the requested rate across subscribers', async () => {
    const okx = await openTestSocket(`${sim.wsUrl}/ws/v5/public`);
    const bybit = await openTestSocket(`${sim.wsUrl}/v5/public/linear`);
    let received = 0;
    for (const socket of [okx, bybit])
      socket.socket.on('message', () => {
        received++;
      });
    okx.send({
      op: 'subscribe',
      args: [
        { channel: 'books', instId: 'BTC-USDT-SWAP' },
        { channel: 'tickers', instId: 'ETH-USDT-SWAP' },
      ],
    });
    bybit.send({ op: 'subscribe', args: ['orderbook.50.BTCUSDT', 'tickers.SOLUSDT'] });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const start = received;
    const startedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const perSecond = ((received - start) * 1000) / (performance.now() - startedAt);
    okx.close();
    bybit.close();
    expect(perSecond).toBeGreaterThan(rate * 0.7);
    expect(perSecond).toBeLessThan(rate * 1.3);
  });

  it('drives the inverse and option streams too', async () => {
    const option = sim.ctx.market.list('bybit').find((i) => i.category === 'option')?.symbol ?? '';
    const sockets = {
      inverse: await openTestSocket(`${sim.wsUrl}/v5/public/inverse`),
      option: await openTestSocket(`${sim.wsUrl}/v5/public/option`),
    };
    const received = { inverse: 0, option: 0 };
    for (const name of ['inverse', 'option'] as const)
      sockets[name].socket.on('message', () => {
        received[name]++;
      });
    sockets.inverse.send({ op: 'subscribe', args: ['orderbook.50.BTCUSD', 'tickers.BTCUSD'] });
    sockets.option.send({ op: 'subscribe', args: [`orderbook.25.${option}`, `tickers.${option}`] });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    sockets.inverse.close();
    sockets.option.close();
    // About rate / 2 steps a second each; with a one-minute heartbeat only load mode can send this many.
    expect(received.inverse).toBeGreaterThan(rate * 0.2);
    expect(received.option).toBeGreaterThan(rate * 0.2);
  });

  it('sends nothing while no one subscribes', async () => {
    for (let i = 0; i < 100 && sim.ctx.sockets.sessions().length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const before = sim.ctx.sockets.delivered;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sim.ctx.sockets.sessions()).toHaveLength(0);
    expect(sim.ctx.sockets.delivered).toBe(before);
  });
});
