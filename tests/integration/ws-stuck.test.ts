import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionBudget } from '../../src/exchanges/transport/socket-budget';
import { SocketManager } from '../../src/exchanges/transport/socket-manager';
import type { SocketEvent } from '../../src/exchanges/transport/socket-types';
import { nodeSocket, realClock, realTimers } from './ws-harness';

/** A TCP server that accepts connections and never answers the WebSocket handshake. */
async function silentServer(): Promise<{ server: Server; url: string; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { server, url: `ws://127.0.0.1:${port}/ws/v5/public`, connections };
}

describe('a connect that never completes (real ws socket)', () => {
  let stop: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await stop?.();
  });

  it('is marked stuck, torn down without crashing, and retried', async () => {
    const { server, url, connections } = await silentServer();
    const events: SocketEvent[] = [];
    const manager = new SocketManager({
      hooks: {
        label: 'Stuck socket',
        url,
        maxTopicsPerRequest: 10,
        maxArgsLength: 1000,
        argLength: () => 1,
        pingFrame: () => 'ping',
        topicKey: (topic) => topic.topic,
        subscriptionFrame: () => '{}',
        classify: () => ({ kind: 'ignore' }),
      },
      createSocket: nodeSocket,
      clock: realClock,
      timers: realTimers,
      budget: createConnectionBudget({ attempts: 100, windowMs: 1000 }, realClock),
      timings: { stuckAfterMs: 300, reconnectDelayMs: 50 },
      onEvent: (event) => events.push(event),
    });
    stop = async () => {
      manager.close();
      for (const connection of connections) connection.destroy();
      await new Promise((resolve) => server.close(resolve));
    };
    manager.connect();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const stuck = events.filter((event) => event.type === 'error' && event.reason === 'stuck');
    expect(stuck.length).toBeGreaterThanOrEqual(2);
    const states = events.flatMap((event) => (event.type === 'state' ? [event.state] : []));
    expect(states).toContain('error');
    expect(connections.length).toBeGreaterThanOrEqual(2);
  });
});
