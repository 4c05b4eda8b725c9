import { describe, expect, it } from 'vitest';
import { emptyBalance } from '../model';
import {
  mapBybitAccountConfig,
  mapBybitBook,
  mapBybitInstrument,
  mapBybitOrder,
  mapBybitOrderAck,
  mapBybitPosition,
  mapBybitTicker,
  mapBybitWallet,
} from './map';

const linear = {
  symbol: 'BTCUSDT',
  status: 'Trading',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  settleCoin: 'USDT',
  contractType: 'LinearPerpetual',
  deliveryTime: '0',
  priceFilter: { tickSize: '0.10' },
  lotSizeFilter: { qtyStep: '0.001', minOrderQty: '0.001' },
  leverageFilter: { maxLeverage: '100.00' },
};
const position = {
  symbol: 'BTCUSDT',
  side: 'Buy',
  size: '0.5',
  positionIdx: 1,
  avgPrice: '30000',
  markPrice: '30100',
  liqPrice: '',
  unrealisedPnl: '50',
  leverage: '10',
  updatedTime: '1704067200000',
};

describe('Bybit mapping', () => {
  it('maps a linear perpetual', () => {
    expect(mapBybitInstrument(linear, 'linear')).toEqual({
      exchange: 'bybit',
      id: 'BTCUSDT',
      category: 'linear',
      kind: 'perpetual',
      base: 'BTC',
      quote: 'USDT',
      settle: 'USDT',
      contractType: 'linear',
      contractValue: '1',
      tickSize: '0.10',
      lotSize: '0.001',
      minSize: '0.001',
      maxLeverage: '100.00',
      tradable: true,
      expiresAt: undefined,
    });
  });

  it('maps futures expiry and spot precision', () => {
    expect(
      mapBybitInstrument(
        { ...linear, contractType: 'LinearFutures', deliveryTime: '1735200000000' },
        'linear',
      ),
    ).toMatchObject({ kind: 'future', expiresAt: 1735200000000 });
    const spot = mapBybitInstrument(
      {
        ...linear,
        settleCoin: undefined,
        lotSizeFilter: { basePrecision: '0.000001', minOrderQty: '0.000048' },
      },
      'spot',
    );
    expect(spot).toMatchObject({
      kind: 'spot',
      contractType: undefined,
      lotSize: '0.000001',
      settle: 'USDT',
    });
  });

  it('maps a hedge-mode long, with coin size equal to the linear size', () => {
    expect(mapBybitPosition(position, 'linear')).toEqual({
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      category: 'linear',
      side: 'long',
      sizeContracts: '0.5',
      sizeCoin: '0.5',
      entryPrice: '30000',
      markPrice: '30100',
      liquidationPrice: undefined,
      unrealisedPnl: '50',
      leverage: '10',
      marginMode: undefined,
      positionMode: 'hedge',
      positionSlot: 'long',
      instrumentKind: 'perpetual',
      updatedAt: 1704067200000,
    });
  });

  it('maps inverse sizes to coin, stream entryPrice, and flat rows', () => {
    const inverse = {
      ...position,
      symbol: 'BTCUSD',
      side: 'Sell',
      size: '1000',
      positionIdx: 0,
      avgPrice: undefined,
      entryPrice: '25000',
      markPrice: '25000',
      tradeMode: 1,
    };
    expect(mapBybitPosition(inverse, 'inverse')).toMatchObject({
      side: 'short',
      sizeCoin: '0.04',
      entryPrice: '25000',
      positionMode: 'one-way',
      marginMode: 'isolated',
    });
    expect(mapBybitPosition({ ...position, side: '', size: '0' }, 'linear').side).toBe('flat');
  });

  it('reads the top of book of linear tickers and of option tickers, which name it without the "1"', () => {
    const linear = { symbol: 'BTCUSDT', bid1Price: '9', bid1Size: '1', ask1Price: '10', ask1Size: '2' };
    const option = {
      symbol: 'BTC-25DEC26-66000-C',
      bidPrice: '905',
      bidSize: '3',
      askPrice: '915',
      askSize: '4',
    };

    expect(mapBybitTicker(linear, 1, 'linear')).toMatchObject({
      bid: '9',
      bidSize: '1',
      ask: '10',
      askSize: '2',
    });
    expect(mapBybitTicker(option, 1, 'option')).toMatchObject({
      bid: '905',
      bidSize: '3',
      ask: '915',
      askSize: '4',
    });
  });

  it('maps tickers, books, wallets and orders', () => {
    expect(
      mapBybitTicker(
        { symbol: 'BTCUSDT', lastPrice: '1', markPrice: '2', fundingRate: '0.0001' },
        3,
        'linear',
      ),
    ).toMatchObject({ exchange: 'bybit', instrumentKind: 'perpetual', last: '1', mark: '2', ts: 3 });
    expect(mapBybitBook({ s: 'BTCUSDT', b: [['1', '2']], a: [['3', '4']], ts: 5 })).toEqual({
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      bids: [['1', '2']],
      asks: [['3', '4']],
      ts: 5,
    });
    const wallet = mapBybitWallet({
      list: [
        {
          totalEquity: '10',
          coin: [{ coin: 'USDT', equity: '10', walletBalance: '9', availableToWithdraw: '' }],
        },
      ],
    });
    expect(wallet).toEqual({
      ...emptyBalance('bybit'),
      totalEquityUsd: '10',
      coins: [
        {
          coin: 'USDT',
          equity: '10',
          available: undefined,
          walletBalance: '9',
          unrealisedPnl: undefined,
          usdValue: undefined,
          usedMargin: undefined,
          maintenanceMargin: undefined,
          marginRisk: undefined,
        },
      ],
    });
    expect(mapBybitWallet({ list: [] })).toEqual(emptyBalance('bybit'));
    const order = mapBybitOrder({
      symbol: 'BTCUSDT',
      orderId: '1',
      side: 'Sell',
      orderType: 'Market',
      qty: '0.5',
      orderStatus: 'PartiallyFilledCanceled',
      reduceOnly: true,
    });
    expect(order).toMatchObject({
      side: 'sell',
      status: 'cancelled',
      rawStatus: 'PartiallyFilledCanceled',
      reduceOnly: true,
    });
  });

  it('reads trading and withdrawal permissions from the API key info', () => {
    const tradeKey = {
      readOnly: 0,
      userID: 7,
      permissions: { ContractTrade: ['Order', 'Position'], Wallet: ['AccountTransfer'] },
    };
    expect(mapBybitAccountConfig(tradeKey)).toEqual({
      exchange: 'bybit',
      uid: '7',
      positionMode: undefined,
      permissions: {
        exchange: 'bybit',
        canRead: true,
        canTrade: true,
        canWithdraw: false,
        raw: ['ContractTrade:Order', 'ContractTrade:Position', 'Wallet:AccountTransfer'],
        ips: [],
        expiresAt: undefined,
      },
    });
    expect(mapBybitAccountConfig({ ...tradeKey, readOnly: 1 }).permissions.canTrade).toBe(false);
    expect(
      mapBybitAccountConfig({ readOnly: 0, permissions: { Wallet: ['Withdraw'] } }).permissions,
    ).toMatchObject({ canTrade: false, canWithdraw: true });
  });

  it('reads IP binding and expiry: "*" means unbound, expiredAt "" means never', () => {
    const key = { readOnly: 0, permissions: {} };
    expect(
      mapBybitAccountConfig({ ...key, ips: ['*'], expiredAt: '2026-12-01T00:00:00Z' }).permissions,
    ).toMatchObject({ ips: [], expiresAt: Date.UTC(2026, 11, 1) });
    expect(mapBybitAccountConfig({ ...key, ips: ['203.0.113.7'], expiredAt: '' }).permissions).toMatchObject({
      ips: ['203.0.113.7'],
      expiresAt: undefined,
    });
  });

  it('acknowledges an accepted order with code 0 and an empty client id when none was sent', () => {
    expect(mapBybitOrderAck({ orderId: 'o-1', orderLinkId: 'c-1' })).toEqual({
      exchange: 'bybit',
      orderId: 'o-1',
      clientOrderId: 'c-1',
      code: '0',
      message: '',
    });
    expect(mapBybitOrderAck({ orderId: 'o-2' }).clientOrderId).toBe('');
  });
});
