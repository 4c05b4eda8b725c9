import type { MessageHandlers } from '../../platform/message-dispatch';
import type { SettingsStore } from '../settings/settings-store';

/** The overlay's share of the settings: which sites, privacy and where its badge sits, nothing else. */
export function createOverlaySettingsHandler(store: SettingsStore): MessageHandlers['overlaySettings'] {
  return async () => {
    const { sites, extraOrigins, privacy, badge } = (await store.read()).overlay;
    return { sites, extraOrigins, privacy, badge };
  };
}
