import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { ExchangeId } from '../market/instruments';
import type { Rng } from '../market/rng';
import { exchangeOfPath } from './context';
import { every, type SimTimers } from './time';

/** Every socket path the simulator serves. */
export const SOCKET_PATHS = [
  '/ws/v5/public',
  '/ws/v5/private',
  '/ws/v5/business',
  '/v5/public/spot',
  '/v5/public/linear',
  '/v5/public/inverse',
  '/v5/public/option',
  '/v5/private',
  '/v5/trade',
] as const;
export type SocketPath = (typeof SOCKET_PATHS)[number];

/**
 * A client that stops reading while pushes keep coming (load mode, a paused debugger) is cut off
 * past this many unsent bytes instead of growing the simulator's memory without bound.
 */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** Which sockets a drop cuts: those of one exchange, of one path, or both conditions (none: every socket). */
export interface SocketSelection {
  readonly exchange?: ExchangeId;
  readonly path?: SocketPath;
}

/** One client connection. Handlers keep their own per-connection state in `state`. */
export interface SocketSession {
  /** OKX `connId` / Bybit `conn_id`. */
  readonly id: string;
  readonly path: SocketPath;
  readonly exchange: ExchangeId;
  /** Subscription keys (handler-defined, e.g. `tickers:BTC-USDT`); `publish` sends to matching sessions. */
  readonly topics: Set<string>;
  /** Free per-connection state for the handlers of this path (login status, book views…). */
  readonly state: Map<string, unknown>;
  /** Sends a string as is, anything else as JSON. Silently skipped once the socket is closing. */
  send(message: unknown): void;
  close(code: number, reason: string): void;
}

/** What serves one socket path; the public and private parts each register theirs. */
export interface SocketPathHandler {
  onOpen?(session: SocketSession): void;
  onMessage(session: SocketSession, text: string): void;
  onClose?(session: SocketSession): void;
}

export interface SocketHubOptions {
  okxIdleMs: number;
  bybitIdleMs: number;
  /** Monotonic ms for idle checks (not the skewable server clock). */
  monotonicNow: () => number;
  timers: SimTimers;
  rng: Rng;
  /** True while every new socket is refused (the `refuseSockets` fault). */
  refuseNew: () => boolean;
}

/** A session's topics that keep the hub's subscriber counts current, so `hasSubscribers` is O(1). */
class TopicSet extends Set<string> {
  constructor(private readonly onChange: (topic: string, delta: 1 | -1) => void) {
    super();
  }

  override add(topic: string): this {
    if (!this.has(topic)) {
      super.add(topic);
      this.onChange(topic, 1);
    }
    return this;
  }

  override delete(topic: string): boolean {
    const removed = super.delete(topic);
    if (removed) this.onChange(topic, -1);
    return removed;
  }

  override clear(): void {
    for (const topic of this) this.onChange(topic, -1);
    super.clear();
  }
}

interface LiveSession extends SocketSession {
  readonly socket: WebSocket;
  lastInbound: number;
  lastActive: number;
}

/**
 * Routes upgrades by path, keeps the live sessions, drops idle ones (OKX: nothing sent or received
 * for `okxIdleMs`; Bybit: nothing received for `bybitIdleMs`, docs/protocol.md "OKX sockets"/"Bybit sockets"), and fans out pushes.
 */
export class SocketHub {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly handlers = new Map<string, SocketPathHandler>();
  private readonly live = new Set<LiveSession>();
  private readonly stopIdleScan: () => void;
  /** Sessions per topic, per path. */
  private readonly subscriberCount = new Map<string, Map<string, number>>();
  /** Messages delivered by `publish` since start (load mode paces itself on it). */
  delivered = 0;

  constructor(private readonly options: SocketHubOptions) {
    const scanEvery = Math.min(5_000, Math.max(20, Math.min(options.okxIdleMs, options.bybitIdleMs) / 5));
    this.stopIdleScan = every(options.timers, scanEvery, () => {
      this.dropIdle();
    });
  }

  /** Serves `path` with `handler`; one handler per path. */
  register(path: SocketPath, handler: SocketPathHandler): void {
    if (this.handlers.has(path)) throw new Error(`Socket path ${path} already has a handler`);
    this.handlers.set(path, handler);
  }

