import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnectionBudget } from '../../src/exchanges/transport/socket-budget';
import { SocketManager } from '../../src/exchanges/transport/socket-manager';
import type { SocketEvent } from '../../src/exchanges/transport/socket-types';
import { createFakeTime } from '../../src/exchanges/transport/time-fake.test-helper';
import { nodeSocket } from './ws-harness';

/** A TCP server that accepts connections and never answers the WebSocket handshake. */
async function silentServer(): Promise<{
  server: Server;
  url: string;
  connections: Socket[];
  nextConnection: () => Promise<Socket>;
}> {
  const connections: Socket[] = [];
  const waiting: ((socket: Socket) => void)[] = [];
  const server = createServer((socket) => {
    connections.push(socket);
    waiting.shift()?.(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    server,
    url: `ws://127.0.0.1:${port}/ws/v5/public`,
    connections,
    nextConnection: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

describe('a connect that never completes (real ws socket, fake time)', () => {
  let stop: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await stop?.();
  });

  it('is marked stuck at exactly the stuck time, torn down, and retried after the reconnect delay', async () => {
    const { server, url, connections, nextConnection } = await silentServer();
    const time = createFakeTime();
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
        parse: (text) => text,
        classify: () => ({ kind: 'ignore' }),
      },
      createSocket: nodeSocket,
      clock: time.clock,
      timers: time.timers,
      budget: createConnectionBudget({ attempts: 100, windowMs: 1000 }, time.clock),
      timings: { stuckAfterMs: 300, reconnectDelayMs: 50 },
      onEvent: (event) => events.push(event),
      onData: () => undefined,
    });
    stop = async () => {
      manager.close();
      for (const connection of connections) connection.destroy();
      await new Promise((resolve) => server.close(resolve));
    };
    const stuckErrors = (): SocketEvent[] =>
      events.filter((event) => event.type === 'error' && event.reason === 'stuck');

    const first = nextConnection();
    manager.connect();
    time.advance(0);
    const firstConnection = await first;
    time.advance(299);
    expect(stuckErrors()).toEqual([]);

    const firstClosed = new Promise((resolve) => firstConnection.once('close', resolve));
    time.advance(1);
    expect(stuckErrors()).toHaveLength(1);
    expect(events.filter((event) => event.type === 'state').at(-1)).toMatchObject({ state: 'error' });
    // The abandoned attempt's TCP connection is really closed, and nothing threw.
    await firstClosed;

    const retries = (): number =>
      events.filter((event) => event.type === 'state' && event.state === 'reconnecting').length;
    const second = nextConnection();
    time.advance(49);
    expect(retries()).toBe(0);
    time.advance(1);
    expect(retries()).toBe(1);
    await second;
    expect(connections).toHaveLength(2);
  });
});
