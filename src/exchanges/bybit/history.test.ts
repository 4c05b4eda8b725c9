import { describe, expect, it } from 'vitest';
import { mapBybitOrder } from './map';
import { mapBybitClosedPnl } from './history';
import { BybitClosedPnls, BybitOrder } from './schemas';

/**
 * The list of the Get Closed PnL page's response example
 * (https://bybit-exchange.github.io/docs/v5/position/close-pnl, BYDOC docs/v5/position/close-pnl.mdx),
 * values as published.
 */
const PUBLISHED_CLOSED_PNL = {
  nextPageCursor:
    '5a373bfe-188d-4913-9c81-d57ab5be8068%3A1672214887231423699%2C5a373bfe-188d-4913-9c81-d57ab5be8068%3A1672214887231423699',
  category: 'linear',
  list: [
    {
      symbol: 'ETHPERP',
      orderType: 'Market',
      leverage: '3',
      updatedTime: '1672214887236',
      side: 'Sell',
      orderId: '5a373bfe-188d-4913-9c81-d57ab5be8068',
      closedPnl: '-47.4065323',
      avgEntryPrice: '1194.97516667',
      qty: '3',
      cumEntryValue: '3584.9255',
      createdTime: '1672214887231423699',
      orderPrice: '1122.95',
      closedSize: '3',
      avgExitPrice: '1180.59833333',
      execType: 'Trade',
      fillCount: '4',
      cumExitValue: '3541.795',
    },
  ],
};

describe('Bybit closed positions (closed-pnl)', () => {
  it("reads the page's example as a close whose reason Bybit does not tell", () => {
    const [row] = BybitClosedPnls.parse(PUBLISHED_CLOSED_PNL).list;
    expect(row && mapBybitClosedPnl(row, 'linear')).toEqual({
      exchange: 'bybit',
      symbol: 'ETHPERP',
      instrumentKind: 'perpetual',
      positionSlot: 'one-way',
      id: '5a373bfe-188d-4913-9c81-d57ab5be8068',
      closedAt: 1672214887236,
      reason: 'unknown',
      whole: false,
      closePrice: '1180.59833333',
      size: '3',
      realisedPnl: '-47.4065323',
    });
  });

  it('tells a takeover liquidation (BustTrade) as a whole liquidation and AdlTrade as ADL', () => {
    const base = PUBLISHED_CLOSED_PNL.list[0];
    const read = (execType: string) =>
      mapBybitClosedPnl(BybitClosedPnls.parse({ list: [{ ...base, execType }] }).list[0]!, 'linear');
    expect(read('BustTrade')).toMatchObject({ reason: 'liquidation', whole: true });
    expect(read('AdlTrade')).toMatchObject({ reason: 'adl', whole: false });
    expect(read('')).toMatchObject({ reason: 'unknown' });
  });
});

describe('Bybit order origin (createType, stopOrderType)', () => {
  const order = (fields: Record<string, string>) =>
    mapBybitOrder(
      BybitOrder.parse({
        symbol: 'BTCUSDT',
        orderId: 'fd4300ae-7847-404e-b947-b46980a4d140',
        side: 'Sell',
        orderType: 'Market',
        qty: '0.1',
        orderStatus: 'Filled',
        ...fields,
      }),
    ).origin;

  it.each([
    ['CreateByUser', 'trader'],
    ['CreateByClosing', 'close'],
    ['CreateByStopLoss', 'stop'],
    ['CreateByPartialTakeProfit', 'target'],
    ['CreateByTrailingStop', 'trailing'],
    ['CreateByLiq', 'liquidation'],
    ['CreateByTakeOver_PassThrough', 'liquidation'],
    ['CreateByAdl_PassThrough', 'adl'],
    ['CreateByFGridBot', undefined],
  ])('createType %s is %s', (createType, origin) => {
    expect(order({ createType, stopOrderType: '' })).toBe(origin);
  });

  it('falls back to stopOrderType where createType is absent or "", and leaves an order saying neither unnamed', () => {
    expect(order({ stopOrderType: 'TakeProfit' })).toBe('target');
    expect(order({ createType: '', stopOrderType: 'StopLoss' })).toBe('stop');
    expect(order({ createType: '', stopOrderType: '' })).toBeUndefined();
    expect(order({})).toBeUndefined();
  });
});
