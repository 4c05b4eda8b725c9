import { parsePositive, isMultipleOf } from '../../accounts/order-request.js';
import {
  directionOf,
  protectionBook,
  type LegKind,
  type SimLeg,
  type TriggerSource,
} from '../../accounts/protection-book.js';
import { ratchet, type PriceOf } from '../../accounts/protection-triggers.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { PositionSide, SimPosition } from '../../accounts/types.js';
import { bybitError, bybitOk } from '../../server/envelopes.js';
import type { SimResponse } from '../../server/http.js';
import { paddedDecimal } from '../number-format.js';
import { BYBIT_TRIGGER_BY, stopOrderTypeOf } from './bybit-protection-shapes.js';
import { isRecord, textOf } from './bybit-trade-ops.js';

type Params = Record<string, unknown>;
type Outcome =
  | { readonly ok: true; readonly apply: () => SimLeg | undefined }
  | { readonly ok: false; readonly error: SimResponse };

const POSITION_SIDES: Readonly<Partial<Record<string, PositionSide>>> = {
  '0': 'net',
  '1': 'long',
  '2': 'short',
};
const TRIGGER_SOURCES: Readonly<Record<string, TriggerSource>> = {
  MarkPrice: 'mark',
  LastPrice: 'last',
  IndexPrice: 'index',
};

/** Errors as Bybit words them (docs/protocol.md "Bybit protection"). */
const paramError = (message: string, now: number): Outcome => ({
  ok: false,
  error: bybitError(10001, message, now),
});
export const ZERO_POSITION = 'can not set tp/sl/ts for zero position';
export const BELOW_MINIMUM = 'The number of contracts exceeds minimum limit allowed';

/**
 * A stop below (long) or above (short) the price it watches, a target the other way; Bybit refuses the
 * wrong side with 10001 naming the leg, the position's side and the base price.
 */
function wrongSide(
  leg: Pick<SimLeg, 'kind' | 'full' | 'triggerBy'>,
  price: number,
  base: number,
  position: SimPosition,
): string | undefined {
  const long = directionOf(position) > 0;
  const below = leg.kind === 'stop' ? long : !long;
  if (below ? price < base : price > base) return undefined;
  const fmt = (value: number) => paddedDecimal(value, position.instrument.priceDecimals);
  return `${stopOrderTypeOf(leg)}:${fmt(price)} set for ${long ? 'Buy' : 'Sell'} position should ${below ? 'lower than' : 'greater'} base_price:${fmt(base)}??${BYBIT_TRIGGER_BY[leg.triggerBy]}`;
}

export interface TradingStopDeps {
  readonly priceOf: PriceOf;
  readonly now: () => number;
}

/**
 * POST /v5/position/trading-stop (https://bybit-exchange.github.io/docs/v5/position/trading-stop): Full legs
 * are one per kind on the position ("0" cancels), Partial legs are added with their own size; a
 * trailing stop trails by a price distance from its activation price. Nothing changes unless every
 * field is valid.
 */
export function bybitTradingStop(engine: TradingEngine, raw: unknown, deps: TradingStopDeps): SimResponse {
  const now = deps.now();
  const params: Params = isRecord(raw) ? raw : {};
  const category = textOf(params, 'category');
  if (category !== 'linear') return bybitError(10001, 'params error: category invalid', now);
  const found = engine.instrument(textOf(params, 'symbol') ?? '');
  if (!found.ok) return bybitError(10001, 'params error: symbol invalid', now);
  const posSide = POSITION_SIDES[textOf(params, 'positionIdx') ?? ''];
  if (posSide === undefined) return bybitError(10001, 'params error: positionIdx invalid', now);
  if ((engine.account.positionMode === 'hedge') !== (posSide !== 'net'))
    return bybitError(10001, 'position idx not match position mode', now);
  const mode = textOf(params, 'tpslMode');
  if (mode !== 'Full' && mode !== 'Partial') return bybitError(10001, 'params error: tpslMode invalid', now);
  const position = engine.account.findPosition(found.value.symbol, posSide);
  if (!position || position.size === 0) return bybitError(10001, ZERO_POSITION, now);

  const plans: Outcome[] = [];
  const plan = (key: string, make: (text: string) => Outcome) => {
    const text = textOf(params, key);
    if (text !== undefined && text !== '') plans.push(make(text));
  };
  plan('stopLoss', (text) => priceLeg(engine, position, 'stop', text, params, mode === 'Full', deps));
  plan('takeProfit', (text) => priceLeg(engine, position, 'target', text, params, mode === 'Full', deps));
  plan('trailingStop', (text) => trailingLeg(engine, position, text, textOf(params, 'activePrice'), deps));
  for (const outcome of plans) if (!outcome.ok) return outcome.error;
  const changed = plans
    .flatMap((outcome) => (outcome.ok ? [outcome.apply()] : []))
    .filter((leg) => leg !== undefined);
  if (changed.length === 0) return bybitError(34040, 'not modified', now);
  engine.account.emit({ orders: [], fills: [], positions: [position], balanceChanged: false, legs: changed });
  return bybitOk({}, now);
}

