import type { ProtectionBook, SimLeg } from '../../accounts/protection-book.js';
import type { SimPosition, TradableInstrument } from '../../accounts/types.js';
import { paddedDecimal } from '../number-format.js';
import { POSITION_IDX } from './bybit-shapes.js';

/** Bybit's names for legs (enum page: stopOrderType, createType, triggerBy, orderStatus). */
const STOP_ORDER_TYPE: Readonly<Record<SimLeg['kind'], readonly [full: string, partial: string]>> = {
  stop: ['StopLoss', 'PartialStopLoss'],
  target: ['TakeProfit', 'PartialTakeProfit'],
  trailing: ['TrailingStop', 'TrailingStop'],
};
export const BYBIT_TRIGGER_BY: Readonly<Record<SimLeg['triggerBy'], string>> = {
  mark: 'MarkPrice',
  last: 'LastPrice',
  index: 'IndexPrice',
};
const ORDER_STATUS: Readonly<Record<SimLeg['state'], string>> = {
  untriggered: 'Untriggered',
  triggered: 'Triggered',
  cancelled: 'Cancelled',
  deactivated: 'Deactivated',
};

export const stopOrderTypeOf = (leg: Pick<SimLeg, 'kind' | 'full'>): string =>
  STOP_ORDER_TYPE[leg.kind][leg.full ? 0 : 1];

const px = (instrument: TradableInstrument, value: number): string =>
  paddedDecimal(value, instrument.priceDecimals);

/** Whether the leg closes upwards (a short's stop, a long's target): triggerDirection 1 rise, 2 fall. */
const rises = (leg: SimLeg, long: boolean): boolean => (leg.kind === 'target' ? long : !long);

/**
 * A leg as Bybit lists and pushes its conditional order (open-order page, order topic): an untriggered
 * reduce-only market order with its stopOrderType; Full legs have qty "0" (the whole position). A
 * trailing stop's triggerPrice is its activation price.
 */
export function bybitLegOrder(leg: SimLeg, instrument: TradableInstrument): Record<string, unknown> {
  const { long } = leg;
  const stopOrderType = stopOrderTypeOf(leg);
  const triggerPrice = leg.kind === 'trailing' ? (leg.activationPrice ?? 0) : leg.triggerPrice;
  const qty = leg.size === undefined ? 0 : leg.size;
  return {
    category: 'linear',
    orderId: leg.id,
    orderLinkId: '',
    blockTradeId: '',
    symbol: leg.symbol,
    price: '0',
    qty: paddedDecimal(qty, instrument.sizeDecimals),
    side: long ? 'Sell' : 'Buy',
    isLeverage: '',
    positionIdx: POSITION_IDX[leg.posSide],
    orderStatus: ORDER_STATUS[leg.state],
    createType: `CreateBy${stopOrderType}`,
    cancelType:
      leg.state === 'cancelled'
        ? 'CancelByUser'
        : leg.state === 'deactivated'
          ? 'CancelByTpSlTsClear'
          : 'UNKNOWN',
    rejectReason: 'EC_NoError',
    avgPrice: '',
    leavesQty: paddedDecimal(qty, instrument.sizeDecimals),
    leavesValue: '0',
    cumExecQty: paddedDecimal(0, instrument.sizeDecimals),
    cumExecValue: '0',
    cumExecFee: '0',
    timeInForce: 'IOC',
    orderType: 'Market',
    stopOrderType,
    orderIv: '',
    marketUnit: '',
    triggerPrice: px(instrument, triggerPrice),
    takeProfit: '0.00',
    stopLoss: '0.00',
    tpslMode: leg.full ? 'Full' : 'Partial',
    ocoTriggerBy: '',
    tpLimitPrice: '',
    slLimitPrice: '',
    tpTriggerBy: '',
    slTriggerBy: '',
    triggerDirection: rises(leg, long) ? 1 : 2,
    triggerBy: BYBIT_TRIGGER_BY[leg.triggerBy],
    lastPriceOnCreated: '',
    reduceOnly: true,
    closeOnTrigger: true,
    placeType: '',
    smpType: 'None',
    smpGroup: 0,
    smpOrderId: '',
    createdTime: String(leg.createdAt),
    updatedTime: String(leg.updatedAt),
    closedPnl: '0',
    feeCurrency: '',
    parentOrderLinkId: '',
  };
}

/** The position row's own stop fields: a waiting Full leg's price, else what the row already says ("0"). */
export function bybitPositionStops(book: ProtectionBook, position: SimPosition): Record<string, string> {
  const key = { symbol: position.instrument.symbol, posSide: position.posSide };
  const stops: Record<string, string> = {};
  const stop = book.full(key.symbol, key.posSide, 'stop');
  const target = book.full(key.symbol, key.posSide, 'target');
  const trailing = book.full(key.symbol, key.posSide, 'trailing');
  if (stop) stops.stopLoss = px(position.instrument, stop.triggerPrice);
  if (target) stops.takeProfit = px(position.instrument, target.triggerPrice);
  if (trailing) stops.trailingStop = px(position.instrument, trailing.distance);
  return stops;
}
