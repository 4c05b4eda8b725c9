import { describe, expect, it } from 'vitest';
import { fakeOkxApi as setup } from './api-fake.test-helper';

const order = {
  instId: 'ETH-USDT-SWAP',
  tdMode: 'isolated',
  side: 'sell',
  ordType: 'market',
  sz: '2',
} as const;

describe('OKX typed calls', () => {
  it('sends a batch as a JSON array and keeps each item result on partial success', async () => {
    const data = [
      { ordId: '1', clOrdId: 'a', sCode: '0', sMsg: 'Order placed' },
      { ordId: '', clOrdId: 'b', sCode: '51008', sMsg: 'Order failed. Insufficient balance' },
    ];
    const { fake, api } = setup({ code: '2', msg: '', data });
    const result = await api.placeBatchOrders([
      { ...order, clOrdId: 'a' },
      { ...order, clOrdId: 'b' },
    ]);
    expect(JSON.parse(fake.requests[0]?.init.body as string)).toHaveLength(2);
    expect(result.data.map((item) => item.sCode)).toEqual(['0', '51008']);
  });

  it('throws the item code when a single order fails', async () => {
    const { api } = setup({
      code: '1',
      msg: '',
      data: [{ ordId: '', sCode: '51119', sMsg: 'Insufficient balance' }],
    });
    await expect(api.placeOrder(order)).rejects.toMatchObject({
      name: 'ExchangeError',
      code: '51119',
      exchangeMessage: 'Insufficient balance',
    });
  });

  it('reports data of the wrong shape as an invalid response naming the field', async () => {
    const { api } = setup({ code: '0', msg: '', data: [{ instId: 'X' }] });
    await expect(api.getTicker('X')).rejects.toMatchObject({
      name: 'InvalidResponseError',
      message: expect.stringContaining(
        'GET /api/v5/market/ticker returned an invalid response (HTTP 200): unexpected shape (0.ts:',
      ) as unknown,
    });
  });

  it('reads the server time as a number', async () => {
    const { api } = setup({ code: '0', msg: '', data: [{ ts: '1704067200000' }] });
    expect((await api.getServerTime()).data).toBe(1704067200000);
  });

  it('sends close-position, amend and cancel to their endpoints', async () => {
    const { fake, api } = setup({
      code: '0',
      msg: '',
      data: [{ instId: 'BTC-USDT-SWAP', ordId: '1', sCode: '0' }],
    });
    await api.closePosition({ instId: 'BTC-USDT-SWAP', mgnMode: 'cross', autoCxl: true });
    await api.amendOrder({ instId: 'BTC-USDT-SWAP', ordId: '1', newPx: '31000' });
    await api.cancelOrder({ instId: 'BTC-USDT-SWAP', ordId: '1' });
    expect(fake.requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/v5/trade/close-position',
      '/api/v5/trade/amend-order',
      '/api/v5/trade/cancel-order',
    ]);
    expect(fake.requests[0]?.init.body).toBe('{"instId":"BTC-USDT-SWAP","mgnMode":"cross","autoCxl":true}');
  });
});
