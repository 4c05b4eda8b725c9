import { createClientOrderIds } from '../exchanges';
import { startMessageRouter } from '../platform/message-router';
import { browser } from '../platform/browser';
import { extensionVersion } from '../platform/runtime-client';
import { badgePnlSetting, badgeView, showBadge } from './badge';
import { createClosePositionHandler } from './handlers/close-position';
import { createMarketStatusHandler } from './handlers/market-status';
import { createOverlayStatusHandler } from './handlers/overlay-status';
import { createPingHandler } from './handlers/ping';
import { startHubPorts } from './hub/port-listener';
import { createHub } from './hub/stream-hub';
import { sessionWantedStore } from './hub/wanted-setting';
import { startKeepAlive } from './keep-alive';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader } from './market/endpoint-setting';
import { createMarketRegistry } from './market/market-registry';
import { workerRuntimeDeps } from './runtime-deps';
import { createVaultHandlers } from './handlers/vault';
import { keepSessionStorageTrusted } from './vault/session-access';
import { countingUserActivity } from './vault/user-activity';
import { createVault } from './vault/vault';
import type { ExchangeRegistry, PortfolioFeed } from './services';
import { createCloseService } from './trading/close-service';
import { createCloseStore } from './trading/close-store';

/** Until the connection profiles supply the registry, no exchange is connected for trading. */
const noExchanges: ExchangeRegistry = {
  exchange: () => Promise.resolve(undefined),
  onRebuild: () => () => undefined,
};

/** Until portfolio/ lands: the hub's account snapshots and events go nowhere. */
const noPortfolio: PortfolioFeed = {
  replaceAccount: () => undefined,
  applyQuote: () => undefined,
  applyEvent: () => undefined,
  markStale: () => undefined,
};

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const policy = createEndpointPolicy(import.meta.env.MODE);
  const runtime = workerRuntimeDeps(policy);
  const readEndpoint = createMarketEndpointReader(import.meta.env.MODE, policy);
  const vault = createVault(runtime);
  void keepSessionStorageTrusted();
  void vault.start();

  // The stream hub, what keeps it alive, and the badge that shows how it is doing. Until the profiles
  // registry builds Exchanges with the vault's keys, the hub streams key-less quotes only.
  const hub = createHub({
    registry: createMarketRegistry(readEndpoint, runtime),
    feed: noPortfolio,
    hasCredentials: () => Promise.resolve(false),
    watchlist: () => Promise.resolve([]),
    wanted: sessionWantedStore,
    clock: runtime.clock,
    timers: runtime.timers,
  });
  const restore = () => void hub.restore();
  hub.onStatus((statuses) => void showBadge(badgeView(statuses, undefined)));
  void badgePnlSetting.getValue().then((on) => hub.setBackgroundNeed(on));
  badgePnlSetting.watch((on) => void hub.setBackgroundNeed(on));
  startHubPorts(hub, restore);
  startKeepAlive(() => {
    restore();
    void vault.checkAutoLock(runtime.clock.now());
  });
  browser.runtime.onMessage.addListener(restore);
  restore();

  const marketStatus = createMarketStatusHandler({ readEndpoint, hub, timers: runtime.timers });
  const trading = createCloseService({
    registry: noExchanges,
    store: createCloseStore(),
    clock: runtime.clock,
    timers: runtime.timers,
    newClientOrderId: createClientOrderIds(runtime.clock),
    logger: console,
  });
  // A close a killed worker left in flight is settled from the exchange, never sent twice.
  void trading.reconcile();
  startMessageRouter(
    countingUserActivity(
      {
        ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
        marketStatus,
        overlayStatus: createOverlayStatusHandler(marketStatus),
        closePosition: createClosePositionHandler(trading),
        ...createVaultHandlers(vault),
      },
      vault,
    ),
  );
}
