import { createStore } from 'zustand/vanilla';
import type { Contracts, RequestOf, ResponseOf } from '../contracts';
import type { KeyAudit } from '../contracts/profiles';
import type { UiSettings } from '../contracts/settings';
import type { DeadManSwitchView } from '../contracts/dead-man-switch';
import type { WatchlistEntry } from '../contracts/portfolio';
import type { MessageClient } from '../platform/message-client';
import type { SitePermissions } from '../platform/site-permissions';
import type { PassphraseRule } from '../contracts/passphrase-rule';
import { errorMessage } from '../contracts/perch-error';
import { createAlertsStore, type AlertsStore } from '../ui/alerts-store';

/** Something the page asked the background for: still on its way, answered, or refused in words. */
export type Loadable<T> =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly value: T }
  | { readonly kind: 'error'; readonly reason: string };

export type VaultStatus = ResponseOf<Contracts['vaultStatus']>;
export type Profiles = ResponseOf<Contracts['readProfiles']>;
export type SaveCredentialsRequest = RequestOf<Contracts['vaultSaveCredentials']>;
export type SaveCredentialsResult = ResponseOf<Contracts['vaultSaveCredentials']>;
export type TestConnectionRequest = RequestOf<Contracts['testConnection']>;
export type SearchRequest = RequestOf<Contracts['searchInstruments']>;

/** Vault messages that change its state; the page reads the vault's status again after each. */
type VaultChange =
  'vaultSetUp' | 'vaultUnlock' | 'vaultLock' | 'vaultChangePassphrase' | 'vaultForget' | 'vaultSetAutoLock';

export interface OptionsState {
  readonly vault: Loadable<VaultStatus>;
  readonly profiles: Loadable<Profiles>;
  readonly settings: Loadable<UiSettings>;
  readonly watchlist: Loadable<readonly WatchlistEntry[]>;
  readonly permissions: SitePermissions;
  /** Every alert and the last fired ones, read with the rest of the page and after each change. */
  readonly alerts: AlertsStore;
  /**
   * The rule the worker applies to a new vault passphrase, for the forms to show as the trader types. Loaded on
   * first use (its word lists are large), then kept for the page; a failed load is tried again next time.
   */
  readonly passphraseRule: () => Promise<PassphraseRule>;
  /** Reads everything the page shows; each part fails on its own. */
  readonly loadAll: () => Promise<void>;
  readonly refreshVault: () => Promise<void>;
  /** Each action below rejects with the background's error (a PerchError, worded for the trader). */
  readonly changeVault: <N extends VaultChange>(name: N, request: RequestOf<Contracts[N]>) => Promise<void>;
  readonly saveCredentials: (request: SaveCredentialsRequest) => Promise<SaveCredentialsResult>;
  readonly saveProfile: (profile: Profiles['profiles'][number]) => Promise<void>;
  readonly testConnection: (request: TestConnectionRequest) => Promise<KeyAudit>;
  readonly saveSettings: (settings: UiSettings) => Promise<void>;
  /** The dead-man switch as the worker runs it now (armed or not, and until when). */
  readonly readDeadManSwitch: () => Promise<DeadManSwitchView>;
  readonly searchInstruments: (request: SearchRequest) => Promise<ResponseOf<Contracts['searchInstruments']>>;
  readonly saveWatchlist: (entries: readonly WatchlistEntry[]) => Promise<void>;
}

async function load<T>(ask: () => Promise<T>): Promise<Loadable<T>> {
  try {
    return { kind: 'ready', value: await ask() };
  } catch (error) {
    return { kind: 'error', reason: errorMessage(error) };
  }
}

/** One load at a time and one kept result; a failure is forgotten, so the next call tries again. */
function keptOnSuccess<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= load().catch((error: unknown) => {
      kept = undefined;
      throw error;
    });
    return kept;
  };
}

/** The options page's state, fed by answers from the background (and the build's passphrase rule). */
export function createOptionsStore(
  client: MessageClient,
  permissions: SitePermissions,
  loadPassphraseRule: () => Promise<PassphraseRule>,
) {
  return createStore<OptionsState>()((set, get) => {
    const refreshVault = async () => {
      set({ vault: await load(() => client.send('vaultStatus', {})) });
    };
    const loadProfiles = async () => {
      set({ profiles: await load(() => client.send('readProfiles', {})) });
    };
    const alerts = createAlertsStore(client);
    return {
      alerts,
      vault: { kind: 'loading' },
      profiles: { kind: 'loading' },
      settings: { kind: 'loading' },
      watchlist: { kind: 'loading' },
      permissions,
      passphraseRule: keptOnSuccess(loadPassphraseRule),
      async loadAll() {
        await Promise.all([
          refreshVault(),
          loadProfiles(),
          load(() => client.send('readSettings', {})).then((settings) => {
            set({ settings });
          }),
          load(() => client.send('getWatchlist', {})).then((answer) => {
            set({
              watchlist:
                answer.kind === 'ready' ? { kind: 'ready', value: answer.value.instruments } : answer,
            });
          }),
          alerts.getState().load(),
        ]);
      },
      refreshVault,
      async changeVault(name, request) {
        try {
          await client.send(name, request);
        } finally {
          await refreshVault();
        }
      },
      async saveCredentials(request) {
        const result = await client.send('vaultSaveCredentials', request);
        if (result.saved) await refreshVault();
        return result;
      },
      async saveProfile(profile) {
        const saved = await client.send('saveProfile', { profile });
        const { profiles } = get();
        if (profiles.kind !== 'ready') return loadProfiles();
        const list = profiles.value.profiles.filter((item) => item.exchange !== saved.profile.exchange);
        set({
          profiles: { kind: 'ready', value: { ...profiles.value, profiles: [...list, saved.profile] } },
        });
      },
      testConnection: (request) => client.send('testConnection', request),
      readDeadManSwitch: () => client.send('deadManSwitchStatus', {}),
      async saveSettings(settings) {
        set({ settings: { kind: 'ready', value: await client.send('saveSettings', { settings }) } });
      },
      searchInstruments: (request) => client.send('searchInstruments', request),
      async saveWatchlist(entries) {
        const { instruments } = await client.send('saveWatchlist', { instruments: [...entries] });
        set({ watchlist: { kind: 'ready', value: instruments } });
      },
    };
  });
}

export type OptionsStore = ReturnType<typeof createOptionsStore>;
