import type { FetchLike, HttpRequestInit, HttpResponseLike } from './http-types';
import type { Clock, TimerHandle, Timers } from './timers';

/** Test doubles for the handed-in fetch, clock and timers. Pure: usable from any test. */

export interface RecordedRequest {
  readonly url: string;
  readonly init: HttpRequestInit;
}

export type FakeReply =
  HttpResponseLike | ((request: RecordedRequest) => HttpResponseLike | Promise<HttpResponseLike>);

export function fakeResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponseLike {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    headers: { get: (name) => lower.get(name.toLowerCase()) ?? null },
    text: () => Promise.resolve(text),
  };
}

export interface FakeFetch {
  readonly fetch: FetchLike;
  readonly requests: RecordedRequest[];
  /** Replaces the queued replies: they answer in order, and the last one repeats. */
  reply(...replies: FakeReply[]): void;
}

export function createFakeFetch(...initial: FakeReply[]): FakeFetch {
  const queue: FakeReply[] = [...initial];
  const requests: RecordedRequest[] = [];
  return {
    requests,
    reply: (...replies) => queue.splice(0, queue.length, ...replies),
    fetch: (url, init) => {
      const request = { url, init };
      requests.push(request);
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (next === undefined) return Promise.reject(new Error('fake fetch: no reply queued'));
      return Promise.resolve(typeof next === 'function' ? next(request) : next);
    },
  };
}

export interface ManualTime extends Clock, Timers {
  /** Moves time forward, firing due timers in order. */
  advance(ms: number): void;
  readonly pending: () => number;
}

export function createManualTime(start = 0): ManualTime {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout: (callback, ms): TimerHandle => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      if (typeof handle === 'number') timers.delete(handle);
    },
    pending: () => timers.size,
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= target)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (due === undefined) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
  };
}
