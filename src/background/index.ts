import { createClientOrderIds } from '../exchanges';
import { startLocalImport } from '../platform/local-import';
import { startMessageRouter } from '../platform/message-router';
import { browser } from '../platform/browser';
import { extensionVersion } from '../platform/runtime-client';
import { showBadge, toolbarFigureSetting, toolbarPnlSetting } from './badge';
import { startBadge } from './badge-updates';
import { createClosePositionHandler } from './handlers/close-position';
import { createProtectionHandlers } from './handlers/protection';
import { createOrderHandlers } from './handlers/orders';
import { createMarketStatusHandler } from './handlers/market-status';
import { createPingHandler } from './handlers/ping';
import { createGetWatchlistHandler } from './handlers/get-watchlist';
import { createSaveWatchlistHandler } from './handlers/save-watchlist';
import { startHubPorts } from './hub/port-listener';
import { createHub } from './hub/hub';
import { sessionWantedStore } from './hub/wanted-setting';
import { forgetKeptQuotes, saveKeptQuotes } from './hub/kept-quotes-setting';
import { createQuoteKeeper } from './hub/quote-keeper';
import { startKeepAlive } from './keep-alive';
import { watchNetworkReturn } from './network-watch';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader, marketEndpointSetting } from './market/endpoint-setting';
import { createInstrumentLists } from './market/instrument-lists';
import { createPortfolio } from './portfolio/portfolio-state';
import { restoreSnapshot, sessionSnapshotStore, startSnapshotWriter } from './portfolio/snapshot-store';
import { onWatchlistChange, readWatchlist } from './portfolio/watchlist-setting';
import { createProfileServices } from './profiles/wire-profiles';
import { workerRuntimeDeps } from './runtime-deps';
import { createVaultHandlers } from './handlers/vault';
import { createOverlaySettingsHandler } from './handlers/overlay-settings';
import { createReadSettingsHandler } from './handlers/read-settings';
import { createSaveBadgePlacementHandler } from './handlers/save-badge-placement';
import { createSaveSettingsHandler } from './handlers/save-settings';
import { createSearchInstrumentsHandler } from './handlers/search-instruments';
import { createSettingsStore } from './settings/settings-store';
import { keepSessionStorageTrusted } from './vault/session-access';
import { countingUserActivity } from './vault/user-activity';
import { createVault } from './vault/vault';
import { loadPassphraseRule } from '../platform/passphrase-words';
import { createCloseService } from './trading/close-service';
import { createCloseStore } from './trading/close-store';
import { createProtectionService } from './trading/protection-service';
import { createOrderCancelService } from './trading/order-cancel-service';
import { createProtectionJournal } from './trading/protection-store';
import { createFlattenService, FLATTEN_RUN_ITEM } from './trading/flatten-service';
import { createFlattenHandlers } from './handlers/flatten';
import { startOverlaySites } from './overlay-sites';
import { openOptionsOnInstall } from './open-options-on-install';
import { localItems } from './local-items';
import { startDeadManWorker } from './trading/dead-man-worker';
import { startHotkeys } from './hotkeys';
import { startSidePanelHotkey } from './side-panel-hotkey';
import { openSidePanel } from '../platform/side-panel';
import { createPopupIntents, createTakePopupIntentHandler } from './popup-intent';
import { createAlertTap, startAlerts } from './alerts/wire-alerts';
import { createAlertHandlers } from './handlers/alerts';
import { createChartAlertHandler } from './handlers/chart-alert';

