import { nameRoutes } from '../transport/http-routes';
import { OKX_ACCOUNT_TRADE_ROUTES } from './endpoints-account-trade';
import { OKX_BOTS_MARKETS_ROUTES } from './endpoints-bots-markets';
import { OKX_DATA_FUNDING_ROUTES } from './endpoints-data-funding';

/**
 * Every OKX v5 REST endpoint (docs/protocol.md "The REST endpoint inventories") that moves no funds, by name: the table the rest client is
 * typed to. The routes that move funds are in endpoints-funds-moving.ts, which only tests may import.
 */
export const OKX_ROUTES = nameRoutes({
  ...OKX_ACCOUNT_TRADE_ROUTES,
  ...OKX_BOTS_MARKETS_ROUTES,
  ...OKX_DATA_FUNDING_ROUTES,
});

export type OkxRouteName = keyof typeof OKX_ROUTES;
export type OkxRoute = (typeof OKX_ROUTES)[OkxRouteName];
