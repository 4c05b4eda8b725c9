import type { AccountRegistry } from '../../accounts/account-registry.js';
import { checkProtection, deactivateWithPositions } from '../../accounts/protection-triggers.js';
import { createPriceOf } from '../../accounts/trigger-prices.js';
import type { SimContext } from '../../server/context.js';
import type { PrivateRoutes } from '../private-route.js';
import { bybitReadOnlyError } from './bybit-account-routes.js';
import { bybitTradingStop, type TradingStopDeps } from './bybit-trading-stop.js';

/**
 * Bybit protection (docs/protocol.md "Bybit protection"): the trading-stop route, legs that end with
 * their position, and legs that fire as the Bybit linear prices move. Returns what order/amend and
 * order/cancel need to reach a leg.
 */
export function registerBybitProtection(
  ctx: SimContext,
  accounts: AccountRegistry,
  routes: PrivateRoutes,
): TradingStopDeps {
  const deps: TradingStopDeps = { priceOf: createPriceOf(ctx.market), now: () => ctx.now() };
  const engine = accounts.bybit;
  routes.bybit('POST', '/v5/position/trading-stop', (request) =>
    engine.account.permission === 'read_only'
      ? bybitReadOnlyError(ctx.now())
      : bybitTradingStop(engine, request.json, deps),
  );
  deactivateWithPositions(engine.account, deps.now);
  // Mark, last and index move with every ticker of an instrument.
  ctx.market.subscribe((event) => {
    if (event.type !== 'ticker' || event.state.instrument.exchange !== 'bybit') return;
    if (event.state.instrument.kind === 'perp') checkProtection(engine, deps.priceOf, ctx.now());
  });
  return deps;
}
