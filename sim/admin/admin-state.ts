import type { AccountRegistry } from '../accounts/account-registry.js';
import { accountMargin } from '../accounts/margin.js';
import type { TradingEngine } from '../accounts/trading-engine.js';
import type { SimContext } from '../server/context.js';

function accountSummary(engine: TradingEngine, accounts: AccountRegistry) {
  const { account } = engine;
  const margin = accountMargin(account, accounts.market);
  return {
    uid: account.uid,
    permission: account.permission,
    ips: account.ips,
    keyKind: account.keyKind,
    positionMode: account.positionMode,
    cash: margin.cash,
    equity: margin.equity,
    available: margin.available,
    positions: account
      .openPositions()
      .map((p) => ({ symbol: p.instrument.symbol, posSide: p.posSide, size: p.size, avgPx: p.avgPx })),
    openOrders: account.openOrders().map((o) => ({
      id: o.id,
      symbol: o.instrument.symbol,
      side: o.side,
      type: o.type,
      price: o.price ?? null,
      size: o.size,
      filled: o.filled,
    })),
  };
}

/** What GET /__sim/state (and reset) answer: the faults in force and both accounts in brief. */
export function adminState(ctx: SimContext, accounts: AccountRegistry) {
  return {
    faults: ctx.faults,
    accounts: {
      okx: accountSummary(accounts.okx, accounts),
      bybit: accountSummary(accounts.bybit, accounts),
    },
  };
}
