import type { Exchange, ExchangeId } from '../../exchanges';
import type { CredentialSource, ExchangeRegistry, ProfileSource } from '../services';
import type { ExchangeBuilder } from './exchange-builder';
import { EXCHANGE_IDS } from '../../contracts/vocabulary';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';

export interface ExchangeRegistryDeps {
  readonly profiles: ProfileSource;
  readonly credentials: CredentialSource;
  readonly build: ExchangeBuilder;
  /**
   * Development builds only: calls back when the simulator's address may have changed; returns the function that
   * stops it.
   */
  readonly watchSimulatorAddress?: (listener: () => void) => () => void;
}

export interface ClosableExchangeRegistry extends ExchangeRegistry {
  /** Closes every built Exchange and stops listening for changes. */
  close(): void;
}

/**
 * One Exchange per enabled exchange, built on first use from its profile and unlocked credentials. A
 * change of either closes the old one (its sockets with it) and announces the exchange through
 * onRebuild; the next exchange() call builds the new one, so users re-subscribe on the announcement.
 */
export function createExchangeRegistry(deps: ExchangeRegistryDeps): ClosableExchangeRegistry {
  const built = new Map<ExchangeId, Promise<Exchange | undefined>>();
  const listeners = new Set<(exchange: ExchangeId) => void>();

  async function build(exchange: ExchangeId): Promise<Exchange | undefined> {
    const profile = await deps.profiles.profile(exchange);
    if (!profile.enabled) return undefined;
    return deps.build(profile, await deps.credentials.credentials(exchange));
  }

  function drop(exchange: ExchangeId): void {
    const old = built.get(exchange);
    built.delete(exchange);
    // A build still in flight is closed when it lands: nobody can get it any more.
    void old?.then(
      (instance) => instance?.close(),
      () => undefined,
    );
  }

  function rebuild(exchange: ExchangeId): void {
    drop(exchange);
    for (const listener of listeners) listener(exchange);
  }

  const stopProfiles = deps.profiles.onChange(rebuild);
  // Lock, unlock, save or forget: every exchange's signing keys may have changed.
  const stopCredentials = deps.credentials.onChange(() => {
    for (const exchange of EXCHANGE_IDS) rebuild(exchange);
  });

  // A new simulator address moves only the exchanges whose profile points at the simulator.
  const stopSimulator =
    WITH_DEVELOPMENT_PATHS && deps.watchSimulatorAddress !== undefined
      ? deps.watchSimulatorAddress(() => {
          for (const exchange of EXCHANGE_IDS) {
            void deps.profiles.profile(exchange).then((profile) => {
              if (profile.environment === 'simulator') rebuild(exchange);
            });
          }
        })
      : () => undefined;

  return {
    exchange(exchange) {
      let instance = built.get(exchange);
      if (instance === undefined) {
        instance = build(exchange);
        built.set(exchange, instance);
        // A failed build is not kept: the next call tries again.
        instance.catch(() => {
          if (built.get(exchange) === instance) built.delete(exchange);
        });
      }
      return instance;
    },
    onRebuild(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      stopProfiles();
      stopCredentials();
      stopSimulator();
      for (const exchange of EXCHANGE_IDS) drop(exchange);
    },
  };
}
