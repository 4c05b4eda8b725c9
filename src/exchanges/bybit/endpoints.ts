import { nameRoutes } from '../transport/http-routes';
import { BYBIT_ASSET_ROUTES } from './endpoints-assets';
import { BYBIT_EARN_P2P_ROUTES } from './endpoints-earn-p2p';
import { BYBIT_LENDING_ROUTES } from './endpoints-lending';
import { BYBIT_TRADING_ROUTES } from './endpoints-trading';

/**
 * Every Bybit v5 REST endpoint (docs/protocol.md "The REST endpoint inventories") that moves no funds, by name: the table the rest client is
 * typed to. The routes that move funds are in endpoints-funds-moving.ts, which only tests may import.
 * `GET /v5/system/status` stays signed as in bybit-api although Bybit's docs call it public (docs/protocol.md "Bybit system status"): signing
 * it is harmless.
 */
export const BYBIT_ROUTES = nameRoutes({
  ...BYBIT_TRADING_ROUTES,
  ...BYBIT_ASSET_ROUTES,
  ...BYBIT_LENDING_ROUTES,
  ...BYBIT_EARN_P2P_ROUTES,
});

export type BybitRouteName = keyof typeof BYBIT_ROUTES;
export type BybitRoute = (typeof BYBIT_ROUTES)[BybitRouteName];
