import { refuse, succeed, type TradeResult } from './trade-error.js';
import type {
  MarginMode,
  OrderOrigin,
  OrderType,
  PositionMode,
  PositionSide,
  Side,
  TimeInForce,
  TradableInstrument,
} from './types.js';

/** A new order in neutral terms; each exchange layer maps its own parameters onto this. */
export interface PlaceOrderRequest {
  readonly symbol: string;
  readonly side: Side;
  readonly type: OrderType;
  /** Limit orders only; market orders are immediate-or-cancel by nature. Default gtc. */
  readonly timeInForce?: TimeInForce | undefined;
  /** Size as sent, in the exchange's order unit. */
  readonly size: string;
  readonly price?: string | undefined;
  /** undefined when the client did not say (OKX posSide / Bybit positionIdx omitted). */
  readonly posSide?: PositionSide | undefined;
  readonly reduceOnly: boolean;
  readonly marginMode: MarginMode;
  readonly clientId: string;
  readonly tag?: string | undefined;
  /** Who places it; default the trader ('user'). */
  readonly origin?: OrderOrigin | undefined;
  /** OKX: the algo order whose trigger places it. */
  readonly algoId?: string | undefined;
}

/** True when `value` is a whole number of `step`s (tolerant of float representation). */
export function isMultipleOf(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}

export function parsePositive(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

/** Checks a size against the instrument's lot and minimum size. */
export function validSize(instrument: TradableInstrument, text: string): number | undefined {
  const size = parsePositive(text);
  if (
    size === undefined ||
    !isMultipleOf(size, Number(instrument.lotSize)) ||
    size < Number(instrument.minSize)
  )
    return undefined;
  return size;
}

/** Checks a price against the instrument's tick size. */
export function validPrice(instrument: TradableInstrument, text: string | undefined): number | undefined {
  const price = parsePositive(text);
  if (price === undefined || !isMultipleOf(price, Number(instrument.tickSize))) return undefined;
  return price;
}

/** One-way mode trades the `net` position; hedge mode must name long or short (docs/protocol.md "Positions and closing them"). */
export function resolvePositionSide(
  mode: PositionMode,
  requested: PositionSide | undefined,
): TradeResult<PositionSide> {
  if (mode === 'one_way')
    return requested === undefined || requested === 'net'
      ? succeed('net')
      : refuse('positionModeMismatch', 'posSide');
  return requested === 'long' || requested === 'short'
    ? succeed(requested)
    : refuse('positionModeMismatch', 'posSide');
}
