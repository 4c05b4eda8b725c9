import type { MarketEndpoint } from '../../contracts';
import { WITH_DEVELOPMENT_PATHS } from '../../contracts/development-paths';
import { ConfigError } from '../../exchanges';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { createKeyAuditor, type KeyAuditor } from '../audit/key-auditor';
import { createReadProfilesHandler } from '../handlers/read-profiles';
import { createSaveProfileHandler } from '../handlers/save-profile';
import { createTestConnectionHandler } from '../handlers/test-connection';
import type { RuntimeDeps } from '../runtime-deps';
import type { CredentialSource, ExchangeRegistry } from '../services';
import { createExchangeBuilder, type SimulatorAddress } from './exchange-builder';
import { createExchangeRegistry } from './exchange-registry';
import { createSessionRateSpends } from './rate-spends';
import { createProfileStore, type ProfileStore } from './profile-store';

export interface ProfileServicesDeps {
  readonly buildMode: string;
  readonly credentials: CredentialSource;
  /** The market setting: in development builds, where the simulator listens. */
  readonly readEndpoint: () => Promise<MarketEndpoint>;
  /** Calls back when the market setting changes; returns the function that stops it. */
  readonly watchEndpoint: (listener: () => void) => () => void;
  readonly runtime: RuntimeDeps;
  readonly now: () => number;
}

export interface ProfileServices {
  readonly profiles: ProfileStore;
  readonly registry: ExchangeRegistry;
  /** The key audit, for the check after credentials are saved. */
  readonly auditKey: KeyAuditor;
  readonly handlers: Pick<MessageHandlers, 'readProfiles' | 'saveProfile' | 'testConnection'>;
}

/** A "simulator" profile goes where the market setting says the simulator is. */
function simulatorAddressFrom(readEndpoint: () => Promise<MarketEndpoint>): () => Promise<SimulatorAddress> {
  return async () => {
    const endpoint = await readEndpoint();
    if (endpoint.environment === 'simulator') return endpoint;
    throw new ConfigError(
      'The simulator profile needs the market set to the simulator: choose live, testnet or demo.',
    );
  };
}

/** The profile store, the exchange registry built on it, and the three profile messages' handlers. */
export function createProfileServices(deps: ProfileServicesDeps): ProfileServices {
  const profiles = createProfileStore(deps.buildMode);
  const build = createExchangeBuilder({
    ...(WITH_DEVELOPMENT_PATHS ? { simulatorAddress: simulatorAddressFrom(deps.readEndpoint) } : {}),
    runtime: deps.runtime,
    rateSpends: createSessionRateSpends(),
  });
  const auditKey = createKeyAuditor({
    profiles,
    credentials: deps.credentials,
    build,
    buildMode: deps.buildMode,
    now: deps.now,
  });
  return {
    profiles,
    auditKey,
    registry: createExchangeRegistry({
      profiles,
      credentials: deps.credentials,
      build,
      ...(WITH_DEVELOPMENT_PATHS ? { watchSimulatorAddress: deps.watchEndpoint } : {}),
    }),
    handlers: {
      readProfiles: createReadProfilesHandler(profiles, deps.buildMode),
      saveProfile: createSaveProfileHandler(profiles),
      testConnection: createTestConnectionHandler(auditKey),
    },
  };
}
