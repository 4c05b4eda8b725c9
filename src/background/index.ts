import { startMessageRouter } from '../platform/message-router';
import { extensionVersion } from '../platform/runtime-client';
import { createMarketStatusHandler } from './handlers/market-status';
import { createOverlayStatusHandler } from './handlers/overlay-status';
import { createPingHandler } from './handlers/ping';
import { createGetWatchlistHandler } from './handlers/get-watchlist';
import { createSaveWatchlistHandler } from './handlers/save-watchlist';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader } from './market/endpoint-setting';
import { createPublicClients } from './market/exchange-clients';
import { createPortfolio } from './portfolio/portfolio-state';
import { restoreSnapshot, sessionSnapshotStore, startSnapshotWriter } from './portfolio/snapshot-store';
import { workerRuntimeDeps } from './runtime-deps';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const policy = createEndpointPolicy(import.meta.env.MODE);
  const runtime = workerRuntimeDeps(policy);
  const marketStatus = createMarketStatusHandler({
    readEndpoint: createMarketEndpointReader(import.meta.env.MODE, policy),
    createClients: (endpoint) => createPublicClients(endpoint, runtime),
  });
  // Portfolio: repainted from the last worker's snapshot at once, snapshotted for the next one.
  const portfolio = createPortfolio({ clock: runtime.clock });
  void restoreSnapshot(portfolio, sessionSnapshotStore);
  startSnapshotWriter({ portfolio, store: sessionSnapshotStore, timers: runtime.timers });
  startMessageRouter({
    ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
    marketStatus,
    overlayStatus: createOverlayStatusHandler(marketStatus),
    getWatchlist: createGetWatchlistHandler(),
    saveWatchlist: createSaveWatchlistHandler(),
  });
}
