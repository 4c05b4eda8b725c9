import { marketEndpoint, type MarketEndpoint } from '../../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { DEFAULT_SIMULATOR_PORT } from '../../contracts/simulator-port';
import { trustedStorage } from '../../platform/trusted-storage';
import type { EndpointPolicy } from './endpoint-policy';

/** Development builds (npm start, e2e) trade on the local simulator; store builds cannot reach it. */
export function defaultMarketEndpoint(buildMode: string): MarketEndpoint {
  if (!WITH_DEVELOPMENT_PATHS || buildMode !== 'development') return { environment: 'live' };
  const host = `127.0.0.1:${String(DEFAULT_SIMULATOR_PORT)}`;
  return { environment: 'simulator', restUrl: `http://${host}`, wsUrl: `ws://${host}` };
}

export const marketEndpointSetting = trustedStorage.defineItem<MarketEndpoint>('marketEndpoint', {
  version: 1,
  fallback: defaultMarketEndpoint(import.meta.env.MODE),
});

/** `stored` if it is a market this build may use: what every read checks, and the import from storage.local. */
export function allowedEndpoint(stored: unknown, policy: EndpointPolicy): MarketEndpoint | undefined {
  const parsed = marketEndpoint.safeParse(stored);
  return parsed.success && policy.allows(parsed.data) ? parsed.data : undefined;
}

/**
 * Reads the stored endpoint on every call. Any extension page can write it (npm start and the e2e
 * harness do), and an older Perch kept it where content scripts could, so what is stored counts only
 * when it is a valid endpoint this build allows; anything else gives the build's default.
 */
export function createMarketEndpointReader(
  buildMode: string,
  policy: EndpointPolicy,
): () => Promise<MarketEndpoint> {
  return async () => {
    const stored = await marketEndpointSetting.getValue();
    const allowed = allowedEndpoint(stored, policy);
    if (allowed !== undefined) return allowed;
    if (marketEndpoint.safeParse(stored).success) {
      console.warn('Perch ignored a saved market that this build may not use:', stored);
    }
    return defaultMarketEndpoint(buildMode);
  };
}