function priceLeg(
  engine: TradingEngine,
  position: SimPosition,
  kind: 'stop' | 'target',
  text: string,
  params: Params,
  full: boolean,
  deps: TradingStopDeps,
): Outcome {
  const now = deps.now();
  const name = kind === 'stop' ? 'stopLoss' : 'takeProfit';
  const price = Number(text);
  if (!Number.isFinite(price) || price < 0) return paramError(`params error: ${name} invalid`, now);
  const triggerText = textOf(params, kind === 'stop' ? 'slTriggerBy' : 'tpTriggerBy') ?? 'LastPrice';
  const triggerBy = TRIGGER_SOURCES[triggerText];
  if (triggerBy === undefined)
    return paramError(`params error: ${kind === 'stop' ? 'slTriggerBy' : 'tpTriggerBy'} invalid`, now);
  const book = protectionBook(engine.account);
  const { symbol } = position.instrument;
  const existing = full ? book.full(symbol, position.posSide, kind) : undefined;
  if (price === 0) {
    if (!full) return paramError('Partial TP/SL cannot be cancelled by set it 0', now);
    return { ok: true, apply: () => (existing ? end(existing, 'cancelled', now) : undefined) };
  }
  const wrong = wrongSide(
    { kind, full, triggerBy },
    price,
    deps.priceOf(position.instrument, triggerBy),
    position,
  );
  if (wrong !== undefined) return paramError(wrong, now);
  let size: number | undefined;
  if (!full) {
    size = parsePositive(textOf(params, kind === 'stop' ? 'slSize' : 'tpSize'));
    const { minSize, lotSize } = position.instrument;
    if (size === undefined || size < Number(minSize) || !isMultipleOf(size, Number(lotSize)))
      return paramError(BELOW_MINIMUM, now);
  }
  if (existing && existing.triggerPrice === price && existing.triggerBy === triggerBy)
    return { ok: true, apply: () => undefined };
  return {
    ok: true,
    apply: () => {
      if (!existing)
        return book.add(newLeg(engine, position, kind, full, { triggerPrice: price, triggerBy, size }, now));
      existing.triggerPrice = price;
      existing.triggerBy = triggerBy;
      existing.updatedAt = now;
      return existing;
    },
  };
}

function trailingLeg(
  engine: TradingEngine,
  position: SimPosition,
  text: string,
  activeText: string | undefined,
  deps: TradingStopDeps,
): Outcome {
  const now = deps.now();
  const distance = Number(text);
  if (!Number.isFinite(distance) || distance < 0)
    return paramError('params error: trailingStop invalid', now);
  const book = protectionBook(engine.account);
  const existing = book.full(position.instrument.symbol, position.posSide, 'trailing');
  if (distance === 0)
    return { ok: true, apply: () => (existing ? end(existing, 'cancelled', now) : undefined) };
  const activationPrice =
    activeText === undefined || Number(activeText) === 0 ? undefined : Number(activeText);
  if (activationPrice !== undefined && !Number.isFinite(activationPrice))
    return paramError('params error: activePrice invalid', now);
  return {
    ok: true,
    apply: () => {
      if (existing) end(existing, 'cancelled', now);
      const leg = book.add(
        newLeg(
          engine,
          position,
          'trailing',
          true,
          { triggerPrice: 0, triggerBy: 'mark', size: undefined },
          now,
        ),
      );
      leg.distance = distance;
      leg.activationPrice = activationPrice;
      ratchet(leg, deps.priceOf(position.instrument, leg.triggerBy), directionOf(position));
      return leg;
    },
  };
}

function newLeg(
  engine: TradingEngine,
  position: SimPosition,
  kind: LegKind,
  full: boolean,
  values: Pick<SimLeg, 'triggerPrice' | 'triggerBy' | 'size'>,
  now: number,
): SimLeg {
  return {
    id: engine.account.nextOrderId(),
    kind,
    full,
    symbol: position.instrument.symbol,
    posSide: position.posSide,
    long: directionOf(position) > 0,
    ...values,
    distance: 0,
    activationPrice: undefined,
    best: undefined,
    state: 'untriggered',
    createdAt: now,
    updatedAt: now,
  };
}

function end(leg: SimLeg, state: 'cancelled' | 'deactivated', now: number): SimLeg {
  leg.state = state;
  leg.updatedAt = now;
  return leg;
}

/** order/amend and order/cancel on a leg's order id (a Partial stop or target); undefined for any other order. */
export function bybitLegOrderOp(
  engine: TradingEngine,
  raw: unknown,
  op: 'amend' | 'cancel',
  deps: TradingStopDeps,
): SimResponse | undefined {
  const params: Params = isRecord(raw) ? raw : {};
  const leg = protectionBook(engine.account).find(textOf(params, 'orderId') ?? '');
  if (!leg) return undefined;
  const now = deps.now();
  if (leg.state !== 'untriggered') return bybitError(110001, 'Order does not exist.', now);
  const position = engine.account.findPosition(leg.symbol, leg.posSide);
  if (!position || position.size === 0) return bybitError(10001, ZERO_POSITION, now);
  if (op === 'cancel') end(leg, 'cancelled', now);
  else {
    const price = textOf(params, 'triggerPrice');
    const qty = textOf(params, 'qty');
    const next = price === undefined ? leg.triggerPrice : Number(price);
    const wrong = wrongSide(leg, next, deps.priceOf(position.instrument, leg.triggerBy), position);
    if (!Number.isFinite(next) || wrong !== undefined)
      return bybitError(10001, wrong ?? 'params error: triggerPrice invalid', now);
    const size = qty === undefined ? leg.size : parsePositive(qty);
    // A Full leg has no size of its own: it closes the whole position.
    const tooSmall = size === undefined || size < Number(position.instrument.minSize);
    if (!leg.full && tooSmall) return bybitError(10001, BELOW_MINIMUM, now);
    if (next === leg.triggerPrice && size === leg.size) return bybitError(34040, 'not modified', now);
    leg.triggerPrice = next;
    leg.size = leg.full ? undefined : size;
    leg.updatedAt = now;
  }
  engine.account.emit({ orders: [], fills: [], positions: [position], balanceChanged: false, legs: [leg] });
  return bybitOk({ orderId: leg.id, orderLinkId: '' }, now);
}
