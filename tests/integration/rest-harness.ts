import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../sim/index';
import type { SimFakeTime } from '../../sim/server/fake-time.test-helper';
import type { Clock, FetchLike, Timers } from '../../src/exchanges/index';

/** What Node hands the pure exchange core: the real fetch, timers and clock (the worker hands its own). */
export const nodeDeps: { readonly fetch: FetchLike; readonly timers: Timers; readonly clock: Clock } = {
  fetch: (url, init) => fetch(url, init as RequestInit),
  timers: {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  },
  clock: { now: () => Date.now() },
};

export interface SimHandle {
  /** The running simulator (set in beforeAll). */
  readonly sim: () => RunningSimulator;
  /** POSTs to the simulator's /__sim/ admin API (faults, reset…). */
  readonly admin: (path: string, body?: unknown) => Promise<void>;
}

/** Node's fetch with a test's fake time: the client signs and times out on the clock the simulator runs on. */
export const fakeTimeDeps = (time: SimFakeTime): typeof nodeDeps => ({
  fetch: nodeDeps.fetch,
  clock: time.clock,
  timers: time.timers,
});

/**
 * One simulator per test file, reset after every test so faults and windows never leak. With `time`
 * it runs on that fake time (hand the client `fakeTimeDeps(time)`), so windows and offsets are exact.
 */
export function useSimulator(seed: number, time?: SimFakeTime): SimHandle {
  let running: RunningSimulator | undefined;
  const sim = (): RunningSimulator => {
    if (running === undefined) throw new Error('The simulator is not started yet');
    return running;
  };
  const admin = async (path: string, body: unknown = {}): Promise<void> => {
    const response = await fetch(`${sim().url}/__sim/${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  beforeAll(async () => {
    running = await startSimulator({
      seed,
      tickMs: 50,
      ...(time ? { clock: time.clock, timers: time.timers } : {}),
    });
  });
  afterEach(() => admin('reset'));
  afterAll(() => sim().stop());
  return { sim, admin };
}

/** `n` calls of `send` at once, counting the answers (of any kind) as they land. */
export function burst<T>(n: number, send: () => Promise<T>) {
  let answered = 0;
  const all = Promise.allSettled(Array.from({ length: n }, () => send().finally(() => (answered += 1))));
  return { answered: () => answered, all };
}
