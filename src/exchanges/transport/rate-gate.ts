import { RateLimitError } from '../errors';
import type { RouteSpec } from './http-routes';
import type { RestResult } from './http-types';
import type { RateDemand, RateLimiter, RatePriority } from './rest-limiter';

/** An exchange's budget table: what one request on a route needs (docs/protocol.md "Rate limits"). */
export type RateBudgetTable = (route: RouteSpec, params: object | undefined) => RateDemand;

/** A signed POST is the trader acting (place, amend, cancel, close, set leverage); the rest are reads. */
export function ratePriorityOf(route: RouteSpec): RatePriority {
  return route.auth === 'private' && route.method === 'POST' ? 'trade' : 'read';
}

/** Where an account's REST requests wait for their budgets. */
export interface RateGate {
  readonly limiter: RateLimiter;
  readonly budgets: RateBudgetTable;
  /** A server timestamp (Bybit's X-Bapi-Limit-Reset-Timestamp) on the local clock the limiter counts in. */
  readonly toLocal: (serverMs: number) => number;
}

/**
 * Sends one request once its budgets have room. When the exchange answers that the route's budget is
 * spent (a RateLimitError, or Bybit's headers reading 0 left), the route is held until the reset it
 * named (or a whole window) so the requests behind wait instead of storming into more refusals.
 */
export async function throughGate<T extends RestResult<unknown>>(
  gate: RateGate,
  route: RouteSpec,
  params: object | undefined,
  send: () => Promise<T>,
): Promise<T> {
  const demand = gate.budgets(route, params);
  const release = await gate.limiter.acquire(demand);
  const [own] = demand.budgets;
  try {
    const result = await send();
    if (result.rateLimit?.remaining === 0) gate.limiter.hold(own, gate.toLocal(result.rateLimit.resetAt));
    return result;
  } catch (error) {
    if (error instanceof RateLimitError) {
      const resetAt = error.rateLimit?.resetAt;
      gate.limiter.hold(own, resetAt === undefined ? undefined : gate.toLocal(resetAt));
    }
    throw error;
  } finally {
    release();
  }
}
