import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../model';
import type { ProtectionEvent } from '../protection-types';
import { parseBybitPrivatePush } from './streams-private';

/** Bybit's own `position` push example (https://bybit-exchange.github.io/docs/v5/websocket/private/position), with a stop and a trailing stop set. */
const positionPush = {
  positionIdx: 2,
  tradeMode: 0,
  riskId: 1,
  riskLimitValue: '2000000',
  symbol: 'BTCUSDT',
  side: 'Sell',
  size: '0.01',
  entryPrice: '28000',
  leverage: '10',
  positionValue: '280',
  positionBalance: '28',
  markPrice: '28184.5',
  positionIM: '28',
  positionMM: '1.4',
  takeProfit: '0',
  stopLoss: '29000.00',
  trailingStop: '150.00',
  unrealisedPnl: '-1.845',
  curRealisedPnl: '1.26',
  cumRealisedPnl: '-25.06579337',
  sessionAvgPrice: '0',
  createdTime: '1694402496913',
  updatedTime: '1697682317038',
  tpslMode: 'Full',
  liqPrice: '',
  bustPrice: '',
  category: 'linear',
  positionStatus: 'Normal',
  adlRankIndicator: 2,
  autoAddMargin: 0,
  leverageSysUpdatedTime: '',
  mmrSysUpdatedTime: '',
  seq: 8327597863,
  isReduceOnly: false,
  breakEvenPrice: '28016.8',
};

/** An order push with the fields of Bybit's order topic page (https://bybit-exchange.github.io/docs/v5/websocket/private/order). */
const stopOrder = (stopOrderType: string, orderStatus: string) => ({
  category: 'linear',
  orderId: '1b5d7fe9-0e2e-4e2a-8a05-3c7d7e3f1a11',
  orderLinkId: '',
  symbol: 'BTCUSDT',
  price: '0',
  qty: '0.004',
  side: 'Buy',
  positionIdx: 2,
  orderStatus,
  cancelType: 'UNKNOWN',
  rejectReason: 'EC_NoError',
  avgPrice: '',
  leavesQty: '0.004',
  cumExecQty: '0',
  timeInForce: 'IOC',
  orderType: 'Market',
  stopOrderType,
  triggerPrice: '29500.00',
  triggerBy: 'LastPrice',
  tpslMode: stopOrderType.startsWith('Partial') ? 'Partial' : 'Full',
  reduceOnly: true,
  closeOnTrigger: true,
  createdTime: '1697682317000',
  updatedTime: '1697682317100',
});

const protection = (events: StreamEvent[] | undefined): ProtectionEvent[] =>
  (events ?? []).filter((event): event is ProtectionEvent => event.kind === 'protection');

describe('Bybit protection pushes', () => {
  it('reads the Full legs off a position push, a "0" field as no leg, and the breakeven price', () => {
    const events = parseBybitPrivatePush('position', 5, [positionPush]);
    expect(events?.find((event) => event.kind === 'position')).toMatchObject({ breakEvenPrice: '28016.8' });
    const [stop, target, trailing] = protection(events);
    expect(stop).toEqual({
      kind: 'protection',
      ts: 5,
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      instrumentKind: 'perpetual',
      positionSlot: 'short',
      leg: {
        id: 'full-stop',
        role: 'stop',
        triggerPrice: '29000.00',
        triggerBy: 'mark',
        size: undefined,
        trailing: undefined,
      },
      status: 'live',
      rawStatus: 'position',
    });
    expect([target?.leg.id, target?.status]).toEqual(['full-target', 'cancelled']);
    expect([trailing?.leg.id, trailing?.status]).toEqual(['full-trailing', 'live']);
    expect(trailing?.leg.trailing).toEqual({
      distance: '150.00',
      ratio: undefined,
      activationPrice: undefined,
    });
  });

  it('names a Partial leg by its order id and size, with its trigger source', () => {
    const [event] = protection(
      parseBybitPrivatePush('order', 5, [stopOrder('PartialStopLoss', 'Untriggered')]),
    );
    expect(event).toEqual({
      kind: 'protection',
      ts: 1697682317100,
      exchange: 'bybit',
      symbol: 'BTCUSDT',
      instrumentKind: 'perpetual',
      positionSlot: 'short',
      leg: {
        id: '1b5d7fe9-0e2e-4e2a-8a05-3c7d7e3f1a11',
        role: 'stop',
        triggerPrice: '29500.00',
        triggerBy: 'last',
        size: '0.004',
        trailing: undefined,
      },
      status: 'live',
      rawStatus: 'Untriggered',
    });
  });

  it('gives a Full conditional order its Full id, and a trailing stop its activation price', () => {
    const [target] = protection(parseBybitPrivatePush('order', 5, [stopOrder('TakeProfit', 'Untriggered')]));
    expect(target?.leg).toMatchObject({ id: 'full-target', role: 'target', size: undefined });
    const [trailing] = protection(
      parseBybitPrivatePush('order', 5, [stopOrder('TrailingStop', 'Untriggered')]),
    );
    expect(trailing?.leg).toMatchObject({
      id: 'full-trailing',
      triggerPrice: undefined,
      trailing: { distance: undefined, ratio: undefined, activationPrice: '29500.00' },
    });
  });

  it.each([
    ['Untriggered', 'live'],
    ['Triggered', 'triggered'],
    ['Filled', 'triggered'],
    ['Cancelled', 'cancelled'],
    ['Deactivated', 'cancelled'],
    ['Rejected', 'failed'],
  ])('reads orderStatus %s as %s', (orderStatus, status) => {
    const events = protection(parseBybitPrivatePush('order', 5, [stopOrder('StopLoss', orderStatus)]));
    expect(events.map((event) => event.status)).toEqual([status]);
  });

  it('makes no leg of an ordinary order, nor of a spot position', () => {
    const plain = { ...stopOrder('', 'New'), stopOrderType: 'UNKNOWN' };
    expect(protection(parseBybitPrivatePush('order', 5, [plain]))).toEqual([]);
    expect(
      protection(parseBybitPrivatePush('position', 5, [{ ...positionPush, category: 'option' }])),
    ).toEqual([]);
  });
});
