import { ExchangeError, NetworkError, TimeoutError, type ExchangeId } from '../../exchanges';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import type { ConnectionProfile, Environment } from '../services';

const EXCHANGE_ENVIRONMENT_NAMES: Record<Exclude<Environment, 'simulator'>, string> = {
  live: 'live',
  testnet: 'testnet',
  demo: 'demo trading',
};

/** An environment in words; the simulator's only in development builds, the only ones whose profiles name it. */
const environmentName = (environment: Environment): string =>
  WITH_DEVELOPMENT_PATHS && environment === 'simulator'
    ? 'simulator'
    : EXCHANGE_ENVIRONMENT_NAMES[environment as Exclude<Environment, 'simulator'>];

type Explainer = (profile: ConnectionProfile) => string;

const clock: Explainer = () =>
  "The exchange refused the request's time: your computer's clock is off. Turn on automatic time in your system settings.";
const signature: Explainer = () => 'The secret does not belong to this API key: copy the secret again.';

/** OKX codes (https://www.okx.com/docs-v5/en/#error-code). */
const OKX: Record<string, Explainer> = {
  50101: ({ environment }) =>
    environment === 'demo'
      ? 'This is a live key, not a demo trading key: switch the environment to live, or create a key under demo trading.'
      : 'This is a demo trading key: switch the environment to demo.',
  50119: ({ region }) =>
    `OKX does not know this key in the ${region ?? 'global'} region: keys made on eea.okx.com or app.okx.com work only in that region, so switch the region, or check that the key was not deleted.`,
  50111: ({ region }) =>
    `OKX does not know this key in the ${region ?? 'global'} region: check the region, or whether the key was deleted.`,
  50105: () =>
    'The passphrase does not belong to this API key: enter the passphrase you chose when creating it.',
  50102: clock,
  50113: signature,
  50110: () =>
    'This key is bound to other IP addresses than the one you are on: add this IP to the key, or unbind it.',
};

/** Bybit codes (https://bybit-exchange.github.io/docs/v5/error). */
const BYBIT: Record<string, Explainer> = {
  10003: ({ environment }) =>
    `Bybit does not know this key on its ${environmentName(environment)} servers. Keys from the live site, testnet and demo trading work only where they were made: switch the environment to the one the key comes from, or check that it was not deleted.`,
  10002: clock,
  10004: signature,
  10010: () =>
    'This key is bound to other IP addresses than the one you are on: add this IP to the key, or unbind it.',
};

const EXPLAINERS: Record<ExchangeId, Record<string, Explainer>> = { okx: OKX, bybit: BYBIT };

/**
 * Why a key check failed, in words a trader can act on: environment and region mismatches, a wrong
 * secret or passphrase, the clock, or no connection at all. Unknown rejections keep the exchange's text.
 */
export function explainKeyProblem(error: unknown, profile: ConnectionProfile): string {
  const name = EXCHANGE_NAMES[profile.exchange];
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return WITH_DEVELOPMENT_PATHS && profile.environment === 'simulator'
      ? `Cannot reach the simulator for ${name}: is it running?`
      : `Cannot reach ${name} ${environmentName(profile.environment)}: no connection to its servers.`;
  }
  if (error instanceof ExchangeError) {
    const explain = EXPLAINERS[profile.exchange][error.code];
    return explain === undefined
      ? `${name} said: ${error.exchangeMessage || error.message}`
      : explain(profile);
  }
  return `${name} could not be checked: something unexpected went wrong.`;
}
