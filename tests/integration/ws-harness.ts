import WebSocket from 'ws';
import { expect } from 'vitest';
import { EMPTY_BOOK_VIEW, applyBookEvent } from '../../src/exchanges/book-view';
import { recordingListener, type GroupEvent } from '../../src/exchanges/transport/socket-fake.test-helper';
import type { WebSocketFactory } from '../../src/exchanges/transport/socket-types';
import type { Clock, Timers } from '../../src/exchanges/transport/timers';
import type { RunningSimulator } from '../../sim/index';

/** Real time and Node's `ws` socket, handed to the pure core the way the worker hands in its own. */
export const realClock: Clock = { now: () => Date.now() };
export const realTimers: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};
export const nodeSocket: WebSocketFactory = (url) => new WebSocket(url);

/** Node sockets that count the pings they send, so a test waits for heartbeats instead of sleeping. */
export class PingCounter {
  private readonly sent = new Map<string, number>();
  private wakers = new Set<() => void>();

  constructor(private readonly isPing: (frame: string) => boolean) {}

  readonly createSocket: WebSocketFactory = (url) => {
    const socket = nodeSocket(url);
    if (!this.sent.has(url)) this.sent.set(url, 0);
    const send = socket.send.bind(socket);
    socket.send = (data) => {
      send(data);
      if (!this.isPing(data)) return;
      this.sent.set(url, (this.sent.get(url) ?? 0) + 1);
      for (const wake of this.wakers) wake();
    };
    return socket;
  };

  /** Resolves once every socket URL opened so far has sent `more` pings beyond what it had sent now. */
  waitForEach(more: number, timeoutMs = 10_000): Promise<void> {
    const target = new Map([...this.sent].map(([url, count]) => [url, count + more]));
    const done = (): boolean => [...target].every(([url, count]) => (this.sent.get(url) ?? 0) >= count);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.wakers.delete(wake);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${more} pings on each socket`));
      }, timeoutMs);
      const wake = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      this.wakers.add(wake);
      wake();
    });
  }
}

/** Collects what a listener is handed and lets a test wait for the first item (from `from` on) that matches. */
export class Inbox<T> {
  readonly events: T[] = [];
  private waiters: { match: (event: T) => boolean; resolve: (event: T) => void }[] = [];

  readonly push = (event: T): void => {
    this.events.push(event);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.match(event)) return true;
      waiter.resolve(event);
      return false;
    });
  };

  waitFor<U extends T>(match: (event: T) => event is U, what: string, timeoutMs?: number): Promise<U>;
  waitFor(match: (event: T) => boolean, what: string, timeoutMs?: number, from?: number): Promise<T>;
  waitFor(match: (event: T) => boolean, what: string, timeoutMs = 10_000, from = 0): Promise<T> {
    const seen = this.events.slice(from).find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.push({
        match,
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event);
        },
      });
    });
  }
}

/** A socket group's events, with helpers to pick stream events and errors out. */
export class EventLog<Key extends string> extends Inbox<GroupEvent<Key>> {
  /** What a socket group is given to report into this log. */
  readonly listener = recordingListener<Key>(this.push);

  /** Stream events of one kind (from `from` on). */
  stream(kind: string, from = 0) {
    return this.events
      .slice(from)
      .flatMap((event) => (event.type === 'stream' && event.event.kind === kind ? [event.event] : []));
  }

  errors() {
    return this.events.flatMap((event) =>
      event.type === 'socket' && event.event.type === 'error' ? [event.event] : [],
    );
  }
}

export const isStream = (kind: string, symbol?: string) => (event: GroupEvent<string>) =>
  event.type === 'stream' &&
  event.event.kind === kind &&
  (symbol === undefined || !('symbol' in event.event) || event.event.symbol === symbol);

export const isSocket = (type: string, key?: string) => (event: GroupEvent<string>) =>
  event.type === 'socket' && event.event.type === type && (key === undefined || event.key === key);

export const isLoginFailed = (event: GroupEvent<string>) =>
  event.type === 'socket' && event.event.type === 'error' && event.event.reason === 'login-failed';

/**
 * After a refused login: the client drops that socket at once, so nothing more can come from it, and
 * its retry after the reconnect delay is refused too. Nothing was subscribed across a whole retry.
 */
export async function expectNothingSubscribedAcrossRetry<Key extends string>(
  log: EventLog<Key>,
  refused: GroupEvent<Key>,
): Promise<void> {
  await log.waitFor(isLoginFailed, 'the refused retry', 10_000, log.events.indexOf(refused) + 1);
  expect(log.events.some((e) => e.type === 'socket' && e.event.type === 'subscribed')).toBe(false);
}

/** Calls the simulator's admin API (`/__sim/<action>`, sim/admin). */
export async function simAdmin(
  sim: RunningSimulator,
  action: string,
  body: object = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.url}/__sim/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/__sim/${action} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * With the simulator's pongs switched off, the socket `key` must be declared dead (pong timeout),
 * replaced, resubscribed, and a ticker for `symbol` must arrive on the new socket.
 */
export async function expectRecoveryFromSilentPongs<Key extends string>(
  sim: RunningSimulator,
  log: EventLog<Key>,
  key: Key,
  symbol: string,
): Promise<void> {
  await log.waitFor(isStream('ticker', symbol), 'a first ticker');
  await simAdmin(sim, 'faults', { silentPings: true });
  const dead = await log.waitFor(
    (e) => e.type === 'socket' && e.event.type === 'error' && e.event.reason === 'pong-timeout',
    'the missed pong',
  );
  await simAdmin(sim, 'faults', { silentPings: false });
  const from = log.events.indexOf(dead);
  await log.waitFor((e) => isSocket('subscribed', key)(e), 'the resubscribe', 10_000, from);
  await log.waitFor(isStream('ticker', symbol), 'a ticker on the new socket', 10_000, from);
}

/** Waits for `count` book events and checks none of them needed a resync or raised an error. */
export async function expectBooksStayValid<Key extends string>(
  log: EventLog<Key>,
  count: number,
): Promise<void> {
  let books = 0;
  await log.waitFor(
    (e) => e.type === 'stream' && e.event.kind === 'book' && ++books >= count,
    `${count} book updates`,
    25_000,
  );
  expect(log.stream('book-resync')).toEqual([]);
  expect(log.errors()).toEqual([]);
  const view = log
    .stream('book')
    .reduce((kept, event) => (event.kind === 'book' ? applyBookEvent(kept, event) : kept), EMPTY_BOOK_VIEW);
  expect(view.bids.length > 0 && view.asks.length > 0).toBe(true);
}
