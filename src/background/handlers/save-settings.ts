import { PerchError } from '../../contracts';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { checkSettings } from '../settings/setting-problems';
import type { SettingsStore } from '../settings/settings-store';

/** Saves all the settings, or nothing: bad settings are refused with every problem named. */
export function createSaveSettingsHandler(store: SettingsStore): MessageHandlers['saveSettings'] {
  return async ({ settings }) => {
    const checked = checkSettings(settings);
    if (!checked.ok)
      throw new PerchError(
        'InvalidSettingError',
        `The settings were not saved. ${checked.problems.join(' ')}`,
      );
    return store.update(() => checked.settings);
  };
}
