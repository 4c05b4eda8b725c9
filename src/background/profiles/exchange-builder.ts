import { createExchange, type Exchange, type ExchangeOptions } from '../../exchanges';
import type { RuntimeDeps } from '../runtime-deps';
import type { ConnectionProfile, ExchangeCredentials } from '../services';

/** Where the simulator listens (the development build's market setting). */
export interface SimulatorAddress {
  readonly restUrl: string;
  readonly wsUrl: string;
}

/**
 * The createExchange options of a profile. Demo means the exchange's real demo hosts and headers
 * (docs/protocol.md §1), never the simulator; only "simulator" points at the simulator's address.
 */
function exchangeOptions(
  profile: ConnectionProfile,
  credentials: ExchangeCredentials | undefined,
  /** Where the simulator listens; read only for a simulator profile. */
  simulator: SimulatorAddress | undefined,
  runtime: RuntimeDeps,
): ExchangeOptions {
  const common = {
    ...runtime,
    // The trader's clock may be off; every signed request waits for the offset measured once.
    measureClockFirst: true,
    ...(credentials === undefined ? {} : { credentials }),
    ...(profile.region === undefined ? {} : { apiRegion: profile.region }),
    ...(simulator === undefined ? {} : { restBaseUrl: simulator.restUrl, wsBaseUrl: simulator.wsUrl }),
  };
  if (profile.exchange === 'okx') {
    return { exchange: 'okx', ...common, ...(profile.environment === 'demo' ? { demoTrading: true } : {}) };
  }
  const environment =
    profile.environment === 'demo' || profile.environment === 'testnet' ? profile.environment : 'live';
  return { exchange: 'bybit', ...common, environment };
}

/** Builds the Exchange of a profile with the given credentials (none: public data only). */
export type ExchangeBuilder = (
  profile: ConnectionProfile,
  credentials: ExchangeCredentials | undefined,
) => Promise<Exchange>;

export interface ExchangeBuilderDeps {
  readonly simulatorAddress: () => Promise<SimulatorAddress>;
  readonly runtime: RuntimeDeps;
  /** The exchange door; tests may count what is built. */
  readonly create?: (options: ExchangeOptions) => Exchange;
}

export function createExchangeBuilder(deps: ExchangeBuilderDeps): ExchangeBuilder {
  const create = deps.create ?? createExchange;
  return async (profile, credentials) => {
    // Only a simulator profile asks where the simulator is: the other environments never go there.
    const simulator = profile.environment === 'simulator' ? await deps.simulatorAddress() : undefined;
    return create(exchangeOptions(profile, credentials, simulator, deps.runtime));
  };
}
