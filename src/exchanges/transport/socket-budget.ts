import type { Clock } from './timers';

/**
 * How many connection attempts one exchange allows in a window, shared by every socket of that exchange
 * so a flapping network never becomes a reconnect storm (docs/protocol.md "Rate limits").
 */
export interface ConnectionBudgetLimit {
  readonly attempts: number;
  readonly windowMs: number;
}

/** OKX: 3 connection requests per second per IP (docs/protocol.md "OKX rate limits"). */
export const OKX_CONNECTION_BUDGET: ConnectionBudgetLimit = { attempts: 3, windowMs: 1_000 };
/** Bybit: 500 connections per 5 minutes per IP (docs/protocol.md "Bybit rate limits"). */
export const BYBIT_CONNECTION_BUDGET: ConnectionBudgetLimit = { attempts: 500, windowMs: 300_000 };

export interface ConnectionBudget {
  /** Reserves one attempt no sooner than `delayMs` from now and returns the delay to wait before making it. */
  reserve(delayMs: number): number;
  /** Gives back the attempt reserved for time `at` (epoch ms): its socket will not make it then. */
  cancel(at: number): void;
}

export function createConnectionBudget(limit: ConnectionBudgetLimit, clock: Clock): ConnectionBudget {
  /** Start times of the reserved attempts inside the current window, oldest first. */
  const starts: number[] = [];
  return {
    reserve(delayMs) {
      const now = clock.now();
      while (starts.length > 0 && (starts[0] ?? now) <= now - limit.windowMs) starts.shift();
      // The attempt goes after the last reserved one; if the window is full, after the oldest expires.
      const earliest = Math.max(now + delayMs, starts.at(-1) ?? now);
      const oldestInWindow = starts[starts.length - limit.attempts];
      const at =
        oldestInWindow === undefined ? earliest : Math.max(earliest, oldestInWindow + limit.windowMs);
      starts.push(at);
      return at - now;
    },
    cancel(at) {
      const index = starts.lastIndexOf(at);
      if (index !== -1) starts.splice(index, 1);
    },
  };
}
