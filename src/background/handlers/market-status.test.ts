import { describe, expect, it } from 'vitest';
import type { MarketEndpoint } from '../../contracts';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { fakeExchange, fakeRegistry, testHub, ticker } from '../hub/hub-fakes.test-helper';
import { createMarketStatusHandler, FIRST_PRICE_WAIT_MS } from './market-status';

const SIMULATOR: MarketEndpoint = {
  environment: 'simulator',
  restUrl: 'http://127.0.0.1:8765',
  wsUrl: 'ws://127.0.0.1:8765',
};

function setUp(endpoint: MarketEndpoint = SIMULATOR) {
  const time = createFakeTime();
  const okx = fakeExchange('okx');
  const bybit = fakeExchange('bybit');
  const hub = testHub(time, fakeRegistry({ okx: okx.exchange, bybit: bybit.exchange }));
  const handler = createMarketStatusHandler({
    readEndpoint: () => Promise.resolve(endpoint),
    hub,
    timers: time.timers,
  });
  return { time, okx, bybit, handler };
}

describe('marketStatus', () => {
  it('answers with the streamed BTC perpetual price of each exchange as soon as both have one', async () => {
    const { time, okx, bybit, handler } = setUp();
    const answer = handler({}, { sender: 'popup' });
    await time.flush();
    okx.push(ticker('okx', 'BTC-USDT-SWAP', '67000.1'));
    bybit.push(ticker('bybit', 'BTCUSDT', '67001.20'));
    time.advance(100);

    await expect(answer).resolves.toEqual({
      endpoint: SIMULATOR,
      exchanges: [
        { exchange: 'okx', symbol: 'BTC-USDT-SWAP', lastPrice: '67000.1' },
        { exchange: 'bybit', symbol: 'BTCUSDT', lastPrice: '67001.20' },
      ],
    });
  });

  it('says where an unreachable exchange was looked for, and still reports the other', async () => {
    const { time, okx, handler } = setUp();
    const answer = handler({}, { sender: 'options' });
    await time.flush();
    okx.status({ type: 'state', socket: 'public', state: 'reconnecting' });
    time.advance(FIRST_PRICE_WAIT_MS);

    await expect(answer).resolves.toMatchObject({
      exchanges: [
        {
          exchange: 'okx',
          problem: 'Cannot reach OKX: nothing answers at 127.0.0.1:8765 (is the simulator running?).',
        },
        { exchange: 'bybit', problem: 'No price for BTCUSDT yet.' },
      ],
    });
  });

  it("keeps the exchange's own words for a socket error", async () => {
    const { time, okx, handler } = setUp({ environment: 'live' });
    const answer = handler({}, { sender: 'popup' });
    await time.flush();
    okx.status({
      type: 'error',
      socket: 'public',
      reason: 'login-failed',
      message: 'OKX refused the login: 50113',
    });
    time.advance(FIRST_PRICE_WAIT_MS);

    const { exchanges } = await answer;
    expect(exchanges[0]?.problem).toBe('OKX refused the login: 50113');
  });
});
