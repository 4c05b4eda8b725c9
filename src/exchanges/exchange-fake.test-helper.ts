import { createExchange } from './exchange';
import type { Exchange } from './exchange-types';
import type { ExchangeId } from './model';
import { createFakeFetch, type FakeFetch } from './transport/http-fake.test-helper';
import { createFakeSockets, type FakeSockets } from './transport/socket-fake.test-helper';
import { createFakeTime, type FakeTime } from './transport/time-fake.test-helper';

/** An Exchange on fake fetch, sockets and time, for tests. Nothing in production imports this file. */
export interface ExchangeRig {
  readonly time: FakeTime;
  readonly sockets: FakeSockets;
  readonly fetch: FakeFetch;
  readonly exchange: Exchange;
}

export function createExchangeRig(
  id: ExchangeId,
  options: {
    readonly fetch?: FakeFetch;
    readonly credentials?: { apiKey: string; secret: string; passphrase?: string };
  } = {},
): ExchangeRig {
  const time = createFakeTime();
  const sockets = createFakeSockets();
  const fetch = options.fetch ?? createFakeFetch();
  const exchange = createExchange({
    exchange: id,
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
    wsBaseUrl: 'ws://127.0.0.1:9',
    fetch: fetch.fetch,
    createSocket: sockets.create,
    clock: time.clock,
    timers: time.timers,
    random: () => 0,
  });
  return { time, sockets, fetch, exchange };
}