/** Wires the service worker. Runs on every worker start, including a wake after suspension. */
export function startBackground(now: () => number = Date.now): void {
  const policy = createEndpointPolicy(import.meta.env.MODE);
  const runtime = workerRuntimeDeps(policy);
  // First: what an older Perch left in storage.local moves to the trusted store before anything reads it.
  startLocalImport(localItems(import.meta.env.MODE, policy));
  const readEndpoint = createMarketEndpointReader(import.meta.env.MODE, policy);
  openOptionsOnInstall();
  const vault = createVault({ ...runtime, passphraseRule: loadPassphraseRule });
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
  // Portfolio: repainted from the last worker's snapshot at once, snapshotted for the next one.
  const portfolio = createPortfolio({ clock: runtime.clock });
  void restoreSnapshot(portfolio, sessionSnapshotStore);
  startSnapshotWriter({ portfolio, store: sessionSnapshotStore, timers: runtime.timers });

  // Instrument lists, shared by the hub (tick and lot sizes on quotes) and instrument search.
  const instrumentLists = createInstrumentLists(runtime.clock);

  // The hub over the profiles' Exchanges, what keeps it alive, and the badge that shows how it
  // is doing. Account streams open for an exchange whose keys the unlocked vault holds.
  // The alerts see every push and REST quote the hub writes to the portfolio.
  const alertTap = createAlertTap(portfolio);
  const hub = createHub({
    registry: profileServices.registry,
    portfolio: alertTap.writer,
    account: portfolio,
    hasCredentials: async (exchange) => (await vault.credentials(exchange)) !== undefined,
    watchlist: readWatchlist,
    wanted: sessionWantedStore,
    instrumentLists,
    clock: runtime.clock,
    timers: runtime.timers,
  });
  const restore = () => void hub.restore();
  const settings = createSettingsStore();
  const toolbarPnl = toolbarPnlSetting(settings);
  startBadge({
    onStatus: (listener) => hub.onStatus(listener),
    portfolio,
    figureSetting: toolbarFigureSetting(settings),
    show: (view) => void showBadge(view),
  });
  // The account streams stay open while the toolbar shows the PnL or the dead-man switch watches OKX's orders.
  const needs = { toolbarPnl: false, deadManSwitch: false };
  const need = (part: keyof typeof needs, on: boolean) => {
    needs[part] = on;
    void hub.setBackgroundNeed(needs.toolbarPnl || needs.deadManSwitch);
  };
  void toolbarPnl.getValue().then((on) => {
    need('toolbarPnl', on);
  });
  toolbarPnl.watch((on) => {
    need('toolbarPnl', on);
  });
  const keeper = createQuoteKeeper({
    save: saveKeptQuotes,
    forget: forgetKeptQuotes,
    clock: runtime.clock,
    timers: runtime.timers,
  });
  profileServices.registry.onRebuild((exchange) => {
    keeper.forget(exchange);
  });
  // The side panel follows the active tab of its window: the tab events need no `tabs` permission for ids.
  startHubPorts(
    hub,
    restore,
    {
      tabs: hub,
      activeTab: async (windowId) => (await browser.tabs.query({ active: true, windowId }))[0]?.id,
      onTabActivated: (listener) => {
        const relay = (activation: { tabId: number; windowId: number }) => {
          listener(activation);
        };
        browser.tabs.onActivated.addListener(relay);
        return () => {
          browser.tabs.onActivated.removeListener(relay);
        };
      },
    },
    keeper,
  );
  watchNetworkReturn({ isOnline: () => navigator.onLine, timers: runtime.timers }, () => {
    hub.networkBack();
  });
  const deadManSwitch = startDeadManWorker({
    registry: profileServices.registry,
    portfolio,
    settings,
    clock: runtime.clock,
    timers: runtime.timers,
    needAccount: (on) => {
      need('deadManSwitch', on);
    },
  });
  const alerts = startAlerts({
    registry: profileServices.registry,
    hasCredentials: async (exchange) => (await vault.credentials(exchange)) !== undefined,
    portfolio,
    hub,
    // An alert on the account keeps the account streams open, and nothing more.
    needAccount: (on) => void hub.setBackgroundAccount(on),
    onKeysChange: (listener) => vault.onChange(listener),
    clock: runtime.clock,
    timers: runtime.timers,
  });
  alertTap.listen(alerts.worker);
  startKeepAlive(() => {
    restore();
    void vault.checkAutoLock(runtime.clock.now());
    deadManSwitch.tick();
    void alerts.worker.tick();
  });
  const popupIntents = createPopupIntents(runtime.clock);
  startHotkeys({
    onCommand: (listener) => {
      browser.commands.onCommand.addListener(listener);
    },
    // Missing before Chrome 127 outside policy installs, and in older Firefox versions.
    openPopup: typeof browser.action.openPopup === 'function' ? () => browser.action.openPopup() : undefined,
    intents: popupIntents,
    logger: console,
  });
  startSidePanelHotkey({
    onCommand: (listener) => {
      browser.commands.onCommand.addListener(listener);
    },
    openSidePanel,
    logger: console,
  });
  browser.runtime.onMessage.addListener(restore);
  // A saved watchlist streams at once, not at the next port, message or alarm.
  onWatchlistChange(restore);
  restore();

  const marketStatus = createMarketStatusHandler({ readEndpoint, hub, timers: runtime.timers });
  // One id source for closes and partial closes: two counters could hand out the same id in one ms.
  const newClientOrderId = createClientOrderIds(runtime.clock);
  const closeStore = createCloseStore();
  const trading = createCloseService({
    registry: profileServices.registry,
    store: closeStore,
    clock: runtime.clock,
    timers: runtime.timers,
    newClientOrderId,
    logger: console,
  });
  const protection = createProtectionService({
    registry: profileServices.registry,
    journal: createProtectionJournal(),
    clock: runtime.clock,
    timers: runtime.timers,
    newActionId: newClientOrderId,
    instrumentOf: async (exchange, ref) =>
      (await instrumentLists.list(exchange, ref.kind)).find((instrument) => instrument.id === ref.symbol),
    logger: console,
  });
  const flatten = createFlattenService({
    registry: profileServices.registry,
    keyAccess: async (exchange) => {
      if ((await vault.credentials(exchange)) !== undefined) return 'unlocked';
      const saved = (await vault.status()).credentials.some((saved) => saved.exchange === exchange);
      return saved ? 'locked' : 'none';
    },
    closes: closeStore,
    clock: runtime.clock,
    timers: runtime.timers,
    logger: console,
    item: FLATTEN_RUN_ITEM,
    newRunId: createClientOrderIds(runtime.clock, 'flat'),
  });
  // A close or protection a killed worker left in flight is settled from the exchange, never sent twice;
  // a "close everything" run it left going carries on from what it stored.
  void trading.reconcile();
  void protection.reconcile();
  void flatten.resume();
  // The overlay on the sites the trader added in options, as far as the browser granted them.
  void startOverlaySites({
    browser,
    readExtraOrigins: async () => (await settings.read()).overlay.extraOrigins,
    watchExtraOrigins: (listener) => {
      settings.watch(listener);
    },
    logger: console,
  });
  startMessageRouter(
    countingUserActivity(
      {
        ping: createPingHandler({ version: extensionVersion(), workerStartedAt: now(), now }),
        marketStatus,
        closePosition: createClosePositionHandler(trading, hub),
        ...createProtectionHandlers(protection, hub),
        ...createFlattenHandlers(flatten),
        ...createOrderHandlers(
          createOrderCancelService({ registry: profileServices.registry, timers: runtime.timers }),
        ),
        ...createVaultHandlers(vault, profileServices.auditKey),
        ...createAlertHandlers(alerts.book),
        createChartAlert: createChartAlertHandler(alerts.book, hub),
        getWatchlist: createGetWatchlistHandler(),
        saveWatchlist: createSaveWatchlistHandler(),
        ...profileServices.handlers,
        readSettings: createReadSettingsHandler(settings),
        saveSettings: createSaveSettingsHandler(settings),
        overlaySettings: createOverlaySettingsHandler(settings),
        saveBadgePlacement: createSaveBadgePlacementHandler(settings),
        deadManSwitchStatus: deadManSwitch.handler,
        takePopupIntent: createTakePopupIntentHandler(popupIntents),
        searchInstruments: createSearchInstrumentsHandler({
          registry: profileServices.registry,
          lists: instrumentLists,
        }),
      },
      vault,
    ),
  );
}
