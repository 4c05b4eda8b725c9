import { NetworkError, TimeoutError } from '../errors';
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

  /** `prefix` keeps these ids apart from the socket's subscription request ids ("1", "2"…). */
  constructor(
    private readonly timers: Timers,
    private readonly prefix = 't',
  ) {}

  /** A fresh id: letters and digits only, valid for OKX `id` (at most 32) and Bybit `reqId` (at most 36). */
  newId(): string {
    return `${this.prefix}${this.nextId++}`;
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
