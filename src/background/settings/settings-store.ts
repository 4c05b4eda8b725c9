import { DEFAULT_UI_SETTINGS, uiSettings, type UiSettings } from '../../contracts/settings';
import { trustedStorage } from '../../platform/trusted-storage';
import { createSerialQueue } from '../serial-queue';

export const uiSettingsItem = trustedStorage.defineItem<UiSettings>('uiSettings', {
  version: 2,
  fallback: DEFAULT_UI_SETTINGS,
  migrations: {
    // Version 2 added the toolbar PnL, off as it was before there was a setting for it.
    2: (saved: Omit<UiSettings, 'toolbarPnl'>): UiSettings => ({ ...saved, toolbarPnl: false }),
  },
});

/** The trader's UI settings (close confirmation, overlay sites, privacy, badge placement). */
export interface SettingsStore {
  /** What is stored, or the defaults when nothing is or what is stored no longer parses. */
  read(): Promise<UiSettings>;
  /** Changes the settings from what they are now; changes run one at a time so none is lost. */
  update(change: (current: UiSettings) => UiSettings): Promise<UiSettings>;
  /** Calls `listener` with the settings as `read` gives them after each stored change. */
  watch(listener: (settings: UiSettings) => void): void;
}

export function createSettingsStore(item = uiSettingsItem): SettingsStore {
  const serial = createSerialQueue();

  // Any extension context can write the store, and an older Perch's copy came from storage.local: what
  // is stored is checked on every read.
  async function read(): Promise<UiSettings> {
    const stored: unknown = await item.getValue();
    const parsed = uiSettings.safeParse(stored);
    if (parsed.success) return parsed.data;
    console.warn('Perch ignored saved settings it cannot read and uses the defaults:', stored);
    return DEFAULT_UI_SETTINGS;
  }

  return {
    read,
    watch: (listener) => {
      item.watch(() => {
        void read().then(listener);
      });
    },
    update: (change) =>
      serial(async () => {
        const next = uiSettings.parse(change(await read()));
        await item.setValue(next);
        return next;
      }),
  };
}
