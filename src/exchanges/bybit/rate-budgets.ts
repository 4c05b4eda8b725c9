import type { RouteSpec } from '../transport/http-routes';
import { ratePriorityOf, type RateBudgetTable } from '../transport/rate-gate';
import type { RateBudget } from '../transport/rest-limiter';

/**
 * Bybit (docs/protocol.md "Bybit rate limits"): 600 requests in any 5 s per IP across every endpoint, plus per-UID
 * limits per private endpoint in 1 s windows. The route table's weight is what one request spends.
 */
export const BYBIT_IP_BUDGET: RateBudget = {
  key: 'bybit|ip',
  limit: 600,
  windowMs: 5_000,
  // Reads and trading share this one budget, so a fifth of it is kept for trading: 20 tabs' snapshots
  // cannot make a close wait for the IP window to roll over. (Per endpoint they never compete.)
  tradeReserve: 120,
};
export const BYBIT_UID_WINDOW_MS = 1_000;

/**
 * Per-UID requests per second, from Bybit's rate limit rules (docs/protocol.md "Bybit rate limits": order/create, amend and cancel 10/s,
 * position/list and wallet-balance 50/s, position/trading-stop 10/s; the order and execution lists 50/s on the same page). The
 * simulator keeps its own copy on purpose (sim/ shares nothing with src/, so it catches our mistakes).
 */
const BYBIT_UID_LIMITS: Readonly<Record<string, number>> = {
  '/v5/order/create': 10,
  '/v5/order/amend': 10,
  '/v5/order/cancel': 10,
  '/v5/order/cancel-all': 10,
  '/v5/order/create-batch': 10,
  '/v5/order/amend-batch': 10,
  '/v5/order/cancel-batch': 10,
  '/v5/order/realtime': 50,
  '/v5/order/history': 50,
  '/v5/execution/list': 50,
  '/v5/position/list': 50,
  '/v5/position/trading-stop': 10,
  '/v5/account/wallet-balance': 50,
};
/** A private endpoint the table does not list gets the lowest published per-UID figure. */
const BYBIT_UID_DEFAULT_LIMIT = 10;

/**
 * Public endpoints have no per-endpoint budget (only the IP's); their own entry exists so that an answer
 * saying the route is spent (10006, or the headers reading 0 left) holds that route alone.
 */
export const bybitRateBudgets: RateBudgetTable = (route: RouteSpec) => {
  const own: RateBudget = {
    key: `bybit|${route.method} ${route.path}`,
    limit: route.auth === 'private' ? (BYBIT_UID_LIMITS[route.path] ?? BYBIT_UID_DEFAULT_LIMIT) : Infinity,
    windowMs: BYBIT_UID_WINDOW_MS,
  };
  return {
    budgets: [own, BYBIT_IP_BUDGET],
    cost: route.weight,
    priority: ratePriorityOf(route),
  };
};
