import { DEFAULT_SIMULATOR_PORT, marketEndpoint, type MarketEndpoint } from '../../contracts';
import { storage } from '../../platform/storage';

const SIMULATOR_HOST = `127.0.0.1:${DEFAULT_SIMULATOR_PORT}`;

/** Development builds (npm start, e2e) trade on the local simulator; store builds cannot reach it. */
export function defaultMarketEndpoint(buildMode: string): MarketEndpoint {
  return buildMode === 'development'
    ? { environment: 'simulator', restUrl: `http://${SIMULATOR_HOST}`, wsUrl: `ws://${SIMULATOR_HOST}` }
    : { environment: 'live' };
}

export const marketEndpointSetting = storage.defineItem<MarketEndpoint>('local:marketEndpoint', {
  version: 1,
  fallback: defaultMarketEndpoint(import.meta.env.MODE),
});

/** The stored endpoint, or the build's default when what is stored is not a valid endpoint. */
export async function readMarketEndpoint(): Promise<MarketEndpoint> {
  const parsed = marketEndpoint.safeParse(await marketEndpointSetting.getValue());
  return parsed.success ? parsed.data : defaultMarketEndpoint(import.meta.env.MODE);
}
