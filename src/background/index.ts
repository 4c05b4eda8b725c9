import { startMessageRouter } from '../platform/message-router';
import { extensionVersion } from '../platform/runtime-client';
import { createMarketStatusHandler } from './handlers/market-status';
import { createOverlayStatusHandler } from './handlers/overlay-status';
import { createPingHandler } from './handlers/ping';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader, marketEndpointSetting } from './market/endpoint-setting';
import { createPublicClients } from './market/exchange-clients';
import { createProfileServices } from './profiles/wire-profiles';
import { workerRuntimeDeps } from './runtime-deps';
import type { CredentialSource } from './services';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const policy = createEndpointPolicy(import.meta.env.MODE);
  const runtime = workerRuntimeDeps(policy);
  const readEndpoint = createMarketEndpointReader(import.meta.env.MODE, policy);
  const marketStatus = createMarketStatusHandler({
    readEndpoint,
    createClients: (endpoint) => createPublicClients(endpoint, runtime),
  });
  // Until the vault is wired in, every exchange is used without keys.
  const credentials: CredentialSource = {
    credentials: () => Promise.resolve(undefined),
    onChange: () => () => undefined,
  };
  const profileServices = createProfileServices({
    buildMode: import.meta.env.MODE,
    credentials,
    readEndpoint,
    watchEndpoint: (listener) => marketEndpointSetting.watch(listener),
    runtime,
    now,
  });
  startMessageRouter({
    ...profileServices.handlers,
    ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
    marketStatus,
    overlayStatus: createOverlayStatusHandler(marketStatus),
  });
}
