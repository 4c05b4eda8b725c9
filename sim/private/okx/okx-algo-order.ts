import type { PositionSide, Side, TradableInstrument } from '../../accounts/types.js';

/**
 * One OKX algo order the simulator holds (docs/protocol.md "OKX protection"): a `conditional` stop or
 * target, an `oco` pair, or a `move_order_stop` trailing stop, each closing at market when it fires.
 * Trigger prices keep the text the client sent, as OKX echoes them.
 */
export type AlgoOrdType = 'conditional' | 'oco' | 'move_order_stop';
export type TriggerPxType = 'last' | 'index' | 'mark';
export type AlgoState = 'live' | 'effective' | 'canceled' | 'order_failed';

export interface AlgoTrigger {
  readonly px: string;
  readonly type: TriggerPxType;
}

export interface TrailSettings {
  readonly callbackRatio: string;
  readonly callbackSpread: string;
  readonly activePx: string;
}

export interface SimAlgoOrder {
  readonly algoId: string;
  readonly algoClOrdId: string;
  readonly tag: string;
  readonly instrument: TradableInstrument;
  readonly ordType: AlgoOrdType;
  readonly side: Side;
  readonly posSide: PositionSide;
  readonly tdMode: string;
  /** undefined: closeFraction "1", the whole position whatever its size when it fires. */
  size: number | undefined;
  readonly reduceOnly: boolean;
  stop: AlgoTrigger | undefined;
  target: AlgoTrigger | undefined;
  readonly trail: TrailSettings | undefined;
  /** Trailing: whether the activation price has been reached (at once without one). */
  active: boolean;
  /** Trailing: the best last price since activation (highest for a sell, lowest for a buy). */
  extreme: number | undefined;
  moveTriggerPx: number | undefined;
  state: AlgoState;
  failCode: string;
  actualSz: number;
  actualSide: '' | 'sl' | 'tp';
  ordId: string;
  triggerTime: number | undefined;
  readonly cTime: number;
  uTime: number;
}

/** What a new algo order starts with: waiting, not fired, a trail not yet active. */
export const WAITING = {
  active: false,
  extreme: undefined,
  moveTriggerPx: undefined,
  state: 'live',
  failCode: '',
  actualSz: 0,
  actualSide: '',
  ordId: '',
  triggerTime: undefined,
} as const satisfies Partial<SimAlgoOrder>;

/** Which price a trigger watches, as a number. */
export type PriceOf = (instrument: TradableInstrument, type: TriggerPxType) => number;

/** Whether a trigger of `role` on an order of `side` fires at `price` (a sell closes a long). */
export function crossed(role: 'stop' | 'target', side: Side, trigger: number, price: number): boolean {
  const fallsThrough = (role === 'stop') === (side === 'sell');
  return fallsThrough ? price <= trigger : price >= trigger;
}

/**
 * A trailing stop's step at `last`: activates at the activation price, follows the best price since
 * (never back), and fires when the price turns back to the ratcheted trigger. Returns whether it fires.
 */
export function trailStep(order: SimAlgoOrder, last: number): boolean {
  const { trail } = order;
  if (trail === undefined) return false;
  const sell = order.side === 'sell';
  if (!order.active) {
    const activePx = Number(trail.activePx);
    if (trail.activePx !== '' && (sell ? last < activePx : last > activePx)) return false;
    order.active = true;
  }
  const best =
    order.extreme === undefined ? last : sell ? Math.max(order.extreme, last) : Math.min(order.extreme, last);
  order.extreme = best;
  const ratio = trail.callbackRatio === '' ? undefined : Number(trail.callbackRatio);
  const spread = Number(trail.callbackSpread);
  order.moveTriggerPx = sell
    ? ratio === undefined
      ? best - spread
      : best * (1 - ratio)
    : ratio === undefined
      ? best + spread
      : best * (1 + ratio);
  return sell ? last <= order.moveTriggerPx : last >= order.moveTriggerPx;
}
