import { describe, expect, it } from 'vitest';
import { mapBybitOrder } from './bybit/map';
import { mapOkxOrder } from './okx/map';

describe('when an order was placed', () => {
  it('reads OKX cTime and Bybit createdTime, and leaves createdAt out when the row has none', () => {
    const okx = {
      instId: 'BTC-USDT-SWAP',
      ordId: '1',
      side: 'buy',
      ordType: 'limit',
      sz: '1',
      state: 'live',
    } as const;
    expect(mapOkxOrder({ ...okx, cTime: '1695190491421' }).createdAt).toBe(1_695_190_491_421);
    expect(mapOkxOrder({ ...okx, cTime: '' })).not.toHaveProperty('createdAt');
    const bybit = {
      symbol: 'BTCUSDT',
      orderId: '1',
      side: 'Buy',
      orderType: 'Limit',
      qty: '1',
      orderStatus: 'New',
    } as const;
    expect(mapBybitOrder({ ...bybit, createdTime: '1684476068369' }).createdAt).toBe(1_684_476_068_369);
    expect(mapBybitOrder(bybit)).not.toHaveProperty('createdAt');
  });
});
