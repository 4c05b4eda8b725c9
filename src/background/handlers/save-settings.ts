import { PerchError } from '../../contracts';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { checkSettings } from '../settings/setting-problems';
import type { SettingsStore } from '../settings/settings-store';

/** Saves all the settings, or nothing: bad settings are refused with every problem named. */
export function createSaveSettingsHandler(store: SettingsStore): MessageHandlers['saveSettings'] {
  // The router lets any value through (see the contract): it is checked here, field by field.
  return async ({ settings }: { readonly settings: unknown }) => {
    const checked = checkSettings(settings);
    if (!checked.ok)
      throw new PerchError(
        'InvalidSettingError',
        `The settings were not saved. ${checked.problems.join(' ')}`,
      );
    return store.update(() => checked.settings);
  };
}
