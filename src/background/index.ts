import { createClientOrderIds } from '../exchanges';
import { startMessageRouter } from '../platform/message-router';
import { extensionVersion } from '../platform/runtime-client';
import { createClosePositionHandler } from './handlers/close-position';
import { createMarketStatusHandler } from './handlers/market-status';
import { createOverlayStatusHandler } from './handlers/overlay-status';
import { createPingHandler } from './handlers/ping';
import { createGetWatchlistHandler } from './handlers/get-watchlist';
import { createSaveWatchlistHandler } from './handlers/save-watchlist';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader, marketEndpointSetting } from './market/endpoint-setting';
import { createPublicClients } from './market/exchange-clients';
import { createProfileServices } from './profiles/wire-profiles';
import { createPortfolio } from './portfolio/portfolio-state';
import { restoreSnapshot, sessionSnapshotStore, startSnapshotWriter } from './portfolio/snapshot-store';
import { workerRuntimeDeps } from './runtime-deps';
import { createVaultHandlers } from './handlers/vault';
import { keepSessionStorageTrusted } from './vault/session-access';
import { countingUserActivity } from './vault/user-activity';
import { createVault } from './vault/vault';
import { createCloseService } from './trading/close-service';
import { createCloseStore } from './trading/close-store';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const policy = createEndpointPolicy(import.meta.env.MODE);
  const runtime = workerRuntimeDeps(policy);
  const readEndpoint = createMarketEndpointReader(import.meta.env.MODE, policy);
  const marketStatus = createMarketStatusHandler({
    readEndpoint,
    createClients: (endpoint) => createPublicClients(endpoint, runtime),
  });
  const vault = createVault(runtime);
  void keepSessionStorageTrusted();
  void vault.start();
  const profileServices = createProfileServices({
    buildMode: import.meta.env.MODE,
    credentials: vault,
    readEndpoint,
    watchEndpoint: (listener) => marketEndpointSetting.watch(listener),
    runtime,
    now,
  });
  const trading = createCloseService({
    registry: profileServices.registry,
    store: createCloseStore(),
    clock: runtime.clock,
    timers: runtime.timers,
    newClientOrderId: createClientOrderIds(runtime.clock),
    logger: console,
  });
  // A close a killed worker left in flight is settled from the exchange, never sent twice.
  void trading.reconcile();
  // Portfolio: repainted from the last worker's snapshot at once, snapshotted for the next one.
  const portfolio = createPortfolio({ clock: runtime.clock });
  void restoreSnapshot(portfolio, sessionSnapshotStore);
  startSnapshotWriter({ portfolio, store: sessionSnapshotStore, timers: runtime.timers });
  startMessageRouter(
    countingUserActivity(
      {
        ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
        marketStatus,
        overlayStatus: createOverlayStatusHandler(marketStatus),
        closePosition: createClosePositionHandler(trading),
        ...createVaultHandlers(vault),
        getWatchlist: createGetWatchlistHandler(),
        saveWatchlist: createSaveWatchlistHandler(),
        ...profileServices.handlers,
      },
      vault,
    ),
  );
}
