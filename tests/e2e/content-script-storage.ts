import { expect } from 'vitest';
import { TRUSTED_DATABASE } from '../../src/platform/trusted-store-format';
import type { PerchReply } from './pages/extension-messages';
import { VAULT_PASSPHRASE } from './perch-session';

/**
 * The security review's content script, as one scenario for every browser: from Perch's content
 * script's own world on a chart page, it reads storage.local whole, opens Perch's database by name, then
 * writes an older Perch's items there and clears it. Each browser's spec says how it reaches that world.
 */

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
  risk: { warnBelowPercent: 12, dangerBelowPercent: 6, toolbar: 'liquidation-distance' },
  deadManSwitch: { enabled: false, timeoutSeconds: 90 },
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

/** Opens Perch's database by name in whatever origin the code runs in; answers that origin and its stores. */
const OPEN_PERCH_DATABASE = `const db = await new Promise((resolve, reject) => {
  const request = indexedDB.open(${JSON.stringify(TRUSTED_DATABASE)});
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
const stores = [...db.objectStoreNames];
db.close();
return { origin: location.origin, stores };`;

export interface ContentScriptAttack {
  /** A message from the options page, as the trader's screens send it. */
  readonly send: (name: string, payload?: object) => Promise<PerchReply>;
  /** Runs `body`, an async function's body using `chrome`, as Perch's content script on the chart page. */
  readonly asContentScript: (body: string) => Promise<unknown>;
  /** The chart page's origin. */
  readonly pageOrigin: string;
  /** Stops the background, so the next message starts a new one (where the harness can). */
  readonly restartBackground?: () => Promise<void>;
}

/**
 * Perch with the vault set up and keys saved (by the caller), the trader's own auto-lock and settings:
 * the content script finds nothing of Perch's, and what it writes or clears changes no answer of the
 * worker's; the vault still unlocks. Answers what it did, for the reliability table.
 */
export async function attackStorageFromContentScript(attack: ContentScriptAttack): Promise<string> {
  const { send, asContentScript } = attack;
  await expect(send('vaultSetAutoLock', { minutes: MY_AUTO_LOCK_MINUTES })).resolves.toMatchObject({
    ok: true,
  });
  await expect(send('saveSettings', { settings: MY_SETTINGS })).resolves.toMatchObject({ ok: true });
  /** What the worker answers the options page about everything the content script touches. */
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
  const readLocal = () => asContentScript('return chrome.storage.local.get(null);');
  const plant = () => asContentScript(`await chrome.storage.local.set(${JSON.stringify(PLANTED)});`);
  const restarts = attack.restartBackground === undefined ? 0 : 2;

  // Reading: no vault record, no KDF salt or iterations, no settings.
  await expect(readLocal()).resolves.toEqual({});
  // Perch's database by name, from here, is the page's own: an empty one, not the extension's.
  await expect(asContentScript(OPEN_PERCH_DATABASE)).resolves.toEqual({
    origin: attack.pageOrigin,
    stores: [],
  });

  // Writing what an older Perch would have read, while the worker runs and after it starts again.
  await plant();
  expect(await workerAnswers()).toEqual(before);
  if (attack.restartBackground !== undefined) {
    await attack.restartBackground();
    expect(await workerAnswers()).toEqual(before);
    // The new worker's start removed what was planted where an older Perch kept its items.
    await expect(readLocal()).resolves.toEqual({});
  }

  // Wiping.
  await plant();
  await asContentScript('await chrome.storage.local.clear();');
  await attack.restartBackground?.();
  expect(await workerAnswers()).toEqual(before);
  await expect(send('vaultLock')).resolves.toEqual({ ok: true, data: {} });
  await expect(send('vaultUnlock', { passphrase: VAULT_PASSPHRASE })).resolves.toEqual({
    ok: true,
    data: {},
  });
  expect(await workerAnswers()).toEqual(before);
  return `1 read, 1 database open, 2 writes, 1 clear, ${String(restarts)} worker restarts`;
}
