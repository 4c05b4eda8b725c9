import { createExchangeRest, type ExchangeId, type ExchangeRest, type FetchLike } from '../../exchanges';
import type { Clock, Timers } from '../../exchanges';
import type { MarketEndpoint } from '../../contracts';

export interface RuntimeDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly clock: Clock;
}

/** Public (key-less) REST clients for both exchanges on the configured market. */
export function createPublicClients(
  endpoint: MarketEndpoint,
  deps: RuntimeDeps,
): Record<ExchangeId, ExchangeRest> {
  const hosts =
    endpoint.environment === 'simulator' ? { restBaseUrl: endpoint.restUrl, wsBaseUrl: endpoint.wsUrl } : {};
  return {
    okx: createExchangeRest({ exchange: 'okx', ...hosts, ...deps }),
    bybit: createExchangeRest({ exchange: 'bybit', ...hosts, ...deps }),
  };
}
