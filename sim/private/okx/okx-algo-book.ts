import type { TradingEngine } from '../../accounts/trading-engine.js';
import { draftAlgoOrder, wrongSide } from './okx-algo-place.js';
import { crossed, trailStep, type PriceOf, type SimAlgoOrder } from './okx-algo-order.js';
import type { OkxCodeMessage } from './okx-errors.js';
import type { OkxItemResult } from './okx-trade-ops.js';

type Params = Record<string, unknown>;
const record = (value: unknown): Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};
const text = (params: Params, key: string): string => {
  const value = params[key];
  return typeof value === 'string' ? value : '';
};

const NOT_FOUND: OkxCodeMessage = { code: '51603', msg: 'Order does not exist.' };

/**
 * The OKX account's algo orders (docs/protocol.md "OKX protection"): placed, amended and cancelled
 * over REST, fired by the price they watch (a reduce-only market order of their size, or the whole
 * position), and cancelled when their position closes. Every change is announced once.
 */
export class OkxAlgoBook {
  private readonly orders = new Map<string, SimAlgoOrder>();
  private readonly listeners = new Set<(order: SimAlgoOrder) => void>();
  private seq = 0;
  private firing = false;

  constructor(
    private readonly engine: TradingEngine,
    private readonly priceOf: PriceOf,
    private readonly now: () => number,
  ) {
    engine.account.onChange((change) => {
      if (!this.firing && change.positions.some((p) => p.size === 0)) this.cancelOnFlat();
    });
  }

