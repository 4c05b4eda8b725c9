import { describe, expect, it } from 'vitest';
import { PerchError } from '../contracts';
import { DEFAULT_UI_SETTINGS } from '../contracts/settings';
import { fakeBackground, fakePermissions } from './options-fakes.test-helper';
import type { PassphraseRule } from '../contracts/passphrase-rule';
import { createOptionsStore } from './store';

const noRule = () => Promise.reject(new Error('no passphrase rule in these tests'));
const storeOver = (
  handlers: Parameters<typeof fakeBackground>[0],
  passphraseRule: () => Promise<PassphraseRule> = noRule,
) => createOptionsStore(fakeBackground(handlers).client, fakePermissions(true).permissions, passphraseRule);

describe('createOptionsStore', () => {
  it('reads each part on its own: one refusal leaves the others shown', async () => {
    const store = storeOver({
      getWatchlist: () => Promise.reject(new PerchError('InternalError', 'Perch failed.')),
    });

    await store.getState().loadAll();

    const { vault, profiles, settings, watchlist } = store.getState();
    expect([vault.kind, profiles.kind, settings.kind]).toEqual(['ready', 'ready', 'ready']);
    expect(watchlist).toEqual({ kind: 'error', reason: 'Perch failed.' });
  });

  it('reads the vault again after a refused change, so the page shows its real state', async () => {
    let state: 'unlocked' | 'locked' = 'unlocked';
    const store = storeOver({
      vaultStatus: () => Promise.resolve({ state, autoLockMinutes: 15, credentials: [] }),
      vaultChangePassphrase: () => {
        // The vault locked itself (auto-lock) while the trader typed.
        state = 'locked';
        return Promise.reject(new PerchError('VaultLockedError', 'The vault is locked.'));
      },
    });
    await store.getState().loadAll();

    await expect(
      store.getState().changeVault('vaultChangePassphrase', { current: 'a', next: 'b' }),
    ).rejects.toThrow('The vault is locked.');

    expect(store.getState().vault).toMatchObject({ kind: 'ready', value: { state: 'locked' } });
  });

  it('replaces only the saved exchange profile with what the background kept', async () => {
    const store = storeOver({
      saveProfile: ({ profile }) => Promise.resolve({ profile: { ...profile, region: 'eea' } }),
    });
    await store.getState().loadAll();

    await store.getState().saveProfile({ exchange: 'okx', enabled: false, environment: 'live' });

    const { profiles } = store.getState();
    expect(profiles.kind === 'ready' ? profiles.value.profiles : []).toEqual([
      { exchange: 'bybit', enabled: true, environment: 'live' },
      { exchange: 'okx', enabled: false, environment: 'live', region: 'eea' },
    ]);
  });

  it('keeps the settings shown when a save is refused', async () => {
    const store = storeOver({
      saveSettings: () => Promise.reject(new PerchError('InvalidSettingError', 'No.')),
    });
    await store.getState().loadAll();
    const before = store.getState().settings;

    await expect(
      store.getState().saveSettings({ ...DEFAULT_UI_SETTINGS, closeConfirm: 'hold' }),
    ).rejects.toThrow('No.');

    expect(store.getState().settings).toBe(before);
  });
});

describe('the passphrase rule', () => {
  it('is loaded once for the page, and loaded again after a load that failed', async () => {
    const rule: PassphraseRule = () => ({ accepted: true, words: 'Strong: very hard to guess.' });
    let loads = 0;
    const store = storeOver({}, () =>
      ++loads === 1 ? Promise.reject(new Error('not there')) : Promise.resolve(rule),
    );

    await expect(store.getState().passphraseRule()).rejects.toThrow('not there');
    await expect(store.getState().passphraseRule()).resolves.toBe(rule);
    await expect(store.getState().passphraseRule()).resolves.toBe(rule);
    expect(loads).toBe(2);
  });
});
