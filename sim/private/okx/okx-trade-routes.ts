import type { TradingEngine } from '../../accounts/trading-engine.js';
import type { SimOrder } from '../../accounts/types.js';
import type { SimContext } from '../../server/context.js';
import { okxError, okxOk } from '../../server/envelopes.js';
import type { SimRequest, SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { okxFailure, okxPermissionDenied } from './okx-errors.js';
import { okxOrder } from './okx-shapes.js';
import {
  OKX_MAX_BATCH,
  okxAmend,
  okxCancel,
  okxOperationEnvelope,
  okxOrderType,
  okxPlace,
  type OkxItemResult,
} from './okx-trade-ops.js';

type ItemOp = (engine: TradingEngine, params: unknown, ts: string) => OkxItemResult;

/** Single-item endpoints answer with the batch envelope of one item (code "1" when it failed). */
function single(op: ItemOp) {
  return (request: SimRequest, engine: TradingEngine, now: number): SimResponse => {
    if (engine.account.permission === 'read_only') return okxPermissionDenied();
    return { status: 200, body: okxOperationEnvelope([op(engine, request.json, String(now))]) };
  };
}

function batch(op: ItemOp) {
  return (request: SimRequest, engine: TradingEngine, now: number): SimResponse => {
    if (engine.account.permission === 'read_only') return okxPermissionDenied();
    if (!Array.isArray(request.json) || request.json.length === 0)
      return okxError('50014', 'Parameter data can not be empty');
    if (request.json.length > OKX_MAX_BATCH)
      return okxError('51000', 'Parameter data error: a batch holds at most 20 orders');
    const items = request.json.map((params: unknown) => op(engine, params, String(now)));
    return { status: 200, body: okxOperationEnvelope(items) };
  };
}

/**
 * Newest first, like every OKX order list, at most `limit` (100) a page. `after` (an ordId) pages to
 * older orders, `before` to newer ones (docs/protocol.md "Open orders paging").
 */
function listOrders(request: SimRequest, orders: SimOrder[]): SimResponse {
  const instId = request.query.get('instId');
  const ordType = request.query.get('ordType');
  const limit = Math.min(100, Number(request.query.get('limit') ?? '100') || 100);
  const rows = orders
    .filter((o) => (!instId || o.instrument.symbol === instId) && (!ordType || okxOrderType(o) === ordType))
    .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
  const after = request.query.get('after');
  const before = request.query.get('before');
  const at = (ordId: string) => rows.findIndex((o) => o.id === ordId);
  // An ordId that left the list (filled, cancelled) pages from nowhere: OKX answers an empty page.
  const page = after
    ? at(after) < 0
      ? []
      : rows.slice(at(after) + 1, at(after) + 1 + limit)
    : before
      ? rows.slice(Math.max(0, at(before) - limit), Math.max(0, at(before)))
      : rows.slice(0, limit);
  return okxOk(page.map((o) => okxOrder(o)));
}

/** trade/*: order entry, queries and close-position (fills: okx-history-routes.ts) (docs/protocol.md "OKX orders on the private socket", "OKX positions"). */
export function registerOkxTradeRoutes(ctx: SimContext, routes: PrivateRoutes): void {
  const on = (
    method: 'GET' | 'POST',
    path: string,
    handler: (request: SimRequest, engine: TradingEngine, now: number) => SimResponse,
  ) => {
    routes.okx(method, path, (request, engine) => handler(request, engine, ctx.now()));
  };
  on('POST', '/api/v5/trade/order', single(okxPlace));
  on('POST', '/api/v5/trade/cancel-order', single(okxCancel));
  on('POST', '/api/v5/trade/amend-order', single(okxAmend));
  on('POST', '/api/v5/trade/batch-orders', batch(okxPlace));
  on('POST', '/api/v5/trade/cancel-batch-orders', batch(okxCancel));
  on('POST', '/api/v5/trade/batch-amend-orders', batch(okxAmend));

  on('GET', '/api/v5/trade/order', (request, engine) => {
    const instId = request.query.get('instId');
    const ordId = request.query.get('ordId');
    const clOrdId = request.query.get('clOrdId');
    if (!instId) return okxError('50014', 'Parameter instId can not be empty');
    if (!ordId && !clOrdId) return okxError('50014', 'Parameter ordId can not be empty');
    const order = [...engine.account.orders.values()].find(
      (o) => o.instrument.symbol === instId && (ordId ? o.id === ordId : o.clientId === clOrdId),
    );
    if (!order) return okxError('51603', 'Order does not exist');
    return okxOk([okxOrder(order)]);
  });

  on('GET', '/api/v5/trade/orders-pending', (request, engine) =>
    listOrders(request, engine.account.openOrders()),
  );

  on('GET', '/api/v5/trade/orders-history', (request, engine) => {
    if (!request.query.get('instType')) return okxError('50014', 'Parameter instType can not be empty');
    return listOrders(
      request,
      [...engine.account.orders.values()].filter((o) => o.state === 'filled' || o.state === 'canceled'),
    );
  });

  on('POST', '/api/v5/trade/close-position', (request, engine) => {
    if (engine.account.permission === 'read_only') return okxPermissionDenied();
    const body =
      typeof request.json === 'object' && request.json !== null
        ? (request.json as Record<string, unknown>)
        : {};
    const instId = typeof body.instId === 'string' ? body.instId : '';
    const mgnMode = typeof body.mgnMode === 'string' ? body.mgnMode : '';
    const posSide = typeof body.posSide === 'string' && body.posSide !== '' ? body.posSide : undefined;
    if (!instId) return okxError('50014', 'Parameter instId can not be empty');
    if (mgnMode !== 'cross' && mgnMode !== 'isolated')
      return okxError('50014', 'Parameter mgnMode can not be empty');
    if (posSide !== undefined && posSide !== 'net' && posSide !== 'long' && posSide !== 'short')
      return okxError('51000', 'Parameter posSide error');
    const instrument = engine.instrument(instId);
    if (!instrument.ok) return okxError('51001', 'Instrument ID does not exist');
    const clOrdId = typeof body.clOrdId === 'string' ? body.clOrdId : '';
    const tag = typeof body.tag === 'string' ? body.tag : '';
    const result = engine.closePosition(instId, posSide, { clientId: clOrdId, tag });
    if (!result.ok) {
      const { code, msg } = okxFailure(result.failure, 'place');
      return okxError(code, msg);
    }
    return okxOk([{ instId, posSide: posSide ?? 'net', clOrdId, tag }]);
  });
}
