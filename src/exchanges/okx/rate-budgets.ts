import type { RouteSpec } from '../transport/http-routes';
import { ratePriorityOf, type RateBudgetTable } from '../transport/rate-gate';
import type { RateBudget } from '../transport/rest-limiter';

/**
 * OKX's limits are per endpoint, in requests per 2 s (docs/protocol.md "OKX rate limits"). The route table carries
 * each endpoint's ccxt cost as its weight, where 1 cost is 20 requests per 2 s: so every endpoint's
 * budget is 20 cost units per 2 s, and a weight of 2 (account/positions, account/balance, public/time)
 * allows 10, 1/3 (trade/order) 60, 1/2 (market/books) 40.
 */
export const OKX_BUDGET_WINDOW_MS = 2_000;
export const OKX_COST_UNITS_PER_WINDOW = 20;

/**
 * Why trading needs no reserve here: every OKX endpoint has a budget of its own (docs/protocol.md "OKX rate limits"), so the reads that
 * snapshot an account (positions, balance, orders-pending) never spend what trade/order or close-position
 * may send; trading is still queued first should it share anything.
 */
export const okxRateBudgets: RateBudgetTable = (route: RouteSpec, params) => {
  const budget: RateBudget = {
    key: `okx|${route.method} ${route.path}`,
    limit: OKX_COST_UNITS_PER_WINDOW,
    windowMs: OKX_BUDGET_WINDOW_MS,
  };
  // Batch endpoints count orders, not requests ("300 orders per 2 s", docs/protocol.md "OKX rate limits"): the weight is per order.
  const items = Array.isArray(params) ? Math.max(1, params.length) : 1;
  return {
    budgets: [budget],
    cost: route.weight * items,
    priority: ratePriorityOf(route),
  };
};