  /** Hooks the hub to an http server's upgrade event. */
  attach(http: Server): void {
    http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const handler = this.handlers.get(url.pathname);
      if (!handler) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (this.options.refuseNew()) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.server.handleUpgrade(request, socket, head, (ws) => {
        this.open(ws, url.pathname as SocketPath, handler);
      });
    });
  }

  sessions(path?: SocketPath): SocketSession[] {
    return [...this.live].filter((s) => path === undefined || s.path === path);
  }

  /** Sends `message` (serialised once) to every session on `path` subscribed to `topic`. */
  publish(path: SocketPath, topic: string, message: unknown): number {
    let text: string | undefined;
    let sent = 0;
    for (const session of this.live) {
      if (session.path !== path || !session.topics.has(topic)) continue;
      text ??= typeof message === 'string' ? message : JSON.stringify(message);
      session.send(text);
      sent++;
    }
    this.delivered += sent;
    return sent;
  }

  /** Sends to every session on the given paths; a function builds each session's own message (its connId). */
  broadcast(paths: readonly SocketPath[], message: unknown): void {
    for (const session of this.live) {
      if (!paths.includes(session.path)) continue;
      session.send(
        typeof message === 'function' ? (message as (s: SocketSession) => unknown)(session) : message,
      );
    }
  }

  /** True when any session on `path` holds any topic. */
  hasAnySubscribers(path: SocketPath): boolean {
    return (this.subscriberCount.get(path)?.size ?? 0) > 0;
  }

  /** True when any session on `path` holds `topic` (publishers skip work nobody reads). */
  hasSubscribers(path: SocketPath, topic: string): boolean {
    return (this.subscriberCount.get(path)?.get(topic) ?? 0) > 0;
  }

  /**
   * Cuts the sockets `which` picks at once, like a network drop (admin fault): every socket when it picks
   * nothing, else those of its exchange and/or its path. Answers how many were cut.
   */
  drop(which: SocketSelection = {}): number {
    let dropped = 0;
    for (const session of this.live) {
      if (which.exchange !== undefined && session.exchange !== which.exchange) continue;
      if (which.path !== undefined && session.path !== which.path) continue;
      session.socket.terminate();
      dropped++;
    }
    return dropped;
  }

  /** Stops the idle timer and closes every socket. */
  async close(): Promise<void> {
    this.stopIdleScan();
    this.drop();
    await new Promise<void>((resolve) => {
      this.server.close(() => {
        resolve();
      });
    });
  }

  private open(socket: WebSocket, path: SocketPath, handler: SocketPathHandler): void {
    const exchange = exchangeOfPath(path) ?? 'okx';
    const now = this.options.monotonicNow();
    const session: LiveSession = {
      id:
        exchange === 'okx'
          ? this.options.rng.string(8, '0123456789abcdef')
          : `${this.options.rng.string(20, 'abcdefghijklmnopqrstuvwxyz0123456789')}-${this.options.rng.string(2, 'abcdefghijklmnopqrstuvwxyz')}`,
      path,
      exchange,
      topics: new TopicSet((topic, delta) => {
        this.countSubscriber(path, topic, delta);
      }),
      state: new Map(),
      socket,
      lastInbound: now,
      lastActive: now,
      send: (message) => {
        if (socket.readyState !== WebSocket.OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.terminate();
          return;
        }
        socket.send(typeof message === 'string' ? message : JSON.stringify(message));
        session.lastActive = this.options.monotonicNow();
      },
      close: (code, reason) => {
        socket.close(code, reason);
      },
    };
    this.live.add(session);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      session.lastInbound = this.options.monotonicNow();
      session.lastActive = session.lastInbound;
      if (!isBinary) handler.onMessage(session, data.toString('utf8'));
    });
    socket.on('close', () => {
      this.live.delete(session);
      session.topics.clear();
      handler.onClose?.(session);
    });
    socket.on('error', () => {
      socket.terminate();
    });
    handler.onOpen?.(session);
  }

  private countSubscriber(path: SocketPath, topic: string, delta: 1 | -1): void {
    let counts = this.subscriberCount.get(path);
    if (!counts) {
      counts = new Map();
      this.subscriberCount.set(path, counts);
    }
    const count = (counts.get(topic) ?? 0) + delta;
    if (count > 0) counts.set(topic, count);
    else counts.delete(topic);
  }

  private dropIdle(): void {
    const now = this.options.monotonicNow();
    for (const session of this.live) {
      if (session.exchange === 'okx' && now - session.lastActive > this.options.okxIdleMs) {
        // OKX closes with 4004 "No data received in 30s" (docs/protocol.md "OKX sockets").
        session.close(4004, 'No data received in 30s');
      } else if (session.exchange === 'bybit' && now - session.lastInbound > this.options.bybitIdleMs) {
        session.close(1000, 'Idle timeout');
      }
    }
  }
}