  onChange(listener: (order: SimAlgoOrder) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waiting orders, newest first, as orders-algo-pending lists them. */
  live(): SimAlgoOrder[] {
    return [...this.orders.values()].filter((o) => o.state === 'live').reverse();
  }

  place(raw: unknown): OkxItemResult {
    const params = record(raw);
    const draft = draftAlgoOrder(this.engine, params, this.priceOf, this.live());
    const base = { algoClOrdId: text(params, 'algoClOrdId'), clOrdId: '', tag: text(params, 'tag') };
    if ('code' in draft) return { ...base, algoId: '', sCode: draft.code, sMsg: draft.msg };
    const now = this.now();
    // OKX algo ids are long numbers like its order ids.
    const order: SimAlgoOrder = {
      ...draft,
      algoId: String(3_000_000_000_000_000_000n + BigInt(++this.seq)),
      cTime: now,
      uTime: now,
    };
    this.orders.set(order.algoId, order);
    if (order.trail !== undefined) trailStep(order, this.priceOf(order.instrument, 'last'));
    this.announce(order);
    return { ...base, algoId: order.algoId, sCode: '0', sMsg: '' };
  }

  amend(raw: unknown): OkxItemResult {
    const params = record(raw);
    const order = this.orders.get(text(params, 'algoId'));
    const base = {
      algoId: text(params, 'algoId'),
      algoClOrdId: order?.algoClOrdId ?? '',
      reqId: text(params, 'reqId'),
    };
    const refused = (e: OkxCodeMessage): OkxItemResult => ({ ...base, sCode: e.code, sMsg: e.msg });
    if (order === undefined || order.state !== 'live' || order.instrument.symbol !== text(params, 'instId'))
      return refused(NOT_FOUND);
    if (order.ordType === 'move_order_stop')
      return refused({ code: '51000', msg: 'Parameter ordType error' });
    const newSz = text(params, 'newSz');
    if (newSz !== '' && (order.size === undefined || !(Number(newSz) > 0)))
      return refused({ code: '51000', msg: 'Parameter newSz error' });
    const stop = this.amended(order.stop, params, 'Sl');
    const target = this.amended(order.target, params, 'Tp');
    for (const [role, trigger] of [
      ['stop', stop],
      ['target', target],
    ] as const) {
      if (trigger === undefined) continue;
      const error = wrongSide(role, order.side, trigger, this.priceOf(order.instrument, trigger.type));
      if (error) return refused(error);
    }
    order.stop = stop;
    order.target = target;
    if (newSz !== '') order.size = Number(newSz);
    order.uTime = this.now();
    this.announce(order);
    return { ...base, sCode: '0', sMsg: '' };
  }

  private amended(current: SimAlgoOrder['stop'], params: Params, prefix: 'Sl' | 'Tp'): SimAlgoOrder['stop'] {
    const px = text(params, `new${prefix}TriggerPx`);
    if (px === '' || current === undefined) return current;
    const type = text(params, `new${prefix}TriggerPxType`);
    return { px, type: type === 'last' || type === 'mark' || type === 'index' ? type : current.type };
  }

  cancel(raw: unknown): OkxItemResult {
    const params = record(raw);
    const order = this.orders.get(text(params, 'algoId'));
    const base = { algoId: text(params, 'algoId'), algoClOrdId: order?.algoClOrdId ?? '' };
    if (order === undefined || order.state !== 'live' || order.instrument.symbol !== text(params, 'instId'))
      return { ...base, sCode: NOT_FOUND.code, sMsg: NOT_FOUND.msg };
    this.finish(order, 'canceled');
    return { ...base, sCode: '0', sMsg: '' };
  }

  /** Fires what the price has reached and ratchets trailing stops; called on every market move. */
  check(): void {
    if (this.firing) return;
    this.cancelOnFlat();
    for (const order of this.live()) {
      if (order.state !== 'live') continue;
      if (order.trail !== undefined) {
        const before = order.moveTriggerPx;
        if (trailStep(order, this.priceOf(order.instrument, 'last'))) this.fire(order, 'sl');
        else if (before !== order.moveTriggerPx) order.uTime = this.now();
        continue;
      }
      const hit = (role: 'stop' | 'target', trigger: SimAlgoOrder['stop']) =>
        trigger !== undefined &&
        crossed(role, order.side, Number(trigger.px), this.priceOf(order.instrument, trigger.type));
      if (hit('stop', order.stop)) this.fire(order, 'sl');
      else if (hit('target', order.target)) this.fire(order, 'tp');
    }
  }

  private fire(order: SimAlgoOrder, actualSide: 'sl' | 'tp'): void {
    const position = this.engine.account.findPosition(order.instrument.symbol, order.posSide);
    const size = Math.min(order.size ?? Infinity, Math.abs(position?.size ?? 0));
    order.actualSide = actualSide;
    order.triggerTime = this.now();
    this.firing = true;
    try {
      const result = this.engine.place({
        symbol: order.instrument.symbol,
        side: order.side,
        type: 'market',
        size: String(size),
        posSide: order.posSide,
        reduceOnly: true,
        marginMode: order.tdMode === 'isolated' ? 'isolated' : 'cross',
        clientId: '',
        tag: order.tag,
        origin: order.trail !== undefined ? 'trailing' : actualSide === 'sl' ? 'stop' : 'target',
        algoId: order.algoId,
      });
      if (result.ok) {
        order.ordId = result.value.id;
        order.actualSz = result.value.filled;
      } else order.failCode = '51169';
    } finally {
      this.firing = false;
    }
    this.finish(order, order.ordId === '' ? 'order_failed' : 'effective');
    this.cancelOnFlat();
  }

  /**
   * OKX cancels the TP/SL orders of a position that closes (docs/protocol.md "OKX protection"). Also
   * catches positions an admin reset removed without a trade.
   */
  private cancelOnFlat(): void {
    for (const order of this.live()) {
      const position = this.engine.account.findPosition(order.instrument.symbol, order.posSide);
      if (position === undefined || position.size === 0) this.finish(order, 'canceled');
    }
  }

  private finish(order: SimAlgoOrder, state: SimAlgoOrder['state']): void {
    order.state = state;
    order.uTime = this.now();
    this.announce(order);
  }

  private announce(order: SimAlgoOrder): void {
    for (const listener of this.listeners) listener(order);
  }
}
