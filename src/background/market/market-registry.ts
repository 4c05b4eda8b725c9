import type { MarketEndpoint } from '../../contracts';
import { createExchange, type Exchange, type ExchangeId } from '../../exchanges';
import type { ExchangeRegistry } from '../services';
import type { RuntimeDeps } from './exchange-clients';

/**
 * Key-less Exchanges of both exchanges on the configured market: what the hub streams quotes from until
 * connection profiles and the vault provide the full registry. Rebuilt when the saved market changes.
 */
export function createMarketRegistry(
  readEndpoint: () => Promise<MarketEndpoint>,
  deps: RuntimeDeps,
): ExchangeRegistry {
  const listeners = new Set<(exchange: ExchangeId) => void>();
  let built: { readonly endpoint: string; readonly exchanges: Record<ExchangeId, Exchange> } | undefined;

  function build(endpoint: MarketEndpoint): Record<ExchangeId, Exchange> {
    const hosts =
      endpoint.environment === 'simulator'
        ? { restBaseUrl: endpoint.restUrl, wsBaseUrl: endpoint.wsUrl }
        : {};
    return {
      okx: createExchange({ exchange: 'okx', ...hosts, ...deps }),
      bybit: createExchange({ exchange: 'bybit', ...hosts, ...deps }),
    };
  }

  return {
    async exchange(id) {
      const endpoint = await readEndpoint();
      const key = JSON.stringify(endpoint);
      if (built?.endpoint !== key) {
        const previous = built;
        built = { endpoint: key, exchanges: build(endpoint) };
        if (previous !== undefined) {
          previous.exchanges.okx.close();
          previous.exchanges.bybit.close();
          for (const listener of listeners) {
            listener('okx');
            listener('bybit');
          }
        }
      }
      return built.exchanges[id];
    },
    onRebuild(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
