import { expect, it } from 'vitest';
import { createOverlayStatusHandler } from './overlay-status';

it('tells the overlay which exchanges answer, without the market address or the reasons', async () => {
  const handler = createOverlayStatusHandler(() =>
    Promise.resolve({
      endpoint: { environment: 'simulator', restUrl: 'http://127.0.0.1:8765', wsUrl: 'ws://127.0.0.1:8765' },
      exchanges: [
        { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
        { exchange: 'bybit', symbol: 'BTCUSDT', problem: 'Bybit rejected GET /v5/market/tickers: 10006' },
      ],
    }),
  );

  await expect(handler({}, { sender: 'content' })).resolves.toEqual({
    exchanges: [
      { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
      { exchange: 'bybit', symbol: 'BTCUSDT' },
    ],
  });
});
