import { expect } from 'vitest';
import { TRUSTED_DATABASE } from '../../src/platform/trusted-store-format';
import { perchTest as test } from '../e2e/fixture';
import { ChartPage } from '../e2e/pages/chart-page';
import { contentScriptWorld, type ContentScriptWorld } from '../e2e/pages/content-script-world';
import { startSessionOnSimulator, VAULT_PASSPHRASE } from '../e2e/perch-session';
import { recordScenario } from './scenario';

const TRADINGVIEW_CHART = 'https://www.tradingview.com/chart/?symbol=BYBIT:BTCUSDT.P';
const SECTION = 'Abuse from a web page';

/** The trader's own choices, so that "unchanged" cannot mean "back to the defaults". */
const MY_SETTINGS = {
  closeConfirm: 'hold',
  toolbarPnl: false,
  overlay: {
    sites: { tradingview: true, binance: false },
    extraOrigins: [],
    privacy: true,
    badge: { corner: 'top-left', offsetX: 24, offsetY: 24 },
  },
};
const MY_AUTO_LOCK_MINUTES = 30;

/** What the review's content script wrote, in an older Perch's own layout (WXT: `<key>$` = `{ v }`). */
const PLANTED = {
  vaultAutoLockMinutes: 1440,
  vaultAutoLockMinutes$: { v: 1 },
  uiSettings: {
    ...MY_SETTINGS,
    closeConfirm: 'click',
    overlay: { ...MY_SETTINGS.overlay, privacy: false, extraOrigins: ['https://evil.example'] },
  },
  uiSettings$: { v: 2 },
  connectionProfiles: {
    okx: { exchange: 'okx', enabled: true, environment: 'live' },
    bybit: { exchange: 'bybit', enabled: false, environment: 'live' },
  },
  connectionProfiles$: { v: 1 },
  marketEndpoint: { environment: 'simulator', restUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1' },
  vaultPointer: null,
};

/** Runs `code` (a function body using `chrome`) as Perch's content script and answers its value. */
const asContentScript = (world: ContentScriptWorld, code: string) =>
  world.evaluate(`(async () => { ${code} })()`);

test("a content script finds nothing of Perch's in storage.local, and what it writes or clears there changes nothing the worker keeps", async ({
  perch,
  simulator,
  task,
}) => {
  const { send } = await startSessionOnSimulator(perch, simulator);
  await expect(send('vaultSetAutoLock', { minutes: MY_AUTO_LOCK_MINUTES })).resolves.toMatchObject({
    ok: true,
  });
  await expect(send('saveSettings', { settings: MY_SETTINGS })).resolves.toMatchObject({ ok: true });
  /** What the worker answers the options page about everything the review's content script touched. */
  const workerAnswers = async () => ({
    vault: await send('vaultStatus'),
    profiles: await send('readProfiles'),
    settings: await send('readSettings'),
  });
  const before = await workerAnswers();
  expect(before.vault).toMatchObject({
    ok: true,
    data: { state: 'unlocked', autoLockMinutes: MY_AUTO_LOCK_MINUTES, credentials: [{}, {}] },
  });
  expect(before.settings).toEqual({ ok: true, data: MY_SETTINGS });

  const chart = await ChartPage.open(perch.browser, TRADINGVIEW_CHART, 'tradingview-chart.html');
  await chart.waitForBadge((badge) => badge.lines.length > 0);
  const world = await contentScriptWorld(chart.page, perch.extensionId);

  // Reading: no vault record, no KDF salt or iterations, no settings.
  await expect(asContentScript(world, 'return chrome.storage.local.get(null);')).resolves.toEqual({});
  // Perch's database by name, from here, is the page's own: an empty one, not the extension's.
  await expect(
    asContentScript(
      world,
      `const db = await new Promise((resolve, reject) => {
         const request = indexedDB.open(${JSON.stringify(TRUSTED_DATABASE)});
         request.onsuccess = () => resolve(request.result);
         request.onerror = () => reject(request.error);
       });
       const stores = [...db.objectStoreNames];
       db.close();
       return { origin: location.origin, stores };`,
    ),
  ).resolves.toEqual({ origin: 'https://www.tradingview.com', stores: [] });

  // Writing what an older Perch would have read, while the worker runs and after it starts again.
  await asContentScript(world, `await chrome.storage.local.set(${JSON.stringify(PLANTED)});`);
  expect(await workerAnswers()).toEqual(before);
  await perch.stopWorker();
  expect(await workerAnswers()).toEqual(before);
  // The new worker's start removed what was planted where an older Perch kept its items.
  await expect(asContentScript(world, 'return chrome.storage.local.get(null);')).resolves.toEqual({});

  // Wiping.
  await asContentScript(world, `await chrome.storage.local.set(${JSON.stringify(PLANTED)});`);
  await asContentScript(world, 'await chrome.storage.local.clear();');
  await perch.stopWorker();
  expect(await workerAnswers()).toEqual(before);
  await expect(send('vaultLock')).resolves.toEqual({ ok: true, data: {} });
  await expect(send('vaultUnlock', { passphrase: VAULT_PASSPHRASE })).resolves.toEqual({
    ok: true,
    data: {},
  });
  expect(await workerAnswers()).toEqual(before);
  await world.detach();

  recordScenario(task, {
    section: SECTION,
    scenario: "a content script (a compromised chart renderer) reads, rewrites and clears Perch's storage",
    injected:
      "from the overlay content script's isolated world: storage.local read whole; Perch's IndexedDB opened by name; auto-lock 1440 min, other settings, profiles, a market and a null vault pointer written in an older Perch's layout; storage.local.clear()",
    times: '1 read, 1 database open, 2 writes, 1 clear, 2 worker restarts',
    result:
      "storage.local held nothing of Perch's (no vault record, KDF salt or iterations, no setting); the database by that name was the page's own, empty; the worker's auto-lock, profiles and settings read the same before and after, across both restarts, and the vault still unlocked with its passphrase",
  });
});
