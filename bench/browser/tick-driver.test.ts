import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../sim';
import { openTestSocket, type TestSocket } from '../../sim/server/ws-client.test-helper';
import { machineNow } from './machine-clock';
import { driveTicks } from './tick-driver';

describe('driveTicks', () => {
  let simulator: RunningSimulator | undefined;
  let socket: TestSocket | undefined;
  afterEach(async () => {
    socket?.close();
    await simulator?.stop();
  });

  it('times each price no later than the ticker push that carries it leaves the simulator', async () => {
    simulator = await startSimulator({ port: 0, seed: 7 });
    const instrument = simulator.ctx.market.find('bybit', 'linear', 'BTCUSDT');
    if (instrument === undefined) throw new Error('no Bybit BTCUSDT perpetual');
    socket = await openTestSocket(`${simulator.wsUrl}/v5/public/linear`);
    socket.send({ op: 'subscribe', args: ['tickers.BTCUSDT'] });
    await socket.next((text) => text.includes('"op":"subscribe"'));
    await socket.next((text) => text.includes('"type":"snapshot"'));
    const { sockets } = simulator.ctx;
    const publish = sockets.publish.bind(sockets);
    const pushed = new Map<number, number>();
    vi.spyOn(sockets, 'publish').mockImplementation((path, topic, message) => {
      const last = (message as { data?: { lastPrice?: string } }).data?.lastPrice;
      if (topic === 'tickers.BTCUSDT' && last !== undefined && !pushed.has(Number(last)))
        pushed.set(Number(last), machineNow());
      return publish(path, topic, message);
    });

    const sent = [
      ...(await driveTicks(simulator, instrument, 1, 1)),
      ...(await driveTicks(simulator, instrument, 1, 1)),
    ];

    expect(sent).toHaveLength(2);
    expect(sent[1]?.price).toBeGreaterThan(sent[0]?.price ?? Infinity);
    for (const tick of sent) {
      const pushedAt = pushed.get(tick.price);
      expect(pushedAt, `a ticker push with the last price ${String(tick.price)}`).toBeDefined();
      expect(tick.sentAt).toBeLessThanOrEqual(pushedAt ?? -Infinity);
    }
  });
});
