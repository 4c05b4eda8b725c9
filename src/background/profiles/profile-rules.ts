import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { BYBIT_REGIONS, OKX_REGIONS, type ExchangeId } from '../../exchanges';
import type { ConnectionProfile, Environment } from '../services';

/** Where each exchange can trade (docs/protocol.md "Hosts"): OKX has no testnet, only demo trading. */
const ENVIRONMENTS: Record<ExchangeId, readonly Environment[]> = {
  okx: ['live', 'demo'],
  bybit: ['live', 'testnet', 'demo'],
};

/** Regions are a live-host choice; Bybit's testnet and demo hosts have one region only. */
const REGIONS: Record<ExchangeId, readonly string[]> = { okx: OKX_REGIONS, bybit: BYBIT_REGIONS };

/** OKX documents no demo sockets in its AWS region (docs/protocol.md "OKX hosts"). */
const OKX_DEMO_REGIONS: readonly string[] = OKX_REGIONS.filter((region) => region !== 'aws');

const isDevelopment = (buildMode: string) => buildMode === 'development';

/** The environments this build offers for `exchange`: the simulator last, and only in development builds. */
export function environmentsFor(exchange: ExchangeId, buildMode: string): readonly Environment[] {
  return WITH_DEVELOPMENT_PATHS && isDevelopment(buildMode)
    ? [...ENVIRONMENTS[exchange], 'simulator']
    : ENVIRONMENTS[exchange];
}

/** The regions that make sense for `exchange` in `environment`; empty when the region is not a choice. */
export function regionsFor(exchange: ExchangeId, environment: Environment): readonly string[] {
  if (WITH_DEVELOPMENT_PATHS && environment === 'simulator') return [];
  if (exchange === 'okx') return environment === 'demo' ? OKX_DEMO_REGIONS : REGIONS.okx;
  return environment === 'live' ? REGIONS.bybit : [];
}

/** Development builds trade on the simulator; store builds on the live exchanges. Enabled, default region. */
export function defaultProfile(exchange: ExchangeId, buildMode: string): ConnectionProfile {
  return {
    exchange,
    enabled: true,
    environment: WITH_DEVELOPMENT_PATHS && isDevelopment(buildMode) ? 'simulator' : 'live',
    region: undefined,
  };
}

const list = (choices: readonly string[]) => choices.map((choice) => `"${choice}"`).join(', ');

/** Why `profile` cannot be used in this build, in words that list the valid choices; undefined if it can. */
export function profileProblem(profile: ConnectionProfile, buildMode: string): string | undefined {
  const name = EXCHANGE_NAMES[profile.exchange];
  const environments = environmentsFor(profile.exchange, buildMode);
  if (!environments.includes(profile.environment)) {
    return `${name} has no "${profile.environment}" environment in this build: choose one of ${list(environments)}.`;
  }
  if (profile.region === undefined) return undefined;
  const regions = regionsFor(profile.exchange, profile.environment);
  if (regions.length === 0) {
    return `${name} ${profile.environment} has no regions to choose from: leave the region empty.`;
  }
  if (!regions.includes(profile.region)) {
    return `${name} ${profile.environment} has no region "${profile.region}": choose one of ${list(regions)}.`;
  }
  return undefined;
}
