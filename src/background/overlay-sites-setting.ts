import { uiSettings } from '../contracts/settings';
import { storage } from '../platform/storage';

/**
 * Where the UI settings are kept (the settings store's item). Read here by key so the overlay's site
 * registration does not wait for that store; both read the same validated shape.
 */
const UI_SETTINGS_KEY = 'local:uiSettings';

/** The trader's added overlay origins; none when nothing valid is stored. */
export async function readExtraOrigins(): Promise<readonly string[]> {
  const parsed = uiSettings.safeParse(await storage.getItem(UI_SETTINGS_KEY));
  return parsed.success ? parsed.data.overlay.extraOrigins : [];
}

export function watchExtraOrigins(listener: () => void): void {
  storage.watch(UI_SETTINGS_KEY, listener);
}
