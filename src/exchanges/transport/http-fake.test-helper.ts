import type { FetchLike, HttpRequestInit, HttpResponseLike } from './http-types';
import type { Clock, Timers } from './timers';
import { createFakeTime } from './time-fake.test-helper';

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

/** The Clock-and-Timers-in-one shape the REST tests use, over the shared fake time. */
export function createManualTime(start = 0): ManualTime {
  const time = createFakeTime(start);
  return {
    now: () => time.clock.now(),
    setTimeout: (callback, ms) => time.timers.setTimeout(callback, ms),
    clearTimeout: (handle) => {
      time.timers.clearTimeout(handle);
    },
    advance: (ms) => {
      time.advance(ms);
    },
    pending: () => time.pendingTimers(),
  };
}
