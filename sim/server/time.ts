import { performance } from 'node:perf_hooks';

/**
 * Where the simulator reads time and schedules work. The shapes match the client core's Clock and
 * Timers, so one fake time can drive a client and the simulator together in a test.
 */
export interface SimClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

/** An opaque timer handle: an object from Node's timers, a number from a fake. */
export type SimTimerHandle = unknown;

export interface SimTimers {
  setTimeout(run: () => void, ms: number): SimTimerHandle;
  clearTimeout(handle: SimTimerHandle): void;
}

/** Node's timers, unreferenced: a simulator's own heartbeats never keep a process alive. */
export const realTimers: SimTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export const wallClock: SimClock = { now: () => Date.now() };

/** Real elapsed time that a wall-clock step (NTP, a laptop waking) cannot bend. */
export const monotonicClock: SimClock = { now: () => performance.now() };

/**
 * Runs `run` every `ms` until the returned function is called. A chain of timeouts rather than an
 * interval, so anything that implements `SimTimers` (a test's fake time included) drives it.
 */
export function every(timers: SimTimers, ms: number, run: () => void): () => void {
  let stopped = false;
  let handle: SimTimerHandle;
  const schedule = (): void => {
    handle = timers.setTimeout(() => {
      if (stopped) return;
      schedule();
      run();
    }, ms);
  };
  schedule();
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}
