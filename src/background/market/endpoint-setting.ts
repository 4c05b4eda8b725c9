import { marketEndpoint, type MarketEndpoint } from '../../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { DEFAULT_SIMULATOR_PORT } from '../../contracts/simulator-port';
import { storage } from '../../platform/storage';
import type { EndpointPolicy } from './endpoint-policy';

/** Development builds (npm start, e2e) trade on the local simulator; store builds cannot reach it. */
export function defaultMarketEndpoint(buildMode: string): MarketEndpoint {
  if (!WITH_DEVELOPMENT_PATHS || buildMode !== 'development') return { environment: 'live' };
  const host = `127.0.0.1:${String(DEFAULT_SIMULATOR_PORT)}`;
  return { environment: 'simulator', restUrl: `http://${host}`, wsUrl: `ws://${host}` };
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
