import type { SimClock, SimTimerHandle, SimTimers } from './time';

/**
 * Fake time for simulator tests: `startSimulator({ clock, timers })` then `advance(ms)`. Timers run
 * only inside `advance`, in the order they fall due, so a test proves "nothing happened before X"
 * by advancing to just before X, never by sleeping. Socket I/O stays real: advance first, then
 * await the frame or close it caused.
 */
export interface SimFakeTime {
  readonly clock: SimClock;
  readonly timers: SimTimers;
  advance(ms: number): void;
  /** Timers still waiting (a stopped simulator leaves none). */
  pending(): number;
  /**
   * Resolves when a timer of exactly `ms` is next set: a test advances only once the work it started
   * (a request held by a latency fault) is waiting on time, or advancing would prove nothing.
   */
  scheduled(ms: number): Promise<void>;
}

interface Due {
  readonly id: number;
  readonly at: number;
  readonly run: () => void;
}

/** Starts at a fixed instant (Monday 2026-01-05 00:00 UTC) so dated things (option expiries) are fixed too. */
export function createSimFakeTime(startMs = Date.UTC(2026, 0, 5)): SimFakeTime {
  let current = startMs;
  let nextId = 0;
  // Kept sorted by due time, then by creation, so a pop is always the next timer to run.
  let queue: Due[] = [];
  let watchers: { ms: number; wake: () => void }[] = [];
  const timers: SimTimers = {
    setTimeout: (run, ms) => {
      const woken = watchers.filter((watcher) => watcher.ms === ms);
      watchers = watchers.filter((watcher) => watcher.ms !== ms);
      for (const watcher of woken) watcher.wake();
      const due: Due = { id: ++nextId, at: current + Math.max(0, ms), run };
      const index = queue.findIndex((other) => other.at > due.at);
      queue.splice(index === -1 ? queue.length : index, 0, due);
      return due.id;
    },
    clearTimeout: (handle: SimTimerHandle) => {
      queue = queue.filter((due) => due.id !== handle);
    },
  };
  return {
    clock: { now: () => current },
    timers,
    advance: (ms) => {
      const until = current + ms;
      for (let due = queue[0]; due !== undefined && due.at <= until; due = queue[0]) {
        queue.shift();
        current = due.at;
        due.run();
      }
      current = until;
    },
    pending: () => queue.length,
    scheduled: (ms) =>
      new Promise((wake) => {
        watchers.push({ ms, wake });
      }),
  };
}
