import type { WebSocketFactory } from '../../src/exchanges/transport/socket-types';
import type { Clock } from '../../src/exchanges/transport/timers';
import { nodeSocket } from '../integration/ws-harness';

/** One socket the client opened, as the wire saw it. */
export interface WatchedSocket {
  readonly url: string;
  /** The client's clock when the socket was created: one connection attempt. */
  readonly createdAt: number;
  /** Every topic each subscribe frame on this connection named, in order (repeats kept). */
  readonly subscribed: string[];
}

/** OKX names a topic by an object (`{channel, instId}`), Bybit by a string (`tickers.BTCUSDT`). */
function topicName(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (typeof arg !== 'object' || arg === null) return JSON.stringify(arg);
  return JSON.stringify(Object.entries(arg).sort(([a], [b]) => a.localeCompare(b)));
}

/** The topics of a subscribe frame (both exchanges send `{op: 'subscribe', args: [...]}`); none otherwise. */
function subscribedTopics(frame: string): string[] {
  if (!frame.startsWith('{')) return [];
  const parsed = JSON.parse(frame) as { op?: unknown; args?: unknown };
  return parsed.op === 'subscribe' && Array.isArray(parsed.args) ? parsed.args.map(topicName) : [];
}

/**
 * Node sockets that record what the client asks of the exchange: every connection attempt (when, where
 * to) and every topic it subscribes on each connection. This is the wire's view, independent of what the
 * client reports about itself.
 */
export class SocketWatch {
  readonly sockets: WatchedSocket[] = [];

  constructor(private readonly clock: Clock) {}

  readonly createSocket: WebSocketFactory = (url) => {
    const socket = nodeSocket(url);
    const watched: WatchedSocket = { url, createdAt: this.clock.now(), subscribed: [] };
    this.sockets.push(watched);
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      watched.subscribed.push(...subscribedTopics(data));
      send(data);
    };
    return socket;
  };

  /** Sockets to URLs ending in `path` (`/ws/v5/private`, `/v5/public/linear`). */
  on(path: string): WatchedSocket[] {
    return this.sockets.filter((socket) => socket.url.endsWith(path));
  }

  /** Topics subscribed more than once on one connection, with the connection's URL. */
  duplicateSubscriptions(): string[] {
    return this.sockets.flatMap(({ url, subscribed }) =>
      subscribed
        .filter((topic, index) => subscribed.indexOf(topic) !== index)
        .map((topic) => `${url} ${topic}`),
    );
  }

  /** The most connection attempts that fell inside any window of `windowMs` (the exchange's budget window). */
  mostAttemptsWithin(windowMs: number): number {
    const times = this.sockets.map((socket) => socket.createdAt).sort((a, b) => a - b);
    let most = 0;
    let first = 0;
    for (let last = 0; last < times.length; last++) {
      while ((times[last] ?? 0) - (times[first] ?? 0) >= windowMs) first++;
      most = Math.max(most, last - first + 1);
    }
    return most;
  }
}
