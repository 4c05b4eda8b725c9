import type { MessageHandlers } from '../../platform/message-dispatch';
import type { SettingsStore } from '../settings/settings-store';

export function createReadSettingsHandler(store: SettingsStore): MessageHandlers['readSettings'] {
  return () => store.read();
}
