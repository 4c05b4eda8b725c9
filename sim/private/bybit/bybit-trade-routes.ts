import type { AccountRegistry } from '../../accounts/account-registry.js';
import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { SimOrder } from '../../accounts/types.js';
import type { SimContext } from '../../server/context.js';
import { bybitError, bybitOk } from '../../server/envelopes.js';
import type { SimRequest, SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { bybitReadOnlyError } from './bybit-account-routes.js';
import { protectionBook } from '../../accounts/protection-book.js';
import { bybitLegOrder } from './bybit-protection-shapes.js';
import { bybitCancelAll } from './bybit-cancel-all.js';
import { bybitOrder } from './bybit-shapes.js';
import { bybitLegOrderOp, type TradingStopDeps } from './bybit-trading-stop.js';
import { bybitAmend, bybitBatch, bybitCancel, bybitPlace, type BybitOpResult } from './bybit-trade-ops.js';

type Op = (engine: TradingEngine, params: unknown) => BybitOpResult;

/** Bybit's cursors are opaque; the simulator's says where the next page starts. */
const CURSOR_PREFIX = 'sim-page-';

/**
 * Filters and pages an order list the way order/realtime and order/history take their query:
 * `limit` (20 by default, 50 at most) a page, `nextPageCursor` until the last page, which answers ""
 * (docs/protocol.md "Open orders paging"). `conditional` rows (waiting stops and targets) come first.
 */
function orderList(
  request: SimRequest,
  orders: SimOrder[],
  now: number,
  conditional: Record<string, unknown>[] = [],
): SimResponse {
  const category = request.query.get('category');
  if (!category) return bybitError(10001, 'params error: category is required', now);
  const symbol = request.query.get('symbol');
  const orderId = request.query.get('orderId');
  const orderLinkId = request.query.get('orderLinkId');
  const limit = Math.min(50, Number(request.query.get('limit') ?? '20') || 20);
  const rows =
    category !== 'linear'
      ? []
      : orders
          .filter(
            (o) =>
              (!symbol || o.instrument.symbol === symbol) &&
              (!orderId || o.id === orderId) &&
              (!orderLinkId || o.clientId === orderLinkId),
          )
          .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
  const stops = category === 'linear' ? conditional.filter((row) => !symbol || row.symbol === symbol) : [];
  const all = [...stops, ...rows.map((o) => bybitOrder(o))];
  const cursor = request.query.get('cursor') ?? '';
  const start = cursor.startsWith(CURSOR_PREFIX) ? Number(cursor.slice(CURSOR_PREFIX.length)) || 0 : 0;
  const end = start + limit;
  const nextPageCursor = end < all.length ? `${CURSOR_PREFIX}${String(end)}` : '';
  return bybitOk({ category, nextPageCursor, list: all.slice(start, end) }, now);
}

/** order/* (execution/list: bybit-history-routes.ts; docs/protocol.md "Bybit trade socket", "Bybit positions"). */
export function registerBybitTradeRoutes(
  ctx: SimContext,
  accounts: AccountRegistry,
  routes: PrivateRoutes,
  legs: TradingStopDeps,
): void {
  const single = (path: string, op: Op, legOp?: 'amend' | 'cancel') => {
    routes.bybit('POST', path, (request, engine) => {
      // A waiting stop or target is an order too (docs/protocol.md "Bybit protection").
      const onLeg = legOp === undefined ? undefined : bybitLegOrderOp(engine, request.json, legOp, legs);
      if (onLeg) return onLeg;
      const outcome = op(engine, request.json);
      if (!outcome.ok) return bybitError(outcome.error.retCode, outcome.error.retMsg, ctx.now());
      return bybitOk({ orderId: outcome.order.id, orderLinkId: outcome.order.clientId }, ctx.now());
    });
  };
  const batch = (path: string, op: Op) => {
    routes.bybit('POST', path, (request, engine) => {
      if (engine.account.permission === 'read_only') return bybitReadOnlyError(ctx.now());
      const outcome = bybitBatch(engine, request.json, op, ctx.now());
      if (!outcome.ok) return bybitError(outcome.error.retCode, outcome.error.retMsg, ctx.now());
      return {
        status: 200,
        body: {
          retCode: 0,
          retMsg: 'OK',
          result: outcome.result,
          retExtInfo: outcome.retExtInfo,
          time: ctx.now(),
        },
      };
    });
  };
  single('/v5/order/create', bybitPlace);
  single('/v5/order/amend', bybitAmend, 'amend');
  single('/v5/order/cancel', bybitCancel, 'cancel');
  batch('/v5/order/create-batch', bybitPlace);
  batch('/v5/order/amend-batch', bybitAmend);
  batch('/v5/order/cancel-batch', bybitCancel);

  routes.bybit('POST', '/v5/order/cancel-all', (request, engine) => bybitCancelAll(ctx, request, engine));

  // order/realtime lists open orders, and any order when asked by id (BYDOC get-open-orders).
  routes.bybit('GET', '/v5/order/realtime', (request, engine) => {
    const byId = request.query.get('orderId') ?? request.query.get('orderLinkId');
    const orders = byId ? [...engine.account.orders.values()] : engine.account.openOrders();
    // Linear contracts settle in their quote coin (USDT here): a USDC list holds none of them.
    const settleCoin = request.query.get('settleCoin');
    const settled = orders.filter((o) => !settleCoin || o.instrument.quote === settleCoin);
    // orderFilter: every kind by default; StopOrder the conditional ones alone (BYDOC open-order).
    const filter = request.query.get('orderFilter');
    const stops = protectionBook(engine.account)
      .waiting()
      .map((leg) => {
        const instrument = accounts.market.instrument('bybit', leg.symbol);
        return instrument ? bybitLegOrder(leg, instrument) : undefined;
      })
      .filter((row) => row !== undefined);
    const stopRows = !settleCoin || settleCoin === 'USDT' ? stops : [];
    if (filter === 'StopOrder') return orderList(request, [], ctx.now(), stopRows);
    return orderList(request, settled, ctx.now(), filter === 'Order' ? [] : stopRows);
  });

  routes.bybit('GET', '/v5/order/history', (request, engine) =>
    orderList(
      request,
      [...engine.account.orders.values()].filter((o) => o.state === 'filled' || o.state === 'canceled'),
      ctx.now(),
    ),
  );
}
