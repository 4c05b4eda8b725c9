/** The outcome of counting one request against its window. */
export interface LimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests still allowed in this window after this one. */
  readonly remaining: number;
  /** When the current window ends (ms, server clock). */
  readonly resetAt: number;
}

/**
 * Fixed-window request counters keyed by caller and endpoint. Windows are aligned to multiples
 * of their length on the server clock, so tests with a controlled clock get exact results.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly now: () => number) {}

  /** Counts `weight` requests for `key` against `limit` per `windowMs`. */
  take(key: string, limit: number, windowMs: number, weight = 1): LimitDecision {
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    let window = this.windows.get(key);
    if (window?.start !== start) {
      window = { start, used: 0 };
      this.windows.set(key, window);
    }
    const resetAt = start + windowMs;
    if (window.used + weight > limit)
      return { allowed: false, limit, remaining: Math.max(0, limit - window.used), resetAt };
    window.used += weight;
    return { allowed: true, limit, remaining: limit - window.used, resetAt };
  }

  reset(): void {
    this.windows.clear();
  }
}
