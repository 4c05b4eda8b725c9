import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A loopback cable between the browser and the simulator: a TCP forwarder whose plug can be pulled.
 * Pulled, it holds every byte in both directions on every connection, open or new, and closes nothing,
 * which is what a lost network does to a TCP connection: silence, no FIN, no reset. Plugged back in, the
 * held bytes go through in order, as TCP's retransmission delivers them. The simulator's own listener
 * never stops.
 */
export interface NetworkCable {
  /** The simulator's REST and socket addresses, through the cable. */
  readonly url: string;
  readonly wsUrl: string;
  unplug(): void;
  plugIn(): void;
  close(): Promise<void>;
}

type Held = { readonly kind: 'data'; readonly chunk: Buffer } | { readonly kind: 'end' };

/** One direction of one connection: forwards at once while plugged in, queues while not. */
function direction(from: Socket, to: Socket, plugged: () => boolean) {
  const held: Held[] = [];
  const deliver = (item: Held) => {
    if (to.destroyed) return;
    if (item.kind === 'data') to.write(item.chunk);
    else to.end();
  };
  from.on('data', (chunk) => {
    if (plugged() && held.length === 0) deliver({ kind: 'data', chunk });
    else held.push({ kind: 'data', chunk });
  });
  from.on('end', () => {
    if (plugged() && held.length === 0) deliver({ kind: 'end' });
    else held.push({ kind: 'end' });
  });
  return {
    flush() {
      for (const item of held.splice(0)) deliver(item);
    },
  };
}

export async function startNetworkCable(target: { url: string }): Promise<NetworkCable> {
  const { hostname, port } = new URL(target.url);
  let plugged = true;
  const flushes = new Set<() => void>();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = createConnection({ host: hostname, port: Number(port) });
    const up = direction(client, upstream, () => plugged);
    const down = direction(upstream, client, () => plugged);
    const flush = () => {
      up.flush();
      down.flush();
    };
    flushes.add(flush);
    const both = [client, upstream];
    for (const socket of both) {
      sockets.add(socket);
      // A reset on either side ends the pair (the other end of a real cut learns it only once it is back).
      socket.on('error', () => {
        for (const other of both) other.destroy();
      });
      socket.on('close', () => {
        sockets.delete(socket);
        flushes.delete(flush);
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The cable has no TCP address.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    wsUrl: `ws://127.0.0.1:${address.port}`,
    unplug() {
      plugged = false;
    },
    plugIn() {
      plugged = true;
      for (const flush of flushes) flush();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
