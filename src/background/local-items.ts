import { uiSettings } from '../contracts/settings';
import { EXCHANGE_IDS } from '../contracts/vocabulary';
import type { LocalItem } from '../platform/local-import';
import type { EndpointPolicy } from './market/endpoint-policy';
import { allowedEndpoint, marketEndpointSetting } from './market/endpoint-setting';
import { watchlistItem } from './portfolio/watchlist-setting';
import { profilesSetting, usableProfile } from './profiles/profile-setting';
import { uiSettingsItem } from './settings/settings-store';
import {
  autoLockItem,
  autoLockMinutes,
  pointerItem,
  slotItems,
  vaultGeneration,
  vaultPointer,
} from './vault/vault-storage';

/**
 * Every item Perch kept in storage.local before the trusted store, each with the check its reader
 * makes on every read: what the import carries over is what Perch would have used, and nothing else.
 */
export function localItems(buildMode: string, policy: EndpointPolicy): LocalItem[] {
  const isGeneration = (value: unknown) => vaultGeneration.safeParse(value).success;
  return [
    { item: pointerItem, usable: (value) => vaultPointer.safeParse(value).success },
    { item: slotItems.a, usable: isGeneration },
    { item: slotItems.b, usable: isGeneration },
    { item: autoLockItem, usable: (value) => autoLockMinutes.safeParse(value).success },
    {
      item: profilesSetting,
      usable: (value) =>
        EXCHANGE_IDS.some((exchange) => usableProfile(value, exchange, buildMode) !== undefined),
    },
    // readWatchlist takes any list, entry by entry; anything else reads as the default.
    { item: watchlistItem, usable: Array.isArray },
    { item: marketEndpointSetting, usable: (value) => allowedEndpoint(value, policy) !== undefined },
    { item: uiSettingsItem, usable: (value) => uiSettings.safeParse(value).success },
  ];
}
