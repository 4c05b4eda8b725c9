import { priceOrNone } from '../decimal';
import { UnsupportedError } from '../errors';
import type { Position } from '../model';
import type { ProtectionLeg, ProtectionRole, TriggerSource } from '../protection-types';
import type { BybitPositionIdx, BybitTradingStopRequest, BybitTriggerBy } from './rest-api';
import type { BybitOrder, BybitPosition } from './schemas';
import { bybitPositionIdx } from './vocabulary';

/**
 * Bybit's words for stops, targets and trailing stops, both ways (docs/protocol.md "Bybit protection"):
 * trading-stop bodies out, position rows and conditional orders in.
 */

const TRIGGER_BY: Readonly<Record<TriggerSource, BybitTriggerBy>> = {
  mark: 'MarkPrice',
  last: 'LastPrice',
  index: 'IndexPrice',
};

export const bybitTriggerBy = (source: TriggerSource): BybitTriggerBy => TRIGGER_BY[source];

/**
 * A pushed trigger source; anything else ("", "UNKNOWN") reads as mark. A position row never names one
 * (its stops' sources ride on their conditional orders), so its Full legs say mark, Perch's own default.
 */
export function triggerSourceOf(raw: string | undefined): TriggerSource {
  if (raw === 'LastPrice') return 'last';
  if (raw === 'IndexPrice') return 'index';
  return 'mark';
}

/** Ids of the legs Bybit keeps on the position itself (Full mode): what moving or cancelling them needs. */
export const FULL_LEG_ID: Readonly<Record<ProtectionRole, string>> = {
  stop: 'full-stop',
  target: 'full-target',
  trailing: 'full-trailing',
};

export const isFullLeg = (leg: ProtectionLeg): boolean => leg.id === FULL_LEG_ID[leg.role];

/** What every trading-stop body names: the position's contract market, symbol and slot. */
export function tradingStopTarget(
  position: Position,
): Pick<BybitTradingStopRequest, 'category' | 'symbol' | 'positionIdx'> {
  const { category } = position;
  if (category !== 'linear' && category !== 'inverse')
    throw new UnsupportedError(
      `Bybit keeps stops on linear and inverse contracts only; ${position.symbol} is in its ${category} market.`,
    );
  return { category, symbol: position.symbol, positionIdx: bybitPositionIdx(position.positionSlot) };
}

/**
 * A stop or target: Full (whole position, `size` undefined) or Partial (a sized leg that closes at
 * market when it fires). Full replaces the position's own stop or target; Partial adds one more leg.
 */
export function legRequest(
  position: Position,
  role: 'stop' | 'target',
  price: string,
  triggerBy: TriggerSource,
  size: string | undefined,
): BybitTradingStopRequest {
  const base = { ...tradingStopTarget(position), tpslMode: size === undefined ? 'Full' : 'Partial' } as const;
  const partial = size !== undefined;
  if (role === 'stop')
    return {
      ...base,
      stopLoss: price,
      slTriggerBy: bybitTriggerBy(triggerBy),
      ...(partial ? { slSize: size, slOrderType: 'Market' } : {}),
    };
  return {
    ...base,
    takeProfit: price,
    tpTriggerBy: bybitTriggerBy(triggerBy),
    ...(partial ? { tpSize: size, tpOrderType: 'Market' } : {}),
  };
}

/** "0" cancels a Full leg (trading-stop page: "0 means cancel"). */
export function cancelFullRequest(position: Position, role: ProtectionRole): BybitTradingStopRequest {
  const base = { ...tradingStopTarget(position), tpslMode: 'Full' } as const;
  if (role === 'stop') return { ...base, stopLoss: '0' };
  if (role === 'target') return { ...base, takeProfit: '0' };
  return { ...base, trailingStop: '0' };
}

export function trailRequest(
  position: Position,
  distance: string,
  activationPrice: string | undefined,
): BybitTradingStopRequest {
  return {
    ...tradingStopTarget(position),
    tpslMode: 'Full',
    trailingStop: distance,
    ...(activationPrice === undefined ? {} : { activePrice: activationPrice }),
  };
}

/** A leg read off something Bybit sent, and whether it is waiting (live) or gone. */
export interface ReadLeg {
  readonly leg: ProtectionLeg;
  readonly live: boolean;
}

/** The Full legs a position row holds: a price field that is neither "" nor "0" is a waiting leg. */
export function fullLegsOfPosition(raw: BybitPosition): ReadLeg[] {
  const stop = priceOrNone(raw.stopLoss);
  const target = priceOrNone(raw.takeProfit);
  const distance = priceOrNone(raw.trailingStop);
  const leg = (role: ProtectionRole, triggerPrice: string | undefined): ProtectionLeg => ({
    id: FULL_LEG_ID[role],
    role,
    triggerPrice,
    triggerBy: 'mark',
    size: undefined,
    trailing: role === 'trailing' ? { distance, ratio: undefined, activationPrice: undefined } : undefined,
  });
  return [
    { leg: leg('stop', stop), live: stop !== undefined },
    { leg: leg('target', target), live: target !== undefined },
    { leg: leg('trailing', undefined), live: distance !== undefined },
  ];
}

/** stopOrderType (enum page) -> role; Partial* ones are sized legs of their own. */
const STOP_ORDER_ROLES: Readonly<Record<string, ProtectionRole>> = {
  StopLoss: 'stop',
  TakeProfit: 'target',
  TrailingStop: 'trailing',
  PartialStopLoss: 'stop',
  PartialTakeProfit: 'target',
};

/**
 * The leg a conditional order is, or undefined for any other order. A Full-mode stop or target is also
 * a conditional order (the trading-stop page: "will create conditional orders by the system
 * internally"): it gets its Full id, so both pushes name the same leg. A trailing stop's triggerPrice is
 * its activation price (open-order page).
 */
export function legOfOrder(raw: BybitOrder): ProtectionLeg | undefined {
  const role = raw.stopOrderType === undefined ? undefined : STOP_ORDER_ROLES[raw.stopOrderType];
  if (role === undefined) return undefined;
  const partial = raw.stopOrderType?.startsWith('Partial') === true;
  const price = priceOrNone(raw.triggerPrice);
  const trailing = role === 'trailing';
  return {
    id: partial ? raw.orderId : FULL_LEG_ID[role],
    role,
    triggerPrice: trailing ? undefined : price,
    triggerBy: triggerSourceOf(raw.triggerBy),
    size: partial ? raw.qty : undefined,
    trailing: trailing ? { distance: undefined, ratio: undefined, activationPrice: price } : undefined,
  };
}

/** A conditional order's orderStatus as a leg's status (enum page "orderStatus"). */
const ORDER_LEG_STATUS: Readonly<Record<string, 'live' | 'cancelled' | 'triggered' | 'failed'>> = {
  Untriggered: 'live',
  New: 'triggered',
  PartiallyFilled: 'triggered',
  Triggered: 'triggered',
  Filled: 'triggered',
  Cancelled: 'cancelled',
  PartiallyFilledCanceled: 'triggered',
  Deactivated: 'cancelled',
  Rejected: 'failed',
};

export function legStatusOf(orderStatus: string): 'live' | 'cancelled' | 'triggered' | 'failed' {
  return ORDER_LEG_STATUS[orderStatus] ?? 'live';
}

export const positionIdxOf = (raw: { readonly positionIdx?: number | undefined }): BybitPositionIdx =>
  raw.positionIdx === 1 || raw.positionIdx === 2 ? raw.positionIdx : 0;
