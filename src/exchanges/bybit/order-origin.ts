import { present } from '../decimal';
import type { CloseReason, OrderOrigin } from '../model';
import type { BybitOrder } from './schemas';

/**
 * Who made an order, from `createType` (docs/protocol.md "Order origin"); bots, TWAP, block trades,
 * admin closes and the rest are left unnamed. https://bybit-exchange.github.io/docs/v5/enum#createtype
 */
const CREATE_TYPES: Readonly<Record<string, OrderOrigin>> = {
  CreateByUser: 'trader',
  CreateByStopOrder: 'trader',
  CreateByClosing: 'close',
  CreateByStopLoss: 'stop',
  CreateByPartialStopLoss: 'stop',
  CreateByTakeProfit: 'target',
  CreateByPartialTakeProfit: 'target',
  CreateByTrailingStop: 'trailing',
  CreateByTrailingProfit: 'trailing',
  CreateByLiq: 'liquidation',
  CreateByTakeOver_PassThrough: 'liquidation',
  CreateByAdl_PassThrough: 'adl',
};

/** Where a row carries no createType, a conditional order's stopOrderType still names its leg. */
const STOP_ORDER_TYPES: Readonly<Record<string, OrderOrigin>> = {
  StopLoss: 'stop',
  PartialStopLoss: 'stop',
  TakeProfit: 'target',
  PartialTakeProfit: 'target',
  TrailingStop: 'trailing',
};

export function bybitOrderOrigin(
  raw: Pick<BybitOrder, 'createType' | 'stopOrderType'>,
): OrderOrigin | undefined {
  // Real pushes carry "" where a field does not apply.
  const createType = present(raw.createType);
  if (createType !== undefined) return CREATE_TYPES[createType];
  const stopOrderType = present(raw.stopOrderType);
  return stopOrderType === undefined ? undefined : STOP_ORDER_TYPES[stopOrderType];
}

/**
 * Why closed-pnl says a position closed: its `execType` (Trade, BustTrade, SessionSettlePnL, Settle;
 * AdlTrade from the execType enum). https://bybit-exchange.github.io/docs/v5/position/close-pnl
 */
export function bybitCloseReason(execType: string | undefined): CloseReason {
  if (execType === 'BustTrade') return 'liquidation';
  if (execType === 'AdlTrade') return 'adl';
  return 'unknown';
}
