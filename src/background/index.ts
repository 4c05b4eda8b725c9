import { startMessageRouter } from '../platform/message-router';
import { browser } from '../platform/browser';
import { extensionVersion } from '../platform/runtime-client';
import { badgePnlSetting, badgeView, showBadge } from './badge';
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
import type { PortfolioFeed } from './services';

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

  // The stream hub, what keeps it alive, and the badge that shows how it is doing.
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
    // The vault's auto-lock check joins this tick when vault/ lands.
  });
  browser.runtime.onMessage.addListener(restore);
  restore();

  const marketStatus = createMarketStatusHandler({ readEndpoint, hub, timers: runtime.timers });
  startMessageRouter({
    ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
    marketStatus,
    overlayStatus: createOverlayStatusHandler(marketStatus),
  });
}
