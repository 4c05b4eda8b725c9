import type { MessageHandlers } from '../../platform/message-dispatch';
import { toStored } from '../profiles/profile-setting';
import type { ProfileStore } from '../profiles/profile-store';

/** Stores the profile; the registry hears the change and rebuilds that exchange's streams and clients. */
export function createSaveProfileHandler(store: ProfileStore): MessageHandlers['saveProfile'] {
  return async ({ profile }) => ({
    profile: toStored(await store.save({ ...profile, region: profile.region })),
  });
}
