import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import { PerchError } from '../../contracts';
import type { ExchangeId } from '../../exchanges';
import type { ConnectionProfile, ProfileSource } from '../services';
import { profileProblem } from './profile-rules';
import { effectiveProfile, profilesSetting, toStored } from './profile-setting';

export interface ProfileStore extends ProfileSource {
  /** Both exchanges' profiles, in EXCHANGE_IDS order. */
  all(): Promise<ConnectionProfile[]>;
  /** Validates and stores `profile`; a bad choice is an InvalidRequestError listing the valid ones. */
  save(profile: ConnectionProfile): Promise<ConnectionProfile>;
}

const sameProfile = (a: ConnectionProfile, b: ConnectionProfile) =>
  a.enabled === b.enabled && a.environment === b.environment && a.region === b.region;

/** The connection profiles in the trusted store, validated on every read (see effectiveProfile). */
export function createProfileStore(buildMode: string): ProfileStore {
  const profile = async (exchange: ExchangeId) =>
    effectiveProfile(await profilesSetting.getValue(), exchange, buildMode);
  return {
    profile,
    all: () => Promise.all(EXCHANGE_IDS.map(profile)),
    async save(next) {
      const problem = profileProblem(next, buildMode);
      if (problem !== undefined) throw new PerchError('InvalidRequestError', problem);
      // Rebuilt from the usable profiles, so an invalid value someone else stored is not kept.
      const pick = async (exchange: ExchangeId) =>
        toStored(exchange === next.exchange ? next : await profile(exchange));
      await profilesSetting.setValue({ okx: await pick('okx'), bybit: await pick('bybit') });
      return next;
    },
    // Watching storage also catches a write that did not come through save(): whatever changed, only an
    // exchange whose usable profile differs is announced.
    onChange: (listener) =>
      profilesSetting.watch((stored, previous) => {
        for (const exchange of EXCHANGE_IDS) {
          const before = effectiveProfile(previous, exchange, buildMode);
          const after = effectiveProfile(stored, exchange, buildMode);
          if (!sameProfile(before, after)) listener(exchange);
        }
      }),
  };
}
