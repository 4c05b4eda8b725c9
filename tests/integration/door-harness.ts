import { createExchange, type Exchange, type ExchangeId } from '../../src/exchanges/index';
import type { RunningSimulator } from '../../sim/index';
import { nodeSocket, realClock, realTimers } from './ws-harness';

/** Collects what a listener is handed and lets a test wait for the first item that matches. */
export class Inbox<T> {
  readonly items: T[] = [];
  private waiters: { match: (item: T) => boolean; resolve: (item: T) => void }[] = [];

  readonly push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.match(item)) return true;
      waiter.resolve(item);
      return false;
    });
  };

  waitFor<U extends T>(match: (item: T) => item is U, what: string, timeoutMs?: number): Promise<U>;
  waitFor(match: (item: T) => boolean, what: string, timeoutMs?: number): Promise<T>;
  waitFor(match: (item: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
    const seen = this.items.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.push({
        match,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }
}

/** One exchange account on the simulator, through the door, with the demo keys and Node's sockets. */
export function simExchange(sim: RunningSimulator, exchange: ExchangeId): Exchange {
  const deps = {
    restBaseUrl: sim.url,
    wsBaseUrl: sim.wsUrl,
    fetch: (url: string, init: object) => fetch(url, init as RequestInit),
    createSocket: nodeSocket,
    clock: realClock,
    timers: realTimers,
  };
  if (exchange === 'okx') {
    const { apiKey, secretKey, passphrase } = sim.accounts.okx;
    return createExchange({ exchange, ...deps, credentials: { apiKey, secret: secretKey, passphrase } });
  }
  const { apiKey, apiSecret } = sim.accounts.bybit;
  return createExchange({ exchange, ...deps, credentials: { apiKey, secret: apiSecret } });
}
