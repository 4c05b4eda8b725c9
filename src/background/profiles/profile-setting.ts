import * as z from 'zod/mini';
import { connectionProfile } from '../../contracts/profiles';
import type { ExchangeId } from '../../exchanges';
import { trustedStorage } from '../../platform/trusted-storage';
import type { ConnectionProfile } from '../services';
import { defaultProfile, profileProblem } from './profile-rules';

/** One profile per exchange, as stored; an exchange without one uses the build's default. */
export type StoredProfiles = Partial<Record<ExchangeId, z.infer<typeof connectionProfile>>>;

export function toStored(profile: ConnectionProfile): z.infer<typeof connectionProfile> {
  const { region, ...rest } = profile;
  return region === undefined ? rest : { ...rest, region };
}

export const profilesSetting = trustedStorage.defineItem<StoredProfiles>('connectionProfiles', {
  version: 1,
  fallback: {},
});

const storedFor = (stored: unknown, exchange: ExchangeId): unknown =>
  typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>)[exchange] : undefined;

/**
 * The stored profile of `exchange` when it is valid and allowed in this build (a store build never
 * reaches the simulator); undefined otherwise. What every read checks, and the import from storage.local.
 */
export function usableProfile(
  stored: unknown,
  exchange: ExchangeId,
  buildMode: string,
): ConnectionProfile | undefined {
  const parsed = connectionProfile.safeParse(storedFor(stored, exchange));
  if (!parsed.success || parsed.data.exchange !== exchange) return undefined;
  const profile = { ...parsed.data, region: parsed.data.region };
  return profileProblem(profile, buildMode) === undefined ? profile : undefined;
}

/**
 * The profile of `exchange` to use. An older Perch kept the profiles where content scripts could write
 * them, so a stored profile counts only when it is usable; anything else gives the build's default,
 * with a warning.
 */
export function effectiveProfile(
  stored: unknown,
  exchange: ExchangeId,
  buildMode: string,
): ConnectionProfile {
  const usable = usableProfile(stored, exchange, buildMode);
  if (usable !== undefined) return usable;
  const raw = storedFor(stored, exchange);
  if (raw !== undefined)
    console.warn(`Perch ignored a saved ${exchange} profile that this build may not use:`, raw);
  return defaultProfile(exchange, buildMode);
}
