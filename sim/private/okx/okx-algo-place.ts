import { isMultipleOf, resolvePositionSide } from '../../accounts/order-request.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { PositionSide, Side, TradableInstrument } from '../../accounts/types.js';
import type { OkxCodeMessage } from './okx-errors.js';
import {
  WAITING,
  type AlgoTrigger,
  type PriceOf,
  type SimAlgoOrder,
  type TrailSettings,
  type TriggerPxType,
} from './okx-algo-order.js';

/** What a new algo order needs before it gets an id; or the code and message OKX refuses it with. */
export type AlgoDraft = Omit<SimAlgoOrder, 'algoId' | 'cTime' | 'uTime'>;
type Params = Record<string, unknown>;

const text = (params: Params, key: string): string => {
  const value = params[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
};
const missing = (key: string): OkxCodeMessage => ({
  code: '50014',
  msg: `Parameter ${key} can not be empty`,
});
const invalid = (key: string): OkxCodeMessage => ({ code: '51000', msg: `Parameter ${key} error` });

/**
 * OKX's words for a trigger on the wrong side of the price it watches (docs/protocol.md "Protection",
 * "OKX"): 51277-51280 against the last price, 51300-51304 the mark, 51305-51308 the index.
 */
const WRONG_SIDE: Readonly<Record<TriggerPxType, Record<string, string>>> = {
  last: { tpHigher: '51277', slLower: '51278', tpLower: '51279', slHigher: '51280' },
  mark: { tpHigher: '51300', slLower: '51302', tpLower: '51303', slHigher: '51304' },
  index: { tpHigher: '51305', slLower: '51306', tpLower: '51307', slHigher: '51308' },
};
const PRICE_WORD: Readonly<Record<TriggerPxType, string>> = { last: 'last', mark: 'mark', index: 'index' };

/** A stop must sit between the price and the liquidation side; a target beyond the price the other way. */
export function wrongSide(
  role: 'stop' | 'target',
  side: Side,
  trigger: AlgoTrigger,
  price: number,
): OkxCodeMessage | undefined {
  const px = Number(trigger.px);
  const mustBeBelow = (role === 'stop') === (side === 'sell');
  if (mustBeBelow ? px < price : px > price) return undefined;
  const key = `${role === 'stop' ? 'sl' : 'tp'}${mustBeBelow ? 'Higher' : 'Lower'}`;
  const code = WRONG_SIDE[trigger.type][key] ?? '51000';
  const what = role === 'stop' ? 'SL' : 'TP';
  return {
    code,
    msg: `${what} trigger price cannot be ${mustBeBelow ? 'higher' : 'lower'} than the ${PRICE_WORD[trigger.type]} price`,
  };
}

function triggerOf(params: Params, prefix: 'sl' | 'tp'): AlgoTrigger | OkxCodeMessage | undefined {
  const px = text(params, `${prefix}TriggerPx`);
  if (px === '') return undefined;
  if (!(Number(px) > 0)) return invalid(`${prefix}TriggerPx`);
  // Perch closes at market; a limit close (any other order price) is not simulated.
  if (text(params, `${prefix}OrdPx`) !== '-1') return invalid(`${prefix}OrdPx`);
  const type = text(params, `${prefix}TriggerPxType`) || 'last';
  if (type !== 'last' && type !== 'mark' && type !== 'index') return invalid(`${prefix}TriggerPxType`);
  return { px, type };
}

const isError = (value: unknown): value is OkxCodeMessage =>
  typeof value === 'object' && value !== null && 'code' in value;

/** Checks a size against the lot (51121) and the minimum (51007), as OKX words them. */
function sizeOf(instrument: TradableInstrument, sz: string): number | OkxCodeMessage {
  const size = Number(sz);
  if (!(size > 0)) return invalid('sz');
  if (!isMultipleOf(size, Number(instrument.lotSize)))
    return { code: '51121', msg: 'Order quantity must be a multiple of the lot size.' };
  if (size < Number(instrument.minSize))
    return { code: '51007', msg: 'Order failed. Please place orders of at least 1 contract or more.' };
  return size;
}

/** Reads and checks POST /api/v5/trade/order-algo for the kinds Perch sends (conditional, oco, move_order_stop). */
export function draftAlgoOrder(
  engine: TradingEngine,
  params: Params,
  priceOf: PriceOf,
  live: readonly SimAlgoOrder[],
): AlgoDraft | OkxCodeMessage {
  for (const key of ['instId', 'tdMode', 'side', 'ordType'] as const)
    if (text(params, key) === '') return missing(key);
  const found = engine.instrument(text(params, 'instId'));
  if (!found.ok) return { code: '51001', msg: 'Instrument ID does not exist' };
  const instrument = found.value;
  const side = text(params, 'side');
  if (side !== 'buy' && side !== 'sell') return invalid('side');
  const ordType = text(params, 'ordType');
  if (ordType !== 'conditional' && ordType !== 'oco' && ordType !== 'move_order_stop')
    return invalid('ordType');
  const tdMode = text(params, 'tdMode');
  if (tdMode !== 'cross' && tdMode !== 'isolated') return invalid('tdMode');
  const requestedSide = text(params, 'posSide');
  const posSide = resolvePositionSide(
    engine.account.positionMode,
    requestedSide === '' ? undefined : (requestedSide as PositionSide),
  );
  if (!posSide.ok) return invalid('posSide');
  const reduceOnly = params.reduceOnly === true || params.reduceOnly === 'true';

  const closeFraction = text(params, 'closeFraction');
  const sz = text(params, 'sz');
  if ((closeFraction === '') === (sz === '')) return sz === '' ? missing('sz') : invalid('closeFraction');
  if (closeFraction !== '' && closeFraction !== '1') return invalid('closeFraction');
  if (closeFraction !== '' && ordType === 'move_order_stop')
    return { code: '51330', msg: 'closeFraction is only available for stop market orders' };
  if (closeFraction !== '' && posSide.value === 'net' && !reduceOnly)
    return { code: '51328', msg: 'closeFraction is only available for reduceOnly orders' };
  const size = sz === '' ? undefined : sizeOf(instrument, sz);
  if (isError(size)) return size;

  // The closing side must hold a position: a stop on a position that is gone is refused.
  const position = engine.account.findPosition(instrument.symbol, posSide.value);
  const holds = position !== undefined && position.size !== 0 && position.size > 0 === (side === 'sell');
  if (!holds)
    return {
      code: '51169',
      msg: "Order failed because you don't have any positions in this direction for this contract to reduce or close.",
    };
  if (
    size === undefined &&
    live.some((o) => o.instrument === instrument && o.posSide === posSide.value && o.size === undefined)
  )
    return { code: '51088', msg: 'You can only place 1 TP/SL order to close an entire position' };

  let stop: AlgoTrigger | undefined;
  let target: AlgoTrigger | undefined;
  let trail: TrailSettings | undefined;
  if (ordType === 'move_order_stop') {
    const callbackRatio = text(params, 'callbackRatio');
    const callbackSpread = text(params, 'callbackSpread');
    if ((callbackRatio === '') === (callbackSpread === '')) return invalid('callbackRatio');
    if (!(Number(callbackRatio || callbackSpread) > 0))
      return invalid(callbackRatio === '' ? 'callbackSpread' : 'callbackRatio');
    trail = { callbackRatio, callbackSpread, activePx: text(params, 'activePx') };
  } else {
    const sl = triggerOf(params, 'sl');
    const tp = triggerOf(params, 'tp');
    if (isError(sl)) return sl;
    if (isError(tp)) return tp;
    if (sl === undefined && tp === undefined) return missing('slTriggerPx');
    // Net conditional orders with both triggers keep only the stop (OKX's place-algo-order notes).
    stop = sl;
    target = ordType === 'conditional' && posSide.value === 'net' && sl !== undefined ? undefined : tp;
    for (const [role, trigger] of [
      ['stop', stop],
      ['target', target],
    ] as const) {
      if (trigger === undefined) continue;
      const refused = wrongSide(role, side, trigger, priceOf(instrument, trigger.type));
      if (refused) return refused;
    }
  }
  return {
    algoClOrdId: text(params, 'algoClOrdId'),
    tag: text(params, 'tag'),
    instrument,
    ordType,
    side,
    posSide: posSide.value,
    tdMode,
    size,
    reduceOnly,
    stop,
    target,
    trail,
    ...WAITING,
  };
}
