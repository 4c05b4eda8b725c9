import { createExchange, type ExchangeId, type ExchangeRest, type FetchLike } from '../../exchanges';
import type { Clock, Timers, WebSocketFactory } from '../../exchanges';
import type { MarketEndpoint } from '../../contracts';

export interface RuntimeDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly clock: Clock;
  readonly createSocket: WebSocketFactory;
}

/** Public (key-less) REST clients for both exchanges on the configured market. */
export function createPublicClients(
  endpoint: MarketEndpoint,
  deps: RuntimeDeps,
): Record<ExchangeId, ExchangeRest> {
  const hosts =
    endpoint.environment === 'simulator' ? { restBaseUrl: endpoint.restUrl, wsBaseUrl: endpoint.wsUrl } : {};
  return {
    okx: createExchange({ exchange: 'okx', ...hosts, ...deps }).rest,
    bybit: createExchange({ exchange: 'bybit', ...hosts, ...deps }).rest,
  };
}
