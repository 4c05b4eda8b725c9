import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../transport/http-fake.test-helper';
import { fakeResponse } from '../transport/http-fake.test-helper';
import { fakeBybitApi } from './api-fake.test-helper';
import { bybitCancelAll } from './cancel-all';
import type { BybitCategory } from './rest-api';

/** The answer the cancel-all page publishes. */
const PUBLISHED = {
  retCode: 0,
  retMsg: 'OK',
  result: {
    list: [
      { orderId: '1616024329462743808', orderLinkId: '1616024329462743809' },
      { orderId: '1616024287544869632', orderLinkId: '1616024287544869633' },
    ],
    success: '1',
  },
  retExtInfo: {},
  time: 1707381118116,
};
const NOTHING = { ...PUBLISHED, result: { list: [], success: '1' } };
/** One inverse order resting, as order/realtime lists it. */
const INVERSE_OPEN = {
  retCode: 0,
  retMsg: 'OK',
  result: {
    category: 'inverse',
    nextPageCursor: '',
    list: [
      { symbol: 'BTCUSD', orderId: 'i-1', side: 'Buy', orderType: 'Limit', qty: '1', orderStatus: 'New' },
    ],
  },
  retExtInfo: {},
  time: 1707381118116,
};

const setup = (cancelAnswer: (body: Record<string, unknown>) => unknown) =>
  fakeBybitApi((request) =>
    request.url.includes('/v5/order/realtime')
      ? fakeResponse(200, INVERSE_OPEN)
      : fakeResponse(200, cancelAnswer(JSON.parse(String(request.init.body)) as Record<string, unknown>)),
  );

const cancelBodies = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => request.url.includes('/v5/order/cancel-all'))
    .map((request) => JSON.parse(String(request.init.body)) as unknown);
const categoryOf = (category: BybitCategory) => ({ categoryOf: () => Promise.resolve(category) });

describe('Bybit cancel all', () => {
  it('sends one cancel-all per list on the account and reports every cancelled order as code "0"', async () => {
    const { fake, api } = setup((body) =>
      body.category === 'linear' && body.settleCoin === 'USDT' ? PUBLISHED : NOTHING,
    );
    const report = await bybitCancelAll(api, categoryOf('linear'));
    // The requests go out together: their order on the wire is the rate gate's.
    expect(cancelBodies(fake.requests)).toHaveLength(9);
    expect(cancelBodies(fake.requests)).toEqual(
      expect.arrayContaining([
        { category: 'linear', settleCoin: 'USDT' },
        { category: 'linear', settleCoin: 'USDC' },
        { category: 'option' },
        { category: 'spot', orderFilter: 'Order' },
        { category: 'spot', orderFilter: 'tpslOrder' },
        { category: 'spot', orderFilter: 'StopOrder' },
        { category: 'spot', orderFilter: 'OcoOrder' },
        { category: 'spot', orderFilter: 'BidirectionalTpslOrder' },
        { category: 'inverse', symbol: 'BTCUSD' },
      ]),
    );
    expect(report).toEqual({
      exchange: 'bybit',
      acks: [
        {
          exchange: 'bybit',
          orderId: '1616024329462743808',
          clientOrderId: '1616024329462743809',
          code: '0',
          message: '',
        },
        {
          exchange: 'bybit',
          orderId: '1616024287544869632',
          clientOrderId: '1616024287544869633',
          code: '0',
          message: '',
        },
      ],
    });
  });

  it('cancels one linear instrument in one call, and a spot one kind by kind', async () => {
    const linear = setup(() => NOTHING);
    await bybitCancelAll(linear.api, categoryOf('linear'), {
      instrument: { kind: 'perpetual', symbol: 'BTCUSDT' },
    });
    expect(cancelBodies(linear.fake.requests)).toEqual([{ category: 'linear', symbol: 'BTCUSDT' }]);

    const spot = setup(() => NOTHING);
    await bybitCancelAll(spot.api, categoryOf('spot'), { instrument: { kind: 'spot', symbol: 'BTCUSDT' } });
    expect(cancelBodies(spot.fake.requests)).toHaveLength(5);
    // The rate gate does not keep the requests' order on the wire.
    expect(cancelBodies(spot.fake.requests)).toContainEqual({
      category: 'spot',
      symbol: 'BTCUSDT',
      orderFilter: 'Order',
    });
  });

  it('sends every request, then fails with the first refusal', async () => {
    const { fake, api } = setup((body) =>
      body.category === 'option'
        ? { retCode: 10005, retMsg: 'Permission denied', result: {}, retExtInfo: {}, time: 1 }
        : NOTHING,
    );
    await expect(bybitCancelAll(api, categoryOf('linear'))).rejects.toMatchObject({ code: '10005' });
    expect(cancelBodies(fake.requests)).toHaveLength(9);
  });
});
