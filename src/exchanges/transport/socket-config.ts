/**
 * Every timing constant of the socket manager, with the defaults docs/architecture.md and docs/protocol.md "Client defaults taken from the SDKs" give.
 * Each one can be overridden (tests shrink them; the worker may stretch them).
 */
export interface SocketTimings {
  /** Ping interval (docs/protocol.md "Client defaults taken from the SDKs": both SDKs ping every 10000 ms). */
  readonly pingIntervalMs: number;
  /** A pong later than this means the socket is dead (docs/protocol.md "Client defaults taken from the SDKs": 2000 ms). */
  readonly pongTimeoutMs: number;
  /** First reconnect delay after an unexpected close (docs/protocol.md "Client defaults taken from the SDKs": 500 ms). */
  readonly reconnectDelayMs: number;
  /** Upper bound of the exponential backoff. */
  readonly maxReconnectDelayMs: number;
  /** Fraction of each backoff delay that is randomised, so many clients never reconnect in step. */
  readonly jitterRatio: number;
  /** Connecting or reconnecting this long is "stuck" (docs/protocol.md "Client defaults taken from the SDKs": 15000 ms): error, tear down, retry. */
  readonly stuckAfterMs: number;
  /**
   * A connection up this long counts as healthy and resets the backoff (as does a login accepted or
   * topics confirmed, whichever comes first).
   */
  readonly healthyAfterMs: number;
  /** How long a login may wait for its reply before it counts as failed. */
  readonly loginTimeoutMs: number;
  /** How long a subscribe/unsubscribe may wait for its ack before its topics are reported. */
  readonly ackTimeoutMs: number;
  /** How long a deliberate close waits for the socket to confirm before it is treated as closed. */
  readonly closeTimeoutMs: number;
}

export const DEFAULT_SOCKET_TIMINGS: SocketTimings = {
  pingIntervalMs: 10_000,
  pongTimeoutMs: 2_000,
  reconnectDelayMs: 500,
  maxReconnectDelayMs: 30_000,
  jitterRatio: 0.2,
  stuckAfterMs: 15_000,
  healthyAfterMs: 10_000,
  loginTimeoutMs: 10_000,
  ackTimeoutMs: 10_000,
  closeTimeoutMs: 5_000,
};

/**
 * Backoff for reconnect attempt `attempt` (0 = first after a healthy connection): 500 ms, then doubling
 * up to the cap, each shortened by up to `jitterRatio` at random (`random` returns [0, 1)).
 */
export function reconnectDelay(attempt: number, timings: SocketTimings, random: () => number): number {
  if (attempt === 0) return timings.reconnectDelayMs;
  const exponential = Math.min(timings.maxReconnectDelayMs, timings.reconnectDelayMs * 2 ** attempt);
  return Math.round(exponential * (1 - timings.jitterRatio * random()));
}

/** Levels per side a BookEvent carries by default (OKX's checksum covers 25, so the view matches it). */
export const DEFAULT_BOOK_EVENT_DEPTH = 25;
