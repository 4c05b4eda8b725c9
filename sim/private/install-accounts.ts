import { createAccountRegistry } from '../accounts/account-registry.js';
import { CancelAllAfter } from '../accounts/cancel-all-after.js';
import { checkLiquidations } from '../accounts/forced-close.js';
import { settleFunding, startFundingSchedule, type FundingRateOf } from '../accounts/funding.js';
import { publishedFundingRate } from '../market/funding-times.js';
import { registerAdminRoutes } from '../admin/admin-routes.js';
import { installFaultMiddleware } from '../admin/fault-middleware.js';
import { RequestLog } from '../admin/request-log.js';
import { installRateLimits } from '../limits/rate-limit-middleware.js';
import { WindowLimiter } from '../limits/window-limiter.js';
import type { SimContext } from '../server/context.js';
import { registerBybitAccountRoutes } from './bybit/bybit-account-routes.js';
import { registerBybitP2pUpload } from './bybit/bybit-p2p-upload.js';
import { registerBybitProtection } from './bybit/bybit-protection-routes.js';
import { createBybitPrivateSocket } from './bybit/bybit-private-socket.js';
import { registerBybitHistoryRoutes } from './bybit/bybit-history-routes.js';
import { registerBybitTradeRoutes } from './bybit/bybit-trade-routes.js';
import { createBybitTradeSocket } from './bybit/bybit-trade-socket.js';
import { OkxAlgoBook } from './okx/okx-algo-book.js';
import { registerOkxCancelAllAfter } from './okx/okx-cancel-all-after.js';
import { installOkxAlgoPushes } from './okx/okx-algo-pushes.js';
import { okxTriggerPrices, registerOkxAlgoRoutes } from './okx/okx-algo-routes.js';
import { registerOkxAccountRoutes } from './okx/okx-account-routes.js';
import { createOkxPrivateSocket } from './okx/okx-private-socket.js';
import { registerOkxHistoryRoutes } from './okx/okx-history-routes.js';
import { registerOkxTradeRoutes } from './okx/okx-trade-routes.js';
import { createPrivateRoutes } from './private-route.js';

/**
 * Wires part B of the simulator into a context: the demo accounts (keys from `ctx.credentials`),
 * REST faults and rate limits, signed private REST for both exchanges, the private and trade
 * sockets, and the `/__sim/` admin API. Resting orders fill as the market moves. Returns what clears
 * the timers an account left armed (OKX cancel-all-after) and the funding schedule when the simulator stops.
 */
export function installAccounts(ctx: SimContext): () => void {
  const accounts = createAccountRegistry(ctx.market, () => ctx.now());
  const limiter = new WindowLimiter(() => ctx.now());
  const requests = new RequestLog();
  // Middleware order matters: the log sees every final answer; faults act first, then limits (so a
  // limited call costs nothing more).
  requests.install(ctx);
  const faults = installFaultMiddleware(ctx);
  installRateLimits(ctx, limiter);

  const routes = createPrivateRoutes(ctx, accounts);
  registerOkxAccountRoutes(ctx, accounts, routes);
  registerOkxTradeRoutes(ctx, routes);
  registerOkxHistoryRoutes(accounts, routes);
  const okxDeadMan = new CancelAllAfter(accounts.okx, ctx.timers, () => ctx.now());
  registerOkxCancelAllAfter(routes, okxDeadMan, () => ctx.now());
  const algos = new OkxAlgoBook(accounts.okx, okxTriggerPrices(ctx), () => ctx.now());
  registerOkxAlgoRoutes(routes, algos);
  installOkxAlgoPushes(ctx, algos, accounts.okx.account.uid);
  registerBybitAccountRoutes(ctx, accounts, routes);
  registerBybitTradeRoutes(ctx, accounts, routes, registerBybitProtection(ctx, accounts, routes));
  registerBybitHistoryRoutes(ctx, accounts, routes);
  registerBybitP2pUpload(ctx, routes);

  ctx.sockets.register('/ws/v5/private', createOkxPrivateSocket(ctx, accounts, limiter));
  ctx.sockets.register('/v5/private', createBybitPrivateSocket(ctx, accounts));
  ctx.sockets.register('/v5/trade', createBybitTradeSocket(ctx, accounts, limiter));

  registerAdminRoutes(ctx, accounts, limiter, requests, { faults, deadMen: [okxDeadMan], okxDeadMan });
  // A resting order can only become crossed when its own book moves: a perpetual that trading
  // resolves the symbol to (spot, inverse and option books hold no orders). Only that exchange's
  // engine looks, since book events come thousands of times a second in load mode.
  ctx.market.subscribe((event) => {
    if (event.type !== 'book') return;
    const { instrument } = event.state;
    const tradable = accounts.market.instrument(instrument.exchange, instrument.symbol);
    if (tradable === instrument && instrument.kind === 'perp') {
      accounts.engine(instrument.exchange).matchResting();
    }
  });
  // Algo triggers watch last, mark and index prices, which ticker events carry.
  ctx.market.subscribe((event) => {
    if (event.type === 'ticker' && event.state.instrument.exchange === 'okx') algos.check();
  });
  // A position is liquidated once its mark reaches its liquidation price; marks move with tickers.
  ctx.market.subscribe((event) => {
    if (event.type !== 'ticker' || event.state.instrument.kind !== 'perp') return;
    checkLiquidations(accounts.engine(event.state.instrument.exchange), accounts.market);
  });
  // Funding settles on the simulator's clock, at the rate its public streams publish (docs/protocol.md "Funding").
  const rateOf: FundingRateOf = (instrument) => {
    const listed = ctx.market.find(instrument.exchange, instrument.category, instrument.symbol);
    return listed ? Number(publishedFundingRate(ctx.market.state(listed).fundingRate)) : 0;
  };
  const stopFunding = startFundingSchedule(
    ctx.timers,
    () => ctx.now(),
    (at) => {
      for (const engine of [accounts.okx, accounts.bybit])
        settleFunding(engine.account, accounts.market, rateOf, at);
    },
  );
  return () => {
    okxDeadMan.disarm();
    stopFunding();
  };
}
