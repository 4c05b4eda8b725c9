import type { AccountRegistry } from '../../accounts/account-registry.js';
import type { SimContext } from '../../server/context.js';
import { bybitError, bybitOk } from '../../server/envelopes.js';
import type { SimRequest, SimResponse } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { bybitClosedPnl } from './bybit-history-shapes.js';
import { bybitExecution } from './bybit-shapes.js';

const SEVEN_DAYS_MS = 7 * 86_400_000;
const CURSOR_PREFIX = 'sim-offset-';

/**
 * The time window of execution/list and closed-pnl: neither bound gives the last 7 days, `startTime`
 * alone the 7 days from it, `endTime` alone the 7 days before it (docs/protocol.md "Candles and fills since a time").
 */
function window(request: SimRequest, now: number): { from: number; to: number } {
  const read = (key: string) => {
    const value = request.query.get(key);
    return value === null || value === '' ? undefined : Number(value);
  };
  const [start, end] = [read('startTime'), read('endTime')];
  if (start !== undefined) return { from: start, to: end ?? start + SEVEN_DAYS_MS };
  const to = end ?? now;
  return { from: to - SEVEN_DAYS_MS, to };
}

/** Newest first, `limit` (50 by default, 100 at most) a page, a cursor until the last page, which answers "". */
function page<Row>(
  request: SimRequest,
  rows: readonly Row[],
  now: number,
  shape: (row: Row) => unknown,
): SimResponse {
  const category = request.query.get('category');
  if (!category) return bybitError(10001, 'params error: category is required', now);
  const limit = Math.min(100, Number(request.query.get('limit') ?? '50') || 50);
  const cursor = request.query.get('cursor') ?? '';
  const offset = cursor.startsWith(CURSOR_PREFIX) ? Number(cursor.slice(CURSOR_PREFIX.length)) : 0;
  // Only the linear USDT perpetuals trade here; other categories hold nothing.
  const listed = category === 'linear' ? rows : [];
  const next = offset + limit < listed.length ? `${CURSOR_PREFIX}${offset + limit}` : '';
  const list = listed.slice(offset, offset + limit).map(shape);
  return bybitOk({ category, nextPageCursor: next, list }, now);
}

/** execution/list and position/closed-pnl, filtered by symbol and time window. */
export function registerBybitHistoryRoutes(
  ctx: SimContext,
  accounts: AccountRegistry,
  routes: PrivateRoutes,
): void {
  routes.bybit('GET', '/v5/execution/list', (request, engine) => {
    const symbol = request.query.get('symbol');
    const orderId = request.query.get('orderId');
    const { from, to } = window(request, ctx.now());
    const fills = engine.account.fills
      .filter(
        (f) =>
          (!symbol || f.order.instrument.symbol === symbol) &&
          (!orderId || f.order.id === orderId) &&
          f.ts >= from &&
          f.ts <= to,
      )
      .reverse();
    return page(request, fills, ctx.now(), (f) => bybitExecution(f, accounts.market));
  });

  routes.bybit('GET', '/v5/position/closed-pnl', (request, engine) => {
    const symbol = request.query.get('symbol');
    const { from, to } = window(request, ctx.now());
    const closes = engine.account.closes
      .filter(
        (c) =>
          (!symbol || c.position.instrument.symbol === symbol) && c.createdAt >= from && c.createdAt <= to,
      )
      .sort((a, b) => b.createdAt - a.createdAt);
    return page(request, closes, ctx.now(), bybitClosedPnl);
  });
}
