import type { Clock, TimerHandle, Timers } from './timers';

/**
 * One of an exchange's published request budgets (docs/protocol.md "Rate limits"): at most `limit` units in any
 * `windowMs`. Budgets are named by `key`; every demand naming the same key draws on the same budget.
 */
export interface RateBudget {
  readonly key: string;
  readonly limit: number;
  readonly windowMs: number;
  /**
   * Units only trading may use. A budget that reads and trading share (Bybit's per-IP one) keeps this much
   * back from reads, so a burst of snapshots cannot leave a close waiting behind them.
   */
  readonly tradeReserve?: number;
}

/**
 * Trading (the trader placing, amending, cancelling or closing) goes before reads: it is queued ahead of
 * every waiting read and may spend a budget's trade reserve.
 */
export type RatePriority = 'trade' | 'read';

/** What one request needs before it may be sent. */
export interface RateDemand {
  /** Every budget it draws on; all must have room at once. The first is the route's own. */
  readonly budgets: readonly [RateBudget, ...RateBudget[]];
  /** Units it spends in each budget (the route table's weight, times the orders of a batch). */
  readonly cost: number;
  readonly priority: RatePriority;
}

/** Call once the request's answer (or failure) is in: its spend then dates from that moment. */
export type RateRelease = () => void;

/** One spend that still counts, as a restarted worker takes it over (plain data). */
export interface RateSpend {
  readonly key: string;
  /** Local ms it dates from: its answer, or for one still in flight, when this list was taken. */
  readonly at: number;
  readonly cost: number;
}

export interface RateLimiter {
  /**
   * Resolves when the request may be sent. Never rejects: a request waits for room rather than failing
   * because of the local limiter. Waiting requests that share a budget are let through in the order they
   * asked (trading first), so no request overtakes another on a budget.
   */
  acquire(demand: RateDemand): Promise<RateRelease>;
  /**
   * The exchange said this budget is spent (HTTP 429, OKX 50011, Bybit 10006, or Bybit's headers
   * reading 0 left): nothing more draws on it before `untilMs` (local clock), or, when the exchange named
   * no time ahead, before a whole window (and the margin) has passed.
   */
  hold(budget: RateBudget, untilMs?: number): void;
  /** Every spend that still counts, for the next worker (`RateLimiterOptions.spent`). */
  spends(): RateSpend[];
}

export interface RateLimiterOptions {
  readonly clock: Clock;
  readonly timers: Timers;
  /** Added to every window, for clocks that tick in whole milliseconds or coarser. Default 100 ms. */
  readonly marginMs?: number;
  /**
   * What the previous worker spent: the exchange still counts it, so a restarted worker must too, or
   * its first burst lands in windows the last one filled.
   */
  readonly spent?: readonly RateSpend[];
  /** Called after every spend and answer, so the worker can keep `spends()` for its successor. */
  readonly onSpend?: () => void;
}

/** How long a spend of a budget not asked for since a restart is kept: longer than any window. */
const UNKNOWN_WINDOW_KEEP_MS = 60_000;

export const DEFAULT_RATE_MARGIN_MS = 100;

/** Costs are fractions (ccxt's 1/3, 1/15): compare with room for the float error of their sums. */
const EPSILON = 1e-9;

/**
 * A spend dates from the request's answer, not from when it left: the exchange counted it on arrival,
 * somewhere in between, so a window measured from the answer holds however long the way there took
 * (a loaded machine, a slow network). Until the answer is in, it has not started to age at all.
 */
interface Spent {
  at: number;
  inFlight: boolean;
  readonly cost: number;
}

interface Waiter {
  readonly demand: RateDemand;
  readonly order: number;
  readonly resolve: (release: RateRelease) => void;
}

