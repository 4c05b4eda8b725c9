import { describe, expect, it } from 'vitest';
import type { MarketEndpoint } from '../../contracts';
import { NetworkError, type ExchangeRest, type Quote } from '../../exchanges';
import { createMarketStatusHandler } from './market-status';

const SIMULATOR: MarketEndpoint = {
  environment: 'simulator',
  restUrl: 'http://127.0.0.1:8765',
  wsUrl: 'ws://127.0.0.1:8765',
};

function fakeClient(last: string | undefined): ExchangeRest {
  return {
    getQuote: () => Promise.resolve(last === undefined ? undefined : ({ last } as Quote)),
  } as unknown as ExchangeRest;
}

const failingClient = (error: Error) =>
  ({
    getQuote: () => Promise.reject(error),
  }) as unknown as ExchangeRest;

describe('marketStatus', () => {
  it('reports the BTC perpetual price and clock offset of each exchange on the configured market', async () => {
    const created: MarketEndpoint[] = [];
    const handler = createMarketStatusHandler({
      readEndpoint: () => Promise.resolve(SIMULATOR),
      createClients: (endpoint) => {
        created.push(endpoint);
        return { okx: fakeClient('67000.1'), bybit: fakeClient('67001.20') };
      },
    });

    await expect(handler({}, { sender: 'popup' })).resolves.toEqual({
      endpoint: SIMULATOR,
      exchanges: [
        { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
        { exchange: 'bybit', symbol: 'BTCUSDT', lastPrice: '67001.20' },
      ],
    });
    expect(created).toEqual([SIMULATOR]);
  });

  it('says where an unreachable exchange was looked for, and still reports the other', async () => {
    const handler = createMarketStatusHandler({
      readEndpoint: () => Promise.resolve(SIMULATOR),
      createClients: () => ({
        okx: failingClient(new NetworkError('GET /api/v5/public/time', new Error('Failed to fetch'))),
        bybit: fakeClient(undefined),
      }),
    });

    const { exchanges } = await handler({}, { sender: 'options' });

    expect(exchanges).toEqual([
      {
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        problem: 'Cannot reach OKX: nothing answers at 127.0.0.1:8765 (is the simulator running?).',
      },
      { exchange: 'bybit', symbol: 'BTCUSDT', problem: 'No price for BTCUSDT.' },
    ]);
  });

  it("keeps the exchange's own words for a rejection", async () => {
    const handler = createMarketStatusHandler({
      readEndpoint: () => Promise.resolve({ environment: 'live' }),
      createClients: () => ({
        okx: failingClient(new Error('OKX rejected GET /api/v5/market/ticker: 50011')),
        bybit: fakeClient('1'),
      }),
    });

    const { exchanges } = await handler({}, { sender: 'popup' });

    expect(exchanges[0]?.problem).toBe('OKX rejected GET /api/v5/market/ticker: 50011');
  });
});
