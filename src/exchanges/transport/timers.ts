/**
 * Time, handed in. src/exchanges never reads the real clock or schedules real timers itself, so every
 * heartbeat, backoff and timeout can be driven by fake time in tests (and the worker passes real ones).
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** An opaque timer handle: a number in browsers, an object in Node. */
export type TimerHandle = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}
