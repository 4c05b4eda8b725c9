import { describe, expect, it } from 'vitest';
import {
  mapOkxAccountConfig,
  mapOkxBalance,
  mapOkxBook,
  mapOkxInstrument,
  mapOkxOrder,
  mapOkxOrderAck,
  mapOkxPosition,
  mapOkxTicker,
} from './map';
import { OkxInstrument, OkxPosition } from './schemas';

const swap = OkxInstrument.parse({
  instType: 'SWAP',
  instId: 'BTC-USDT-SWAP',
  instFamily: 'BTC-USDT',
  uly: 'BTC-USDT',
  baseCcy: '',
  quoteCcy: '',
  settleCcy: 'USDT',
  ctVal: '0.01',
  ctMult: '1',
  ctValCcy: 'BTC',
  ctType: 'linear',
  tickSz: '0.1',
  lotSz: '0.01',
  minSz: '0.01',
  lever: '100',
  state: 'live',
  expTime: '',
});
const inverse = {
  ...swap,
  instId: 'BTC-USD-SWAP',
  instFamily: 'BTC-USD',
  ctVal: '100',
  ctValCcy: 'USD',
  ctType: 'inverse',
  settleCcy: 'BTC',
};
const position = OkxPosition.parse({
  instType: 'SWAP',
  instId: 'BTC-USDT-SWAP',
  mgnMode: 'cross',
  posSide: 'net',
  pos: '-3',
  avgPx: '30000',
  markPx: '30100',
  liqPx: '45000',
  upl: '-3',
  lever: '10',
  uTime: '1704067200000',
});

describe('OKX mapping', () => {
  it('maps a linear swap, taking base and quote from the family', () => {
    expect(mapOkxInstrument(swap)).toEqual({
      exchange: 'okx',
      id: 'BTC-USDT-SWAP',
      category: 'SWAP',
      kind: 'perpetual',
      base: 'BTC',
      quote: 'USDT',
      settle: 'USDT',
      contractType: 'linear',
      contractValue: '0.01',
      tickSize: '0.1',
      lotSize: '0.01',
      minSize: '0.01',
      maxLeverage: '100',
      tradable: true,
      expiresAt: undefined,
    });
  });

  it('maps spot with its own currencies and no contract', () => {
    const spot = mapOkxInstrument({
      ...swap,
      instType: 'SPOT',
      instId: 'ETH-USDT',
      baseCcy: 'ETH',
      quoteCcy: 'USDT',
      settleCcy: '',
      ctVal: '',
      ctType: '',
      state: 'suspend',
    });
    expect(spot).toMatchObject({
      kind: 'spot',
      base: 'ETH',
      quote: 'USDT',
      settle: 'USDT',
      contractType: undefined,
      contractValue: '1',
      tradable: false,
    });
  });

  it('maps a net-mode short with size in contracts and in coin', () => {
    expect(mapOkxPosition(position, mapOkxInstrument(swap))).toEqual({
      exchange: 'okx',
      symbol: 'BTC-USDT-SWAP',
      category: 'SWAP',
      side: 'short',
      sizeContracts: '3',
      sizeCoin: '0.03',
      entryPrice: '30000',
      markPrice: '30100',
      liquidationPrice: '45000',
      unrealisedPnl: '-3',
      leverage: '10',
      marginMode: 'cross',
      positionMode: 'one-way',
      positionSlot: 'one-way',
      instrumentKind: 'perpetual',
      updatedAt: 1704067200000,
    });
  });

  it('maps hedge-mode sides, inverse coin size, and leaves coin size out without the instrument', () => {
    const long = { ...position, instId: 'BTC-USD-SWAP', posSide: 'long', pos: '5', markPx: '25000' };
    expect(mapOkxPosition(long, mapOkxInstrument(inverse))).toMatchObject({
      side: 'long',
      positionMode: 'hedge',
      sizeCoin: '0.02',
    });
    expect(mapOkxPosition(long).sizeCoin).toBeUndefined();
    expect(mapOkxPosition({ ...position, pos: '0' }).side).toBe('flat');
  });

  it('maps tickers and books keeping the decimal strings', () => {
    expect(
      mapOkxTicker({
        instId: 'BTC-USDT-SWAP',
        last: '30000.1',
        bidPx: '30000',
        bidSz: '2',
        askPx: '30000.2',
        askSz: '',
        ts: '5',
      }),
    ).toMatchObject({
      exchange: 'okx',
      symbol: 'BTC-USDT-SWAP',
      last: '30000.1',
      bid: '30000',
      bidSize: '2',
      ask: '30000.2',
      askSize: undefined,
      ts: 5,
    });
    expect(
      mapOkxBook({ bids: [['1.0', '2', '0', '1']], asks: [['1.1', '3', '0', '2']], ts: '9' }, 'X'),
    ).toEqual({
      exchange: 'okx',
      symbol: 'X',
      bids: [['1.0', '2']],
      asks: [['1.1', '3']],
      ts: 9,
    });
  });

  it('maps balances, orders and acks', () => {
    const balance = mapOkxBalance({
      totalEq: '1000',
      details: [{ ccy: 'USDT', eq: '1000', availBal: '900', cashBal: '1000', upl: '0', eqUsd: '1000' }],
    });
    expect(balance.coins[0]).toEqual({
      coin: 'USDT',
      equity: '1000',
      available: '900',
      walletBalance: '1000',
      unrealisedPnl: '0',
      usdValue: '1000',
      usedMargin: undefined,
      maintenanceMargin: undefined,
      marginRisk: undefined,
    });
    const order = mapOkxOrder({
      instId: 'A',
      ordId: '1',
      side: 'buy',
      ordType: 'limit',
      px: '10',
      sz: '2',
      accFillSz: '1',
      state: 'partially_filled',
      reduceOnly: 'true',
      uTime: '7',
    });
    expect(order).toMatchObject({
      status: 'partially-filled',
      rawStatus: 'partially_filled',
      filledSize: '1',
      reduceOnly: true,
      ts: 7,
      clientOrderId: '',
    });
    expect(mapOkxOrderAck({ ordId: '1', clOrdId: 'c', sCode: '0', sMsg: '' })).toEqual({
      exchange: 'okx',
      orderId: '1',
      clientOrderId: 'c',
      code: '0',
      message: '',
    });
  });

  it('reads key permissions and position mode from the account config', () => {
    expect(mapOkxAccountConfig({ uid: '42', posMode: 'long_short_mode', perm: 'read_only,trade' })).toEqual({
      exchange: 'okx',
      uid: '42',
      positionMode: 'hedge',
      permissions: {
        exchange: 'okx',
        canRead: true,
        canTrade: true,
        canWithdraw: false,
        raw: ['read_only', 'trade'],
        ips: [],
        expiresAt: undefined,
      },
    });
    expect(
      mapOkxAccountConfig({ uid: '42', perm: 'read_only', ip: '203.0.113.7,198.51.100.1' }).permissions.ips,
    ).toEqual(['203.0.113.7', '198.51.100.1']);
    expect(
      mapOkxAccountConfig({ uid: '42', posMode: 'net_mode', perm: 'read_only' }).permissions.canTrade,
    ).toBe(false);
  });
});