/**
 * A sliding-log limiter: each budget remembers when its units were spent, so no window of its length
 * anywhere in time holds more than its limit, whether the exchange counts in fixed or rolling windows.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { clock, timers } = options;
  const marginMs = options.marginMs ?? DEFAULT_RATE_MARGIN_MS;
  const spent = new Map<string, Spent[]>();
  for (const { key, at, cost } of options.spent ?? [])
    spent.set(key, [...(spent.get(key) ?? []), { at, cost, inFlight: false }]);
  /** Each budget's window, once a demand named it. */
  const windows = new Map<string, number>();
  const holds = new Map<string, number>();
  let queue: Waiter[] = [];
  let order = 0;
  let wake: { readonly at: number; readonly handle: TimerHandle } | undefined;

  const expiry = (entry: Spent, budget: RateBudget) =>
    entry.inFlight ? Infinity : entry.at + budget.windowMs + marginMs;

  /** The budget's spends that still count, the first to expire first. */
  function spentIn(budget: RateBudget, now: number): Spent[] {
    windows.set(budget.key, budget.windowMs);
    const log = (spent.get(budget.key) ?? [])
      .filter((entry) => expiry(entry, budget) > now)
      .sort((a, b) => expiry(a, budget) - expiry(b, budget));
    spent.set(budget.key, log);
    return log;
  }

  /** Ms until `budget` has room for `demand` (0: now), ignoring anyone else waiting. */
  function waitOn(budget: RateBudget, demand: RateDemand, now: number, logs: Map<string, Spent[]>): number {
    const held = Math.max(0, (holds.get(budget.key) ?? 0) - now);
    if (held === 0) holds.delete(budget.key);
    const cap = budget.limit - (demand.priority === 'read' ? (budget.tradeReserve ?? 0) : 0);
    // A request dearer than the whole budget goes alone into an empty window rather than never.
    const cost = Math.min(demand.cost, cap);
    const log = logOf(budget, now, logs);
    let used = log.reduce((sum, entry) => sum + entry.cost, 0);
    let freeAt = now;
    // Infinity when room needs a request still in flight to age out: its answer wakes the queue.
    for (const entry of log) {
      if (used + cost <= cap + EPSILON) break;
      used -= entry.cost;
      freeAt = expiry(entry, budget);
    }
    return Math.max(held, freeAt - now);
  }

  /**
   * One pass of the queue reads each budget's log once: a spend made during the pass goes on its end,
   * where it belongs (in flight, it expires last).
   */
  function logOf(budget: RateBudget, now: number, logs: Map<string, Spent[]>): Spent[] {
    let log = logs.get(budget.key);
    if (log === undefined) {
      log = spentIn(budget, now);
      logs.set(budget.key, log);
    }
    return log;
  }

  function schedule(at: number): void {
    if (wake !== undefined && wake.at <= at) return;
    if (wake !== undefined) timers.clearTimeout(wake.handle);
    const handle = timers.setTimeout(
      () => {
        wake = undefined;
        pump();
      },
      Math.max(0, at - clock.now()),
    );
    wake = { at, handle };
  }

  function pump(): void {
    const now = clock.now();
    /** Budgets someone earlier in the queue is still waiting on: nobody behind may overtake there. */
    const blocked = new Set<string>();
    let next = Infinity;
    const waiting: Waiter[] = [];
    const logs = new Map<string, Spent[]>();
    for (const waiter of queue) {
      const { budgets } = waiter.demand;
      const wait = Math.max(...budgets.map((budget) => waitOn(budget, waiter.demand, now, logs)));
      if (wait === 0 && !budgets.some((budget) => blocked.has(budget.key))) {
        const entry: Spent = { at: now, inFlight: true, cost: waiter.demand.cost };
        for (const budget of budgets) logOf(budget, now, logs).push(entry);
        waiter.resolve(() => {
          if (!entry.inFlight) return;
          entry.inFlight = false;
          entry.at = clock.now();
          options.onSpend?.();
          pump();
        });
        options.onSpend?.();
        continue;
      }
      for (const budget of budgets) blocked.add(budget.key);
      if (wait > 0 && wait !== Infinity) next = Math.min(next, now + wait);
      waiting.push(waiter);
    }
    queue = waiting;
    if (next !== Infinity) schedule(next);
  }

  const rank = (waiter: Waiter) => (waiter.demand.priority === 'trade' ? 0 : 1);

  return {
    acquire(demand) {
      return new Promise<RateRelease>((resolve) => {
        queue.push({ demand, order: (order += 1), resolve });
        queue.sort((a, b) => rank(a) - rank(b) || a.order - b.order);
        pump();
      });
    },
    hold(budget, untilMs) {
      const now = clock.now();
      // A reset already past (Bybit sends the current time until the limit is hit) says nothing: a window.
      const until = untilMs !== undefined && untilMs > now ? untilMs : now + budget.windowMs + marginMs;
      holds.set(budget.key, Math.max(holds.get(budget.key) ?? 0, until));
      pump();
    },
    spends() {
      const now = clock.now();
      return [...spent.entries()].flatMap(([key, log]) => {
        const keep = (windows.get(key) ?? UNKNOWN_WINDOW_KEEP_MS) + marginMs;
        return log
          .filter((entry) => entry.inFlight || entry.at > now - keep)
          .map((entry) => ({ key, at: entry.inFlight ? now : entry.at, cost: entry.cost }));
      });
    },
  };
}
