import type { Market } from '../market/market.js';
import { createMarketAccess } from './market-access.js';
import { SimAccount } from './sim-account.js';
import { TradingEngine } from './trading-engine.js';
import type { ExchangeName, MarketAccess } from './types.js';

/** Fixed demo UIDs: OKX uses long numeric strings, Bybit a shorter number (docs/protocol.md "Pushes and numbers" `uid`, user/query-api). */
const OKX_UID = '44705892343619584';
const BYBIT_UID = '100475188';

/** The simulator's two demo accounts (one per exchange) with their keys and trading engines. */
export interface AccountRegistry {
  readonly market: MarketAccess;
  readonly okx: TradingEngine;
  readonly bybit: TradingEngine;
  engine(exchange: ExchangeName): TradingEngine;
  /** Lets every engine fill resting orders the market has crossed. */
  matchAll(): void;
}

export function createAccountRegistry(market: Market, now: () => number): AccountRegistry {
  const access = createMarketAccess(market);
  const okx = new TradingEngine(new SimAccount('okx', OKX_UID), access, now);
  const bybit = new TradingEngine(new SimAccount('bybit', BYBIT_UID), access, now);
  return {
    market: access,
    okx,
    bybit,
    engine: (exchange) => (exchange === 'okx' ? okx : bybit),
    matchAll: () => {
      okx.matchResting();
      bybit.matchResting();
    },
  };
}
