import { describe, expect, it } from 'vitest';
import type { MarketEndpoint } from '../../contracts';
import type { ExchangeRest, Quote } from '../../exchanges';
import { createMarketStatusHandler } from './market-status';

const SIMULATOR: MarketEndpoint = {
  environment: 'simulator',
  restUrl: 'http://127.0.0.1:8765',
  wsUrl: 'ws://127.0.0.1:8765',
};

function fakeClient(last: string | undefined, offset = 12): ExchangeRest {
  return {
    syncClock: () => Promise.resolve(offset),
    getQuote: () => Promise.resolve(last === undefined ? undefined : ({ last } as Quote)),
  } as unknown as ExchangeRest;
}

const failingClient = (message: string) =>
  ({
    syncClock: () => Promise.reject(new Error(message)),
    getQuote: () => Promise.reject(new Error(message)),
  }) as unknown as ExchangeRest;

describe('marketStatus', () => {
  it('reports the BTC perpetual price and clock offset of each exchange on the configured market', async () => {
    const created: MarketEndpoint[] = [];
    const handler = createMarketStatusHandler({
      readEndpoint: () => Promise.resolve(SIMULATOR),
      createClients: (endpoint) => {
        created.push(endpoint);
        return { okx: fakeClient('67000.1'), bybit: fakeClient('67001.20', -3) };
      },
    });

    await expect(handler({}, { sender: 'popup' })).resolves.toEqual({
      endpoint: SIMULATOR,
      exchanges: [
        { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1', clockOffsetMs: 12 },
        { exchange: 'bybit', symbol: 'BTCUSDT', lastPrice: '67001.20', clockOffsetMs: -3 },
      ],
    });
    expect(created).toEqual([SIMULATOR]);
  });

  it('names the problem of an exchange that does not answer, and still reports the other', async () => {
    const handler = createMarketStatusHandler({
      readEndpoint: () => Promise.resolve({ environment: 'live' }),
      createClients: () => ({
        okx: failingClient('GET /api/v5/public/time failed before a response arrived: connection refused'),
        bybit: fakeClient(undefined),
      }),
    });

    const { exchanges } = await handler({}, { sender: 'options' });

    expect(exchanges).toEqual([
      {
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        problem: 'GET /api/v5/public/time failed before a response arrived: connection refused',
      },
      { exchange: 'bybit', symbol: 'BTCUSDT', clockOffsetMs: 12, problem: 'No price for BTCUSDT.' },
    ]);
  });
});
