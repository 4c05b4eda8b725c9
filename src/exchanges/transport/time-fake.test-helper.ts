import type { Clock, TimerHandle, Timers } from './timers';

/**
 * Fake time for tests of anything that takes a Clock and Timers (sockets, HTTP timeouts, clock sync).
 * Timers run only when a test advances time, so no test sleeps. Nothing in production imports this file.
 */
interface Scheduled {
  readonly at: number;
  readonly order: number;
  readonly run: () => void;
}

export interface FakeTime {
  readonly clock: Clock;
  readonly timers: Timers;
  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** Lets pending promise callbacks (e.g. an async login signature) run. */
  flush(): Promise<void>;
  /**
   * Moves time forward a millisecond at a time, flushing after each, so whatever a timer lets go (a
   * request waiting for its budget) runs at the moment it was let go rather than at the end.
   */
  step(ms: number): Promise<void>;
  pendingTimers(): number;
}

export function createFakeTime(start = 1_704_067_200_000): FakeTime {
  let now = start;
  let order = 0;
  const scheduled = new Map<number, Scheduled>();
  const timers: Timers = {
    setTimeout(run, ms) {
      const id = ++order;
      scheduled.set(id, { at: now + Math.max(0, ms), order: id, run });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      if (typeof handle === 'number') scheduled.delete(handle);
    },
  };
  const time: FakeTime = {
    clock: { now: () => now },
    timers,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...scheduled.entries()]
          .filter(([, timer]) => timer.at <= end)
          .sort(([, a], [, b]) => a.at - b.at || a.order - b.order)[0];
        if (due === undefined) break;
        scheduled.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    async flush() {
      for (let round = 0; round < 10; round++) await Promise.resolve();
    },
    async step(ms) {
      await time.flush();
      for (let i = 0; i < ms; i += 1) {
        time.advance(1);
        await time.flush();
      }
    },
    pendingTimers: () => scheduled.size,
  };
  return time;
}
