import { describe, expect, it } from 'vitest';
import {
  createFakeFetch,
  createManualTime,
  fakeResponse,
  type RecordedRequest,
} from '../transport/http-fake';
import { createBybitExchange } from './rest-exchange';

const instrument = (symbol: string) => ({
  symbol,
  status: 'Trading',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  contractType: 'LinearPerpetual',
  priceFilter: { tickSize: '0.1' },
  lotSizeFilter: { qtyStep: '0.001', minOrderQty: '0.001' },
});

function route(request: RecordedRequest) {
  const url = new URL(request.url);
  const results: Record<string, unknown> = {
    '/v5/market/instruments-info':
      url.searchParams.get('cursor') === 'page2'
        ? { category: 'linear', list: [instrument('ETHUSDT')], nextPageCursor: '' }
        : { category: 'linear', list: [instrument('BTCUSDT')], nextPageCursor: 'page2' },
    '/v5/position/list': {
      category: 'linear',
      list: [
        {
          symbol: 'BTCUSDT',
          side: 'Sell',
          size: '0.5',
          positionIdx: 2,
          avgPrice: '30000',
          markPrice: '30000',
        },
        { symbol: 'ETHUSDT', side: '', size: '0', positionIdx: 0 },
      ],
    },
    '/v5/order/create': { orderId: 'o-1', orderLinkId: 'close-1' },
    '/v5/order/cancel': { orderId: 'o-2', orderLinkId: '' },
    '/v5/order/realtime': {
      category: 'linear',
      list: [
        {
          symbol: 'BTCUSDT',
          orderId: 'o-2',
          side: 'Buy',
          orderType: 'Limit',
          price: '20000',
          qty: '0.1',
          orderStatus: 'New',
        },
      ],
    },
    '/v5/user/query-api': { readOnly: 0, userID: 5, permissions: { ContractTrade: ['Order'] } },
  };
  return fakeResponse(200, { retCode: 0, retMsg: 'OK', result: results[url.pathname] ?? {}, time: 7 });
}

function setup() {
  const time = createManualTime();
  const fake = createFakeFetch(route);
  return {
    fake,
    exchange: createBybitExchange({
      credentials: { apiKey: 'k', secret: 's' },
      fetch: fake.fetch,
      timers: time,
      clock: time,
    }),
  };
}

describe('Bybit exchange', () => {
  it('follows instrument pages to the end', async () => {
    const { exchange } = setup();
    expect((await exchange.getInstruments('linear')).map((item) => item.id)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('lists open positions by settle coin and leaves flat rows out', async () => {
    const { fake, exchange } = setup();
    const positions = await exchange.getPositions();
    expect(fake.requests[0]?.url).toContain('/v5/position/list?category=linear&settleCoin=USDT&limit=200');
    expect(positions).toHaveLength(1);
    expect(positions[0]).toMatchObject({ side: 'short', sizeContracts: '0.5', positionSlot: '2' });
  });

  it('closes with a reduce-only market order the other way, in the position slot', async () => {
    const { fake, exchange } = setup();
    const [position] = await exchange.getPositions();
    const ack = await exchange.closePosition(position!, 'close-1');
    expect(fake.requests.at(-1)?.init.body).toBe(
      '{"category":"linear","symbol":"BTCUSDT","side":"Buy","orderType":"Market","qty":"0.5","reduceOnly":true,"positionIdx":2,"orderLinkId":"close-1"}',
    );
    expect(ack).toEqual({
      exchange: 'bybit',
      orderId: 'o-1',
      clientOrderId: 'close-1',
      code: '0',
      message: '',
    });
  });

  it('lists open orders by settle coin and cancels one', async () => {
    const { fake, exchange } = setup();
    const [order] = await exchange.getOpenOrders();
    expect(fake.requests.at(-1)?.url).toBe(
      'https://api.bybit.com/v5/order/realtime?category=linear&settleCoin=USDT',
    );
    expect(order).toMatchObject({ orderId: 'o-2', side: 'buy', status: 'open', price: '20000' });
    const ack = await exchange.cancelOrder({ category: 'linear', symbol: 'BTCUSDT' }, 'o-2');
    expect(fake.requests.at(-1)?.init.body).toBe('{"category":"linear","symbol":"BTCUSDT","orderId":"o-2"}');
    expect(ack).toMatchObject({ orderId: 'o-2', code: '0' });
  });

  it('asks for positions of one symbol without a settle coin', async () => {
    const { fake, exchange } = setup();
    await exchange.getPositions({ category: 'inverse', symbol: 'BTCUSD' });
    expect(fake.requests.at(-1)?.url).toBe(
      'https://api.bybit.com/v5/position/list?category=inverse&symbol=BTCUSD&limit=200',
    );
  });

  it('reads the server time from the envelope and key permissions from query-api', async () => {
    const { exchange } = setup();
    expect(await exchange.getServerTime()).toBe(7);
    expect((await exchange.getAccountConfig()).permissions.canTrade).toBe(true);
  });
});
