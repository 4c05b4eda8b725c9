import { ConfigError } from '../errors';
import { resolveRegion, trimTrailingSlash } from '../transport/http-url';

/** Bybit hosts per environment and region (docs/protocol.md "Bybit hosts"). */

export type BybitEnvironment = 'live' | 'testnet' | 'demo';
export type BybitPublicSocketKey = 'spotPublic' | 'linearPublic' | 'inversePublic' | 'optionPublic';
export type BybitSocketKey = BybitPublicSocketKey | 'private' | 'privateTrade';

export interface BybitHostOptions {
  /** Default 'live'. Demo is mainnet demo trading (api-demo / stream-demo). */
  readonly environment?: BybitEnvironment;
  /** One of BYBIT_REGIONS (mainnet only); default 'default'. Typed as string: it comes from settings. */
  readonly apiRegion?: string;
  /** Replaces the REST origin, e.g. the simulator's `http://127.0.0.1:PORT`. */
  readonly restBaseUrl?: string;
  /** Replaces the WebSocket origin, e.g. `ws://127.0.0.1:PORT`; the real paths are kept. */
  readonly wsBaseUrl?: string;
}

interface RegionHosts {
  readonly rest: string;
  /** Regional stream host where Bybit documents one; others use the main stream host (as bybit-api does). */
  readonly ws?: string;
}

/** Region keys as bybit-api names them, plus the two only the docs list (ID, JP). */
const REGIONS = {
  default: { rest: 'https://api.bybit.com' },
  bytick: { rest: 'https://api.bytick.com' },
  NL: { rest: 'https://api.bybit.nl' },
  // bybit-api says api.bybit-tr.com; Bybit's current docs say api.bybit.tr (docs/protocol.md "Bybit Turkey host"): docs win.
  TK: { rest: 'https://api.bybit.tr', ws: 'wss://stream.bybit.tr' },
  KZ: { rest: 'https://api.bybit.kz', ws: 'wss://stream.bybit.kz' },
  HK: { rest: 'https://api.byhkbit.com' },
  GE: { rest: 'https://api.bybitgeorgia.ge', ws: 'wss://stream.bybitgeorgia.ge' },
  UAE: { rest: 'https://api.bybit.ae' },
  EU: { rest: 'https://api.bybit.eu' },
  ID: { rest: 'https://api.bybit.id', ws: 'wss://stream.bybit.id' },
  JP: { rest: 'https://api.manepa.jp', ws: 'wss://stream.manepa.jp' },
} as const satisfies Record<string, RegionHosts>;

export type BybitRegion = keyof typeof REGIONS;
export const BYBIT_REGIONS = Object.keys(REGIONS) as readonly BybitRegion[];

const MAINNET_WS = 'wss://stream.bybit.com';
const ENVIRONMENT_HOSTS = {
  testnet: { rest: 'https://api-testnet.bybit.com', ws: 'wss://stream-testnet.bybit.com' },
  demo: { rest: 'https://api-demo.bybit.com', ws: 'wss://stream-demo.bybit.com' },
} as const;

const SOCKET_PATHS: Record<BybitSocketKey, string> = {
  spotPublic: '/v5/public/spot',
  linearPublic: '/v5/public/linear',
  inversePublic: '/v5/public/inverse',
  optionPublic: '/v5/public/option',
  private: '/v5/private',
  privateTrade: '/v5/trade',
};

/** Precedence as in bybit-api: override, then demo, then testnet, then region. */
export function bybitRestBaseUrl(options: BybitHostOptions): string {
  if (options.restBaseUrl !== undefined) return trimTrailingSlash(options.restBaseUrl);
  const environment = options.environment ?? 'live';
  if (environment !== 'live') return ENVIRONMENT_HOSTS[environment].rest;
  return REGIONS[resolveRegion(options.apiRegion, 'default', BYBIT_REGIONS)].rest;
}

export function bybitSocketUrl(key: BybitSocketKey, options: BybitHostOptions): string {
  const environment = options.environment ?? 'live';
  if (environment === 'demo' && key === 'privateTrade') {
    // Bybit's docs: WS Trade is not supported on demo (docs/protocol.md "Bybit sockets", "Bybit order entry on demo"). Trade over REST instead.
    throw new ConfigError('Bybit demo trading has no WebSocket trade stream. Send orders over REST instead.');
  }
  const path = SOCKET_PATHS[key];
  if (options.wsBaseUrl !== undefined) return trimTrailingSlash(options.wsBaseUrl) + path;
  if (environment === 'testnet') return ENVIRONMENT_HOSTS.testnet.ws + path;
  // Demo serves only the private stream; public data comes from mainnet (docs/protocol.md "Bybit hosts").
  if (environment === 'demo') return (key === 'private' ? ENVIRONMENT_HOSTS.demo.ws : MAINNET_WS) + path;
  const regional: RegionHosts = REGIONS[resolveRegion(options.apiRegion, 'default', BYBIT_REGIONS)];
  return (regional.ws ?? MAINNET_WS) + path;
}
