import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import {
  ConfigError,
  createExchange,
  createRateLimiter,
  type Exchange,
  type ExchangeId,
  type ExchangeOptions,
  type RateLimiter,
  type RateSpend,
} from '../../exchanges';
import type { RuntimeDeps } from '../runtime-deps';
import type { RateSpendStore } from './rate-spends';
import type { ConnectionProfile, ExchangeCredentials } from '../services';

/** Where the simulator listens (the development build's market setting). */
export interface SimulatorAddress {
  readonly restUrl: string;
  readonly wsUrl: string;
}

/**
 * The createExchange options of a profile. Demo means the exchange's real demo hosts and headers
 * (docs/protocol.md "Hosts"), never the simulator; only "simulator" points at the simulator's address.
 */
function exchangeOptions(
  profile: ConnectionProfile,
  credentials: ExchangeCredentials | undefined,
  /** Where the simulator listens; read only for a simulator profile. */
  simulator: SimulatorAddress | undefined,
  runtime: RuntimeDeps,
  rateLimiter: RateLimiter,
): ExchangeOptions {
  const common = {
    ...runtime,
    // The trader's clock may be off; every signed request waits for the offset measured once.
    measureClockFirst: true,
    rateLimiter,
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

/** Only a simulator profile asks where the simulator is: the other environments never go there. */
async function simulatorOf(
  profile: ConnectionProfile,
  simulatorAddress: (() => Promise<SimulatorAddress>) | undefined,
): Promise<SimulatorAddress | undefined> {
  if (profile.environment !== 'simulator') return undefined;
  if (simulatorAddress === undefined) throw new ConfigError('This build has no simulator to connect to.');
  return simulatorAddress();
}

/** Builds the Exchange of a profile with the given credentials (none: public data only). */
export type ExchangeBuilder = (
  profile: ConnectionProfile,
  credentials: ExchangeCredentials | undefined,
) => Promise<Exchange>;

export interface ExchangeBuilderDeps {
  /** Development builds only: where the simulator listens, asked for a "simulator" profile alone. */
  readonly simulatorAddress?: () => Promise<SimulatorAddress>;
  readonly runtime: RuntimeDeps;
  /** Where the limiters keep what they spent for the next worker; default: nowhere. */
  readonly rateSpends?: RateSpendStore;
  /** The Exchange; tests may count what is built. */
  readonly create?: (options: ExchangeOptions) => Exchange;
}

/**
 * Every Exchange built for one exchange shares one REST limiter (docs/protocol.md "Rate limits"): the registry's,
 * a rebuilt one after a profile or vault change, and the key audit's throw-away one all spend the same
 * account's and address's budgets, so together they stay inside them. Each limiter starts from what the
 * previous worker spent (`rateSpends`) and keeps what it spends there.
 */
export function createExchangeBuilder(deps: ExchangeBuilderDeps): ExchangeBuilder {
  const create = deps.create ?? createExchange;
  const store = deps.rateSpends;
  const limiters: Promise<Record<ExchangeId, RateLimiter>> = (async () => {
    const none: Partial<Record<ExchangeId, readonly RateSpend[]>> = {};
    // A spend list that cannot be read costs only the protection across this one restart.
    const spent = (await store?.load().catch(() => none)) ?? none;
    const limiter = (id: ExchangeId): RateLimiter => {
      const made: RateLimiter = createRateLimiter({
        ...deps.runtime,
        spent: spent[id] ?? [],
        onSpend: () => {
          store?.save(id, made.spends()).catch((error: unknown) => {
            console.warn('Perch could not keep its request budget for a worker restart:', error);
          });
        },
      });
      return made;
    };
    return { okx: limiter('okx'), bybit: limiter('bybit') };
  })();
  return async (profile, credentials) => {
    const simulator = WITH_DEVELOPMENT_PATHS ? await simulatorOf(profile, deps.simulatorAddress) : undefined;
    const limiter = (await limiters)[profile.exchange];
    return create(exchangeOptions(profile, credentials, simulator, deps.runtime, limiter));
  };
}
