import * as z from 'zod/mini';
import { connectionProfile } from '../../contracts/profiles';
import type { ExchangeId } from '../../exchanges';
import { storage } from '../../platform/storage';
import type { ConnectionProfile } from '../services';
import { defaultProfile, profileProblem } from './profile-rules';

/** One profile per exchange, as stored; an exchange without one uses the build's default. */
export type StoredProfiles = Partial<Record<ExchangeId, z.infer<typeof connectionProfile>>>;

export function toStored(profile: ConnectionProfile): z.infer<typeof connectionProfile> {
  const { region, ...rest } = profile;
  return region === undefined ? rest : { ...rest, region };
}

export const profilesSetting = storage.defineItem<StoredProfiles>('local:connectionProfiles', {
  version: 1,
  fallback: {},
});

/**
 * The usable profile of `exchange` in what is stored. Content scripts can write `storage.local`, so a
 * stored profile counts only when it is valid and allowed in this build (a store build never reaches the
 * simulator); anything else gives the build's default, with a warning.
 */
export function effectiveProfile(
  stored: unknown,
  exchange: ExchangeId,
  buildMode: string,
): ConnectionProfile {
  const raw =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>)[exchange] : undefined;
  const parsed = connectionProfile.safeParse(raw);
  if (parsed.success && parsed.data.exchange === exchange) {
    const profile = { ...parsed.data, region: parsed.data.region };
    if (profileProblem(profile, buildMode) === undefined) return profile;
  }
  if (raw !== undefined)
    console.warn(`Perch ignored a saved ${exchange} profile that this build may not use:`, raw);
  return defaultProfile(exchange, buildMode);
}
