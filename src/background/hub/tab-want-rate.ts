import type { Clock, TimerHandle, Timers } from '../../exchanges';

/** How often one browser tab's chart pages may change what they follow: a bucket of wants. */
export interface WantRate {
  /** Wants a tab may send at once. */
  readonly burst: number;
  /** One want comes back this often, up to `burst`. */
  readonly refillEveryMs: number;
}

/**
 * The overlay sends one want per symbol switch (each switch opens a new port) and sends it again when
 * its port reconnects after a worker restart, which starts every bucket afresh. Its symbol watcher reads
 * a changed title at most every 250 ms (`TITLE_SETTLE_MS`), so even a trader holding an arrow key down
 * in TradingView's watchlist sends at most 4 wants a second: 10 cover 3 s of that, a dozen symbols. A
 * trader clicking through charts to look at each one switches about once a second, which the refill keeps
 * up with for ever; at most 20 wants in the first 10 s, then 10 per 10 s. Past that, a page hammering the
 * hub still has one want a second applied: at most 4 new instruments a second for the whole tab.
 */
export const CHART_WANT_RATE: WantRate = { burst: 10, refillEveryMs: 1_000 };

/** What a chart page over its tab's rate is told; its want waits and is applied once the tab has room. */
export const CHART_SWITCHES_TOO_OFTEN =
  'This chart page changed symbols too often; Perch paused its quotes for a few seconds.';

interface TabBucket {
  tokens: number;
  /** From when the next token is counted. */
  since: number;
  /** Each port's latest want over the rate, oldest port first. */
  readonly waiting: Map<number, () => void>;
  timer: { readonly handle: TimerHandle } | undefined;
}

export interface TabWantRateDeps {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly rate?: WantRate;
}

/**
 * The wants of chart pages, counted per browser tab (so more ports from one tab share one budget). A want
 * over the rate is not lost: the latest of each port waits and runs as soon as the tab has room, so a
 * trader who did switch too fast sees the last symbol's quotes a moment later, without doing anything.
 */
export function createTabWantRate(deps: TabWantRateDeps) {
  const { clock, timers } = deps;
  const { burst, refillEveryMs } = deps.rate ?? CHART_WANT_RATE;
  /**
   * A tab absent here has a full bucket, so a full one is dropped: closed tabs leave nothing behind. A
   * chart page the browser named no tab for (never seen) shares the `undefined` bucket with any other.
   */
  const tabs = new Map<number | undefined, TabBucket>();

  /** Adds the whole tokens earned since `since`, in integers: fractions would need timers of 0 ms. */
  function refill(bucket: TabBucket): void {
    const now = clock.now();
    // A clock set back earns nothing until it passes `since` again, rather than a bucket stuck for hours.
    if (now < bucket.since) bucket.since = now;
    const earned = Math.floor((now - bucket.since) / refillEveryMs);
    bucket.tokens = Math.min(burst, bucket.tokens + earned);
    bucket.since = bucket.tokens === burst ? now : bucket.since + earned * refillEveryMs;
  }

  function forgetIfIdle(tabId: number | undefined, bucket: TabBucket): void {
    if (bucket.waiting.size === 0 && bucket.tokens === burst) tabs.delete(tabId);
  }

  function serve(tabId: number | undefined, bucket: TabBucket): void {
    bucket.timer = undefined;
    refill(bucket);
    for (const [port, run] of bucket.waiting) {
      if (bucket.tokens < 1) break;
      bucket.tokens -= 1;
      bucket.waiting.delete(port);
      run();
    }
    if (bucket.waiting.size > 0)
      bucket.timer = {
        handle: timers.setTimeout(
          () => {
            serve(tabId, bucket);
          },
          bucket.since + refillEveryMs - clock.now(),
        ),
      };
    else forgetIfIdle(tabId, bucket);
  }

  return {
    /**
     * Runs `want` now if tab `tabId` has room and no older want of another port waits; otherwise keeps it
     * (replacing this port's earlier waiting want) until the tab has room, and answers false.
     */
    admit(tabId: number | undefined, port: number, want: () => void): boolean {
      for (const [other, bucket] of tabs)
        if (bucket.waiting.size === 0) {
          refill(bucket);
          forgetIfIdle(other, bucket);
        }
      const bucket = tabs.get(tabId) ?? {
        tokens: burst,
        since: clock.now(),
        waiting: new Map<number, () => void>(),
        timer: undefined,
      };
      tabs.set(tabId, bucket);
      bucket.waiting.delete(port);
      refill(bucket);
      if (bucket.waiting.size === 0 && bucket.tokens > 0) {
        bucket.tokens -= 1;
        want();
        return true;
      }
      bucket.waiting.set(port, want);
      if (bucket.timer === undefined) serve(tabId, bucket);
      return false;
    },
    /** A port went away: its waiting want is dropped. */
    forget(port: number): void {
      for (const [tabId, bucket] of tabs) {
        if (!bucket.waiting.delete(port) || bucket.waiting.size > 0) continue;
        if (bucket.timer !== undefined) timers.clearTimeout(bucket.timer.handle);
        bucket.timer = undefined;
        refill(bucket);
        forgetIfIdle(tabId, bucket);
      }
    },
  };
}

export type TabWantRate = ReturnType<typeof createTabWantRate>;
