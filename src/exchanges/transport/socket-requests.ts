import { NetworkError, TimeoutError } from '../errors';
import type { SocketGroup } from './socket-group';
import type { SocketEvent } from './socket-types';
import type { TimerHandle, Timers } from './timers';

interface Pending {
  readonly endpoint: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: TimerHandle;
}

/**
 * Requests sent over a socket and waiting for their reply (WS trading): each has an id the reply echoes
 * and its own timeout. When the socket goes away every waiting request fails at once, because its
 * reply can no longer arrive.
 */
export class SocketRequests {
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;

  constructor(private readonly timers: Timers) {}

  /**
   * A fresh id: letters and digits only, valid for OKX `id` (at most 32) and Bybit `reqId` (at most 36).
   * The "t" keeps these ids apart from the socket's subscription request ids ("1", "2"…).
   */
  newId(): string {
    return `t${this.nextId++}`;
  }

  /** Waits for the reply to request `id`; rejects with TimeoutError after `timeoutMs`. */
  wait(id: string, endpoint: string, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.pending.delete(id);
        reject(new TimeoutError(endpoint, timeoutMs));
      }, timeoutMs);
      this.pending.set(id, { endpoint, resolve, reject, timer });
    });
  }

  /** Settles request `id` with what `settle` returns or throws. False when no request has that id. */
  answer(id: string, settle: (endpoint: string) => unknown): boolean {
    const request = this.pending.get(id);
    if (request === undefined) return false;
    this.pending.delete(id);
    this.timers.clearTimeout(request.timer);
    try {
      request.resolve(settle(request.endpoint));
    } catch (error) {
      request.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return true;
  }

  /** The socket closed: nothing waiting will get a reply. */
  failAll(reason: string): void {
    for (const [id, request] of this.pending) {
      this.pending.delete(id);
      this.timers.clearTimeout(request.timer);
      request.reject(new NetworkError(request.endpoint, reason));
    }
  }
}

/** A reply to a trade request: the id it echoes and how to judge it (return the result or throw). */
export interface SocketTradeReply {
  readonly id: string;
  settle(endpoint: string): unknown;
}

/** What the caller of an exchange's WS trade client passes through. */
export interface SocketTradeOptions<Key extends string> {
  readonly streams: SocketGroup<Key>;
  readonly timers: Timers;
  /** How long one request waits for its reply. */
  readonly timeoutMs?: number;
}

/** What an exchange's WS trade client supplies. */
export interface SocketTradeSpec<Key extends string> {
  readonly key: Key;
  /** "OKX private socket": names the socket in failure messages. */
  readonly label: string;
  /** The reply an event carries, or undefined when it answers no request. */
  readReply(event: SocketEvent): SocketTradeReply | undefined;
}

/** How long one WS trade request waits for its reply unless the caller says otherwise. */
export const SOCKET_TRADE_TIMEOUT_MS = 10_000;

export interface SocketTrade {
  /** Connected and signed in: requests can go out now (else trade over REST). */
  readonly ready: boolean;
  /** Sends the frame `frame(id)` for request `op` ("WS <op>" in errors) and waits for its settled reply. */
  request(op: string, frame: (id: string) => string): Promise<unknown>;
  /** Stops listening; waiting requests fail. */
  dispose(): void;
}

/**
 * Trading over one socket of a group (docs/protocol.md "Trading over the socket"): ids matched to replies, a timeout per request,
 * every waiting request failed when the socket leaves 'connected', and a NetworkError at once when the
 * socket is not ready, so the caller can fall back to REST.
 */
export function createSocketTrade<Key extends string>(
  options: SocketTradeOptions<Key>,
  spec: SocketTradeSpec<Key>,
): SocketTrade {
  const socket = options.streams.socket(spec.key);
  const requests = new SocketRequests(options.timers);
  const timeoutMs = options.timeoutMs ?? SOCKET_TRADE_TIMEOUT_MS;
  const stop = options.streams.listen(spec.key, (event) => {
    if (event.type === 'state' && event.state !== 'connected')
      requests.failAll(`${spec.label} is ${event.state}`);
    const reply = spec.readReply(event);
    if (reply !== undefined) requests.answer(reply.id, (endpoint) => reply.settle(endpoint));
  });
  socket.connect();
  return {
    get ready() {
      return socket.ready;
    },
    request: (op, frame) => {
      const endpoint = `WS ${op}`;
      const id = requests.newId();
      const reply = requests.wait(id, endpoint, timeoutMs);
      if (!socket.send(frame(id))) {
        requests.answer(id, () => {
          throw new NetworkError(endpoint, `the ${spec.label} is not connected and logged in`);
        });
      }
      return reply;
    },
    dispose: () => {
      stop();
      requests.failAll(`trading over the ${spec.label} was closed`);
    },
  };
}
