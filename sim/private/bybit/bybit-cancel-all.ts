import { protectionBook } from '../../accounts/protection-book.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { SimContext } from '../../server/context.js';
import { bybitError, bybitOk } from '../../server/envelopes.js';
import type { SimRequest, SimResponse } from '../../server/http.js';
import { bybitReadOnlyError } from './bybit-account-routes.js';
import { isRecord, textOf } from './bybit-trade-ops.js';

/** Which linear contracts a cancel-all names: its symbol, base coin or settle coin (all that are sent). */
interface Selection {
  readonly symbol: string | undefined;
  readonly baseCoin: string | undefined;
  readonly settleCoin: string | undefined;
}

/** The simulator's linear contracts settle in their quote coin and are named base + quote (BTCUSDT). */
const selects = (selection: Selection, symbol: string, quote: string): boolean =>
  (selection.symbol === undefined || symbol === selection.symbol) &&
  (selection.baseCoin === undefined || symbol === selection.baseCoin + quote) &&
  (selection.settleCoin === undefined || quote === selection.settleCoin);

/**
 * POST /v5/order/cancel-all (docs/protocol.md "Cancel all"): linear and inverse need a symbol, baseCoin
 * or settleCoin; without orderFilter every kind goes, sized (Partial) stops and targets too, each pushed
 * on the order topic as Cancelled. Stops kept on the position (Full) stay. Only linear holds orders here.
 */
export function bybitCancelAll(ctx: SimContext, request: SimRequest, engine: TradingEngine): SimResponse {
  const body = isRecord(request.json) ? request.json : {};
  const category = textOf(body, 'category');
  if (!category) return bybitError(10001, 'params error: category is required', ctx.now());
  if (engine.account.permission === 'read_only') return bybitReadOnlyError(ctx.now());
  const selection: Selection = {
    symbol: textOf(body, 'symbol') || undefined,
    baseCoin: textOf(body, 'baseCoin') || undefined,
    settleCoin: textOf(body, 'settleCoin') || undefined,
  };
  const named = Object.values(selection).some((value) => value !== undefined);
  if ((category === 'linear' || category === 'inverse') && !named)
    return bybitError(10001, 'params error: symbol, baseCoin or settleCoin is required', ctx.now());
  if (category !== 'linear') return bybitOk({ list: [], success: '1' }, ctx.now());
  const filter = textOf(body, 'orderFilter');
  const orders =
    filter === 'StopOrder'
      ? []
      : engine.cancelAll((order) => selects(selection, order.instrument.symbol, order.instrument.quote));
  const legs = filter === 'Order' ? [] : cancelSizedLegs(engine, selection, ctx.now());
  return bybitOk(
    {
      list: [
        ...orders.map((order) => ({ orderId: order.id, orderLinkId: order.clientId })),
        ...legs.map((id) => ({ orderId: id, orderLinkId: '' })),
      ],
      success: '1',
    },
    ctx.now(),
  );
}

/** Cancels the waiting Partial legs the selection names; answers their order ids. */
function cancelSizedLegs(engine: TradingEngine, selection: Selection, now: number): string[] {
  const cancelled: string[] = [];
  for (const leg of protectionBook(engine.account).waiting()) {
    const position = engine.account.findPosition(leg.symbol, leg.posSide);
    if (leg.full || position === undefined) continue;
    if (!selects(selection, leg.symbol, position.instrument.quote)) continue;
    leg.state = 'cancelled';
    leg.updatedAt = now;
    engine.account.emit({ orders: [], fills: [], positions: [position], balanceChanged: false, legs: [leg] });
    cancelled.push(leg.id);
  }
  return cancelled;
}
