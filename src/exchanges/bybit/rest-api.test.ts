import { describe, expect, it } from 'vitest';
import { fakeResponse } from '../transport/http-fake.test-helper';
import { fakeBybitApi } from './api-fake.test-helper';

const setup = (body: unknown) => fakeBybitApi(fakeResponse(200, body));

describe('Bybit typed calls', () => {
  it('sends a batch with its category and returns per-item status from retExtInfo', async () => {
    const { fake, api } = setup({
      retCode: 0,
      retMsg: 'OK',
      result: {
        list: [
          { symbol: 'BTCUSDT', orderId: '1', orderLinkId: 'a' },
          { symbol: 'BTCUSDT', orderId: '', orderLinkId: 'b' },
        ],
      },
      retExtInfo: {
        list: [
          { code: 0, msg: 'OK' },
          { code: 10001, msg: 'position idx not match position mode' },
        ],
      },
    });
    const orders = [
      { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.1', price: '30000', orderLinkId: 'a' },
      { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.1', price: '30000', orderLinkId: 'b' },
    ] as const;
    const result = await api.placeBatchOrders('linear', orders);
    expect(JSON.parse(fake.requests[0]?.init.body as string)).toMatchObject({
      category: 'linear',
      request: orders,
    });
    expect(result.status).toEqual([
      { code: 0, msg: 'OK' },
      { code: 10001, msg: 'position idx not match position mode' },
    ]);
    expect(result.data.list).toHaveLength(2);
  });

  it('closes a one-way long with a reduce-only market sell of its whole size', async () => {
    const { fake, api } = setup({ retCode: 0, retMsg: 'OK', result: { orderId: '9', orderLinkId: '' } });
    const result = await api.closePosition({
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Buy',
      size: '0.001',
      positionIdx: 0,
    });
    expect(fake.requests[0]?.init.body).toBe(
      '{"category":"linear","symbol":"BTCUSDT","side":"Sell","orderType":"Market","qty":"0.001","reduceOnly":true,"positionIdx":0}',
    );
    expect(result.data.orderId).toBe('9');
  });

  it('reports a reduce-only violation with Bybit code 110017', async () => {
    const { api } = setup({ retCode: 110017, retMsg: 'Reduce-only rule not satisfied', result: {} });
    await expect(
      api.closePosition({ category: 'linear', symbol: 'BTCUSDT', side: 'Sell', size: '1', positionIdx: 0 }),
    ).rejects.toMatchObject({
      name: 'ExchangeError',
      code: '110017',
    });
  });

  it('sends amend, cancel, wallet and key-info requests to their endpoints', async () => {
    const { fake, api } = setup({
      retCode: 0,
      retMsg: 'OK',
      result: { orderId: '1', list: [], readOnly: 0, permissions: {} },
    });
    await api.amendOrder({ category: 'linear', symbol: 'BTCUSDT', orderId: '1', price: '31000' });
    await api.cancelOrder({ category: 'linear', symbol: 'BTCUSDT', orderLinkId: 'x' });
    await api.getWalletBalance();
    await api.getApiKeyInfo();
    expect(fake.requests.map((request) => request.url.replace('https://api.bybit.com', ''))).toEqual([
      '/v5/order/amend',
      '/v5/order/cancel',
      '/v5/account/wallet-balance?accountType=UNIFIED',
      '/v5/user/query-api',
    ]);
  });
});
