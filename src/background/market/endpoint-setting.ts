import { DEFAULT_SIMULATOR_PORT, marketEndpoint, type MarketEndpoint } from '../../contracts';
import { storage } from '../../platform/storage';
import type { EndpointPolicy } from './endpoint-policy';

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

/**
 * Reads the stored endpoint on every call. Content scripts can write `storage.local`, so what is stored
 * counts only when it is a valid endpoint this build allows; anything else gives the build's default.
 */
export function createMarketEndpointReader(
  buildMode: string,
  policy: EndpointPolicy,
): () => Promise<MarketEndpoint> {
  return async () => {
    const parsed = marketEndpoint.safeParse(await marketEndpointSetting.getValue());
    if (parsed.success && policy.allows(parsed.data)) return parsed.data;
    if (parsed.success) {
      console.warn('Perch ignored a saved market that this build may not use:', parsed.data);
    }
    return defaultMarketEndpoint(buildMode);
  };
}
