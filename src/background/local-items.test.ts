import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_UI_SETTINGS, type UiSettings } from '../contracts/settings';
import { importFromLocal } from '../platform/local-import';
import { trustedStorage } from '../platform/trusted-storage';
import { resetTrustedStore, trustedRecords } from '../platform/trusted-storage.test-helper';
import { localItems } from './local-items';
import { createEndpointPolicy } from './market/endpoint-policy';
import { createMarketEndpointReader } from './market/endpoint-setting';
import { DEFAULT_WATCHLIST, readWatchlist } from './portfolio/watchlist-setting';
import { createProfileStore } from './profiles/profile-store';
import { createSettingsStore } from './settings/settings-store';
import { BYBIT_KEYS, OKX_KEYS, startTestVault } from './vault/vault.test-helper';

const MODE = 'development';
const PASSPHRASE = 'correct horse battery';
const SIMULATOR = {
  environment: 'simulator',
  restUrl: 'http://127.0.0.1:40123',
  wsUrl: 'ws://127.0.0.1:40123',
};
const SETTINGS: UiSettings = { ...DEFAULT_UI_SETTINGS, closeConfirm: 'hold', toolbarPnl: true };
const ETH = { exchange: 'bybit', kind: 'perpetual', symbol: 'ETHUSDT', contractType: 'linear' } as const;
const DEMO_OKX = { exchange: 'okx', enabled: true, environment: 'demo' } as const;

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

/** The worker start's import, over the real items and store. */
const runImport = () =>
  importFromLocal({
    local: fakeBrowser.storage.local,
    store: trustedStorage,
    items: localItems(MODE, createEndpointPolicy(MODE)),
    storeIsEphemeral: false,
    logger: console,
  });

/** What the worker's readers make of the store now. */
async function whatTheWorkerReads() {
  const { vault } = await startTestVault();
  return {
    vault: await vault.status(),
    market: await createMarketEndpointReader(MODE, createEndpointPolicy(MODE))(),
    profiles: await createProfileStore(MODE).all(),
    settings: await createSettingsStore().read(),
    watchlist: await readWatchlist(),
  };
}

/**
 * An older Perch's storage.local, as WXT kept it: each value with `<key>$` = `{ v }` beside it. Made by
 * this Perch, then moved where the older one kept it.
 */
async function olderPerchInStorageLocal(): Promise<void> {
  const { vault } = await startTestVault();
  await vault.setUp(PASSPHRASE);
  await vault.saveCredentials('okx', OKX_KEYS);
  await vault.saveCredentials('bybit', BYBIT_KEYS);
  await vault.setAutoLockMinutes(30);
  await createProfileStore(MODE).save({ ...DEMO_OKX, region: undefined });
  const records = (await trustedRecords()) as Record<string, { v: number; value: unknown }>;
  const local: Record<string, unknown> = {
    marketEndpoint: SIMULATOR,
    watchlist: [ETH],
    uiSettings: { closeConfirm: 'hold', overlay: DEFAULT_UI_SETTINGS.overlay },
    uiSettings$: { v: 1 },
  };
  for (const [key, { v, value }] of Object.entries(records))
    Object.assign(local, { [key]: value, [`${key}$`]: { v } });
  await fakeBrowser.storage.local.set(local);
  await resetTrustedStore();
  await fakeBrowser.storage.session.clear();
}

describe('the first start of this Perch after an older one', () => {
  it('carries the vault, its auto-lock, the profiles, market, watchlist and settings over, and storage.local is left empty', async () => {
    await olderPerchInStorageLocal();

    await expect(runImport()).resolves.toEqual([
      'vaultPointer',
      'vaultSlot_a',
      'vaultAutoLockMinutes',
      'connectionProfiles',
      'watchlist',
      'marketEndpoint',
      'uiSettings',
    ]);

    const read = await whatTheWorkerReads();
    expect(read.vault).toEqual({
      state: 'locked',
      autoLockMinutes: 30,
      credentials: [
        { exchange: 'okx', maskedKey: '5f1b…0c64' },
        { exchange: 'bybit', maskedKey: 'XyZ1…H56i' },
      ],
    });
    expect(read.market).toEqual(SIMULATOR);
    expect(read.profiles[0]).toMatchObject(DEMO_OKX);
    // uiSettings was version 1: the toolbar PnL it had no setting for is off.
    expect(read.settings).toEqual({ ...DEFAULT_UI_SETTINGS, closeConfirm: 'hold', toolbarPnl: false });
    expect(read.watchlist).toEqual([ETH]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('the carried-over vault opens with the same passphrase and gives the same keys', async () => {
    await olderPerchInStorageLocal();
    await runImport();

    const { vault } = await startTestVault();
    await vault.unlock(PASSPHRASE);

    await expect(vault.credentials('okx')).resolves.toEqual(OKX_KEYS);
    await expect(vault.credentials('bybit')).resolves.toEqual(BYBIT_KEYS);
  });
});

describe('what a content script writes to storage.local', () => {
  it('reaches no reader, before or after the next worker start', async () => {
    const { vault } = await startTestVault();
    await vault.setUp(PASSPHRASE);
    await createSettingsStore().update(() => SETTINGS);
    await runImport();
    const before = await whatTheWorkerReads();

    await fakeBrowser.storage.local.set({
      vaultPointer: null,
      vaultAutoLockMinutes: 1440,
      connectionProfiles: { okx: DEMO_OKX },
      marketEndpoint: { ...SIMULATOR, restUrl: 'http://127.0.0.1:1' },
      watchlist: [],
      uiSettings: { ...SETTINGS, overlay: { ...SETTINGS.overlay, extraOrigins: ['https://evil.example'] } },
    });
    expect(await whatTheWorkerReads()).toEqual(before);
    await runImport();

    expect(await whatTheWorkerReads()).toEqual(before);
    expect(before).toMatchObject({
      vault: { state: 'unlocked', autoLockMinutes: 15 },
      settings: SETTINGS,
      watchlist: DEFAULT_WATCHLIST,
    });
  });
});
