import type { ExchangeId } from '../../exchanges';
import type { ConnectionProfile, CredentialSource, ExchangeCredentials, ProfileSource } from '../services';
import { defaultProfile } from './profile-rules';

/** In-memory profiles whose changes are announced at once, as the stored ones are. */
export interface FakeProfiles extends ProfileSource {
  set(profile: ConnectionProfile): void;
}

export function createFakeProfiles(buildMode = 'development'): FakeProfiles {
  const profiles = new Map<ExchangeId, ConnectionProfile>();
  const listeners = new Set<(exchange: ExchangeId) => void>();
  return {
    profile: (exchange) => Promise.resolve(profiles.get(exchange) ?? defaultProfile(exchange, buildMode)),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(profile) {
      profiles.set(profile.exchange, profile);
      for (const listener of listeners) listener(profile.exchange);
    },
  };
}

/** An in-memory vault: unlocked credentials per exchange; `set` announces the change like an unlock or save. */
export interface FakeCredentials extends CredentialSource {
  set(exchange: ExchangeId, credentials: ExchangeCredentials | undefined): void;
}

export function createFakeCredentials(): FakeCredentials {
  const saved = new Map<ExchangeId, ExchangeCredentials>();
  const listeners = new Set<() => void>();
  return {
    credentials: (exchange) => Promise.resolve(saved.get(exchange)),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(exchange, credentials) {
      if (credentials === undefined) saved.delete(exchange);
      else saved.set(exchange, credentials);
      for (const listener of listeners) listener();
    },
  };
}
