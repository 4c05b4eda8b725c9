import type { MessageHandlers } from '../../platform/message-dispatch';
import { profileChoices } from '../profiles/profile-choices';
import { toStored } from '../profiles/profile-setting';
import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import type { ProfileStore } from '../profiles/profile-store';

export function createReadProfilesHandler(
  store: ProfileStore,
  buildMode: string,
): MessageHandlers['readProfiles'] {
  return async () => ({
    profiles: (await store.all()).map(toStored),
    choices: EXCHANGE_IDS.map((exchange) => profileChoices(exchange, buildMode)),
  });
}
