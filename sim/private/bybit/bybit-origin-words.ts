import type { SimOrder } from '../../accounts/types.js';

/** Who made an order, in Bybit's createType words (docs/protocol.md "Order origin"). */
export const CREATE_TYPE: Readonly<Record<SimOrder['origin'], string>> = {
  user: 'CreateByUser',
  stop: 'CreateByStopLoss',
  target: 'CreateByTakeProfit',
  trailing: 'CreateByTrailingStop',
  liquidation: 'CreateByLiq',
  adl: 'CreateByAdl_PassThrough',
};
/** A triggered stop, target or trailing stop keeps its conditional order's stopOrderType. */
export const STOP_ORDER_TYPE: Readonly<Partial<Record<SimOrder['origin'], string>>> = {
  stop: 'StopLoss',
  target: 'TakeProfit',
  trailing: 'TrailingStop',
};
/** The risk engine's fills: BustTrade (takeover liquidation) and AdlTrade, as the execType enum names them. */
export const EXEC_TYPE: Readonly<Record<SimOrder['origin'], string>> = {
  user: 'Trade',
  stop: 'Trade',
  target: 'Trade',
  trailing: 'Trade',
  liquidation: 'BustTrade',
  adl: 'AdlTrade',
};
