import type { AccountRegistry } from '../../accounts/account-registry.js';
import { okxOk } from '../../server/envelopes.js';
import type { SimRequest } from '../../server/http.js';
import type { PrivateRoutes } from '../private-route.js';
import { okxPositionHistory } from './okx-history-shapes.js';
import { okxFill } from './okx-shapes.js';

/** A time or id bound from the query, or undefined when absent ("" counts as absent, as on OKX). */
const bound = (request: SimRequest, key: string): number | undefined => {
  const value = request.query.get(key);
  return value === null || value === '' ? undefined : Number(value);
};
const pageSize = (request: SimRequest): number =>
  Math.min(100, Number(request.query.get('limit') ?? '100') || 100);

/**
 * The account's history, newest first, 100 a page (docs/protocol.md "Candles and fills since a time",
 * "Position history"): trade/fills (`begin`/`end` ms on the fill time, `after`/`before` a billId) and
 * account/positions-history (`after`/`before` ms on uTime).
 */
export function registerOkxHistoryRoutes(accounts: AccountRegistry, routes: PrivateRoutes): void {
  routes.okx('GET', '/api/v5/trade/fills', (request, engine) => {
    const instId = request.query.get('instId');
    const ordId = request.query.get('ordId');
    const [begin, end] = [bound(request, 'begin'), bound(request, 'end')];
    const [after, before] = [bound(request, 'after'), bound(request, 'before')];
    const fills = engine.account.fills
      .filter(
        (f) =>
          (!instId || f.order.instrument.symbol === instId) &&
          (!ordId || f.order.id === ordId) &&
          (begin === undefined || f.ts >= begin) &&
          (end === undefined || f.ts <= end) &&
          (after === undefined || Number(f.tradeId) < after) &&
          (before === undefined || Number(f.tradeId) > before),
      )
      .reverse()
      .slice(0, pageSize(request));
    return okxOk(fills.map((f) => okxFill(f, accounts.market)));
  });

  routes.okx('GET', '/api/v5/account/positions-history', (request, engine) => {
    const instId = request.query.get('instId');
    const type = request.query.get('type');
    const [after, before] = [bound(request, 'after'), bound(request, 'before')];
    const rows = engine.account.closes
      .map(okxPositionHistory)
      .filter(
        (row) =>
          (!instId || row.instId === instId) &&
          (!type || row.type === type) &&
          (after === undefined || Number(row.uTime) < after) &&
          (before === undefined || Number(row.uTime) > before),
      )
      .sort((a, b) => Number(b.uTime) - Number(a.uTime))
      .slice(0, pageSize(request));
    return okxOk(rows);
  });
}
