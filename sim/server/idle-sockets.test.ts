import { describe, expect, it } from 'vitest';
import { createSimFakeTime } from './fake-time.test-helper';
import { useSimulator } from './sim-harness.test-helper';
import type { TestSocket } from './ws-client.test-helper';

type Json = Record<string, unknown>;

/** The hub looks for idle sockets this often once the idle times are 25 s or more. */
const SCAN_MS = 5_000;

/**
 * The exchanges' real idle rules (docs/protocol.md "OKX sockets", "Bybit sockets") at their real lengths, on fake time:
 * OKX closes with 4004 after 30 s with nothing sent or received, Bybit with 1000 after 10 min
 * without anything from the client (its own pushes do not count).
 */
const exchanges = [
  {
    exchange: 'okx',
    path: '/ws/v5/public',
    idleMs: 30_000,
    closeCode: 4004,
    ping: 'ping' as unknown,
    subscribe: { op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT-SWAP' }] } as unknown,
    pushesKeepAlive: true,
  },
  {
    exchange: 'bybit',
    path: '/v5/public/linear',
    idleMs: 600_000,
    closeCode: 1000,
    ping: { op: 'ping' } as unknown,
    subscribe: { op: 'subscribe', args: ['tickers.BTCUSDT'] } as unknown,
    pushesKeepAlive: false,
  },
];

const isPong = (text: string, json: unknown): boolean =>
  text === 'pong' || (json as Json | undefined)?.ret_msg === 'pong';

describe.each(exchanges)('$exchange idle disconnect', (c) => {
  const time = createSimFakeTime();
  // A 10 s heartbeat keeps the many simulated minutes cheap and still pushes within OKX's 30 s.
  const harness = useSimulator({ seed: 35, tickMs: 10_000, clock: time.clock, timers: time.timers });

  /** Proves the socket is still open: a closing socket would get its close before any pong. */
  const expectOpen = async (socket: TestSocket): Promise<void> => {
    socket.send(c.ping);
    await expect(socket.next(isPong)).resolves.toBeDefined();
  };

  it('leaves a quiet socket open for the whole idle time', async () => {
    const socket = await harness.open(c.path);
    time.advance(c.idleMs);
    await expectOpen(socket);
  });

  it('closes a quiet socket once the idle time has passed', async () => {
    const socket = await harness.open(c.path);
    time.advance(c.idleMs + SCAN_MS);
    expect(await socket.closed()).toBe(c.closeCode);
  });

  it('keeps a socket that pings within the idle time', async () => {
    const socket = await harness.open(c.path);
    for (let round = 0; round < 4; round++) {
      time.advance(c.idleMs / 2);
      await expectOpen(socket);
    }
  });

  it(`${c.pushesKeepAlive ? 'keeps' : 'still closes'} a socket that only receives pushes`, async () => {
    const socket = await harness.open(c.path);
    socket.send(c.subscribe);
    await socket.next((text) => text.includes('"tickers'));
    time.advance(c.idleMs + SCAN_MS);
    if (c.pushesKeepAlive) await expectOpen(socket);
    else expect(await socket.closed()).toBe(c.closeCode);
  });
});
