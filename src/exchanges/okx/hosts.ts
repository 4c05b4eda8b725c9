import { ConfigError } from '../errors';
import { resolveRegion, trimTrailingSlash } from '../transport/http-url';

/** OKX hosts per region and environment (docs/protocol.md "OKX hosts"). */

export const OKX_REGIONS = ['global', 'eea', 'us', 'aws'] as const;
export type OkxRegion = (typeof OKX_REGIONS)[number];
export type OkxSocketKey = 'public' | 'private' | 'business';

export interface OkxHostOptions {
  /** One of OKX_REGIONS; default 'global'. Typed as string because it comes from user settings. */
  readonly apiRegion?: string;
  /** Demo trading: live REST host plus `x-simulated-trading: 1`, and the demo (…pap) socket hosts. */
  readonly demoTrading?: boolean;
  /** Replaces the REST origin, e.g. the simulator's `http://127.0.0.1:PORT`. */
  readonly restBaseUrl?: string;
  /** Replaces the WebSocket origin, e.g. `ws://127.0.0.1:PORT`; the real paths are kept. */
  readonly wsBaseUrl?: string;
}

interface RegionHosts {
  readonly rest: string;
  readonly ws: string;
  /** Demo socket host; AWS has none documented. */
  readonly demoWs?: string;
}

const HOSTS: Record<OkxRegion, RegionHosts> = {
  global: { rest: 'https://www.okx.com', ws: 'wss://ws.okx.com:8443', demoWs: 'wss://wspap.okx.com:8443' },
  eea: { rest: 'https://eea.okx.com', ws: 'wss://wseea.okx.com:8443', demoWs: 'wss://wseeapap.okx.com:8443' },
  // The okx-api SDK uses us.okx.com; OKX's own agent-trade-kit uses app.okx.com (docs/protocol.md "OKX US REST host").
  // We follow OKX's own code.
  us: { rest: 'https://app.okx.com', ws: 'wss://wsus.okx.com:8443', demoWs: 'wss://wsuspap.okx.com:8443' },
  aws: { rest: 'https://aws.okx.com', ws: 'wss://wsaws.okx.com:8443' },
};

const SOCKET_PATHS: Record<OkxSocketKey, string> = {
  public: '/ws/v5/public',
  private: '/ws/v5/private',
  business: '/ws/v5/business',
};

/** Regions with demo sockets, in table order: named in the error for a region without them. */
const DEMO_REGIONS: readonly OkxRegion[] = OKX_REGIONS.filter((region) => HOSTS[region].demoWs !== undefined);

/** The demo business socket carries `?brokerId=9999` (okx-api; docs/protocol.md "OKX hosts" and "OKX demo ?brokerId=9999"). */
const DEMO_BUSINESS_QUERY = '?brokerId=9999';

export function okxRestBaseUrl(options: OkxHostOptions): string {
  if (options.restBaseUrl !== undefined) return trimTrailingSlash(options.restBaseUrl);
  return HOSTS[resolveRegion(options.apiRegion, 'global', OKX_REGIONS)].rest;
}

export function okxSocketUrl(key: OkxSocketKey, options: OkxHostOptions): string {
  const demo = options.demoTrading === true;
  const query = demo && key === 'business' ? DEMO_BUSINESS_QUERY : '';
  if (options.wsBaseUrl !== undefined)
    return trimTrailingSlash(options.wsBaseUrl) + SOCKET_PATHS[key] + query;
  const region = resolveRegion(options.apiRegion, 'global', OKX_REGIONS);
  const hosts = HOSTS[region];
  if (!demo) return hosts.ws + SOCKET_PATHS[key];
  if (hosts.demoWs === undefined) {
    throw new ConfigError(
      `OKX demo trading has no socket host in region "${region}". Demo trading is available in: ${DEMO_REGIONS.join(', ')}.`,
      DEMO_REGIONS,
    );
  }
  return hosts.demoWs + SOCKET_PATHS[key] + query;
}

/** Headers every OKX request carries in this environment (demo: the simulated-trading flag). */
export function okxEnvironmentHeaders(options: OkxHostOptions): Record<string, string> {
  return options.demoTrading === true ? { 'x-simulated-trading': '1' } : {};
}
