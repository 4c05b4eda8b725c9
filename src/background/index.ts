import { startMessageRouter } from '../platform/message-router';
import { extensionVersion } from '../platform/runtime-client';
import { createMarketStatusHandler } from './handlers/market-status';
import { createPingHandler } from './handlers/ping';
import { readMarketEndpoint } from './market/endpoint-setting';
import { createPublicClients } from './market/exchange-clients';
import { workerRuntimeDeps } from './runtime-deps';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const runtime = workerRuntimeDeps();
  startMessageRouter({
    ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
    marketStatus: createMarketStatusHandler({
      readEndpoint: readMarketEndpoint,
      createClients: (endpoint) => createPublicClients(endpoint, runtime),
    }),
  });
}
