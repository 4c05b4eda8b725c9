import { startMessageRouter } from '../platform/message-router';
import { extensionVersion } from '../platform/runtime-client';
import { createMarketStatusHandler } from './handlers/market-status';
import { createOverlayStatusHandler } from './handlers/overlay-status';
import { createPingHandler } from './handlers/ping';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader } from './market/endpoint-setting';
import { createPublicClients } from './market/exchange-clients';
import { workerRuntimeDeps } from './runtime-deps';
import { createVaultHandlers } from './handlers/vault';
import { keepSessionStorageTrusted } from './vault/session-access';
import { countingUserActivity } from './vault/user-activity';
import { createVault } from './vault/vault';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const policy = createEndpointPolicy(import.meta.env.MODE);
  const runtime = workerRuntimeDeps(policy);
  const marketStatus = createMarketStatusHandler({
    readEndpoint: createMarketEndpointReader(import.meta.env.MODE, policy),
    createClients: (endpoint) => createPublicClients(endpoint, runtime),
  });
  const vault = createVault(runtime);
  void keepSessionStorageTrusted();
  void vault.start();
  startMessageRouter(
    countingUserActivity(
      {
        ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
        marketStatus,
        overlayStatus: createOverlayStatusHandler(marketStatus),
        ...createVaultHandlers(vault),
      },
      vault,
    ),
  );
}
