import type { MessageHandlers } from '../../platform/message-dispatch';
import type { SettingsStore } from '../settings/settings-store';

/** Moves the overlay badge and changes nothing else: a charting page may send this, so it may do no more. */
export function createSaveBadgePlacementHandler(store: SettingsStore): MessageHandlers['saveBadgePlacement'] {
  return async ({ badge }) => {
    const saved = await store.update((current) => ({ ...current, overlay: { ...current.overlay, badge } }));
    return { badge: saved.overlay.badge };
  };
}
