import type { MarketEndpoint } from '../../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { exchangeOrigins } from './exchange-origins';

/**
 * Where a build may send market and signed traffic. Any extension page can write the stored endpoint,
 * and an older Perch kept it where content scripts could (docs/storage.md), so it is only a wish: it is
 * checked here on every read, and the worker's fetch checks every URL again.
 */
export interface EndpointPolicy {
  /** Whether this endpoint may be used; a refused one is never contacted. */
  allows(endpoint: MarketEndpoint): boolean;
  /** Whether a request to this URL may leave the worker. */
  allowsUrl(url: string): boolean;
  /** Whether the worker may open a WebSocket to this URL. */
  allowsSocketUrl(url: string): boolean;
}

/** `URL.parse` needs Chrome 126; Perch supports Chrome 116. */
function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Only the local simulator on loopback, as npm start and the e2e tests run it. */
function isLoopback(url: string, protocol: 'http:' | 'ws:'): boolean {
  const parsed = parseUrl(url);
  return parsed?.protocol === protocol && parsed.hostname === '127.0.0.1';
}

/**
 * A development build (npm start, e2e) may also reach the simulator; a store build only the exchanges, and carries
 * no loopback check at all.
 */
export function createEndpointPolicy(buildMode: string): EndpointPolicy {
  const development = buildMode === 'development';
  const origins = exchangeOrigins();
  const exchangeRest = new Set(origins.rest);
  const exchangeSockets = new Set(origins.socket);
  return {
    allows: (endpoint) =>
      endpoint.environment === 'live' ||
      (WITH_DEVELOPMENT_PATHS &&
        development &&
        isLoopback(endpoint.restUrl, 'http:') &&
        isLoopback(endpoint.wsUrl, 'ws:')),
    allowsUrl: (url) => {
      const origin = parseUrl(url)?.origin;
      return (
        (origin !== undefined && exchangeRest.has(origin)) ||
        (WITH_DEVELOPMENT_PATHS && development && isLoopback(url, 'http:'))
      );
    },
    allowsSocketUrl: (url) => {
      const origin = parseUrl(url)?.origin;
      return (
        (origin !== undefined && exchangeSockets.has(origin)) ||
        (WITH_DEVELOPMENT_PATHS && development && isLoopback(url, 'ws:'))
      );
    },
  };
}
