import { PerchError } from '../../contracts';
import type { KeyAudit } from '../../contracts/profiles';
import { ConfigError, type Exchange, type ExchangeId } from '../../exchanges';
import type { ExchangeBuilder } from '../profiles/exchange-builder';
import { EXCHANGE_NAMES } from '../../contracts/vocabulary';
import { profileProblem } from '../profiles/profile-rules';
import type { ConnectionProfile, CredentialSource, ExchangeCredentials, ProfileSource } from '../services';
import { auditKey } from './key-audit';

export interface KeyAuditRequest {
  readonly exchange: ExchangeId;
  /** Candidate credentials (not saved yet); default: the unlocked saved ones. */
  readonly credentials?: ExchangeCredentials | undefined;
  /** A candidate profile; default: the saved one. */
  readonly profile?: ConnectionProfile | undefined;
}

/** Audits one exchange's key: "test connection", and the check after credentials are saved. */
export type KeyAuditor = (request: KeyAuditRequest) => Promise<KeyAudit>;

export interface KeyAuditorDeps {
  readonly profiles: ProfileSource;
  readonly credentials: CredentialSource;
  readonly build: ExchangeBuilder;
  readonly buildMode: string;
  readonly now: () => number;
}

/** A setting the exchange core refuses (a partial OKX key set, no simulator address) is the request's fault. */
async function buildOrExplain(
  build: ExchangeBuilder,
  profile: ConnectionProfile,
  credentials: ExchangeCredentials,
): Promise<Exchange> {
  try {
    return await build(profile, credentials);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new PerchError('InvalidRequestError', error.message);
    }
    throw error;
  }
}

/**
 * Audits a key on a throw-away Exchange, closed afterwards: candidate credentials and profiles are
 * tried without touching the live connections, and the credentials never appear in the answer.
 */
export function createKeyAuditor(deps: KeyAuditorDeps): KeyAuditor {
  return async (request) => {
    const name = EXCHANGE_NAMES[request.exchange];
    const profile = request.profile ?? (await deps.profiles.profile(request.exchange));
    if (profile.exchange !== request.exchange) {
      throw new PerchError(
        'InvalidRequestError',
        `The profile is for ${EXCHANGE_NAMES[profile.exchange]}, not ${name}.`,
      );
    }
    const problem = profileProblem(profile, deps.buildMode);
    if (problem !== undefined) throw new PerchError('InvalidRequestError', problem);
    const credentials = request.credentials ?? (await deps.credentials.credentials(request.exchange));
    if (credentials === undefined) {
      throw new PerchError(
        'InvalidRequestError',
        `No ${name} API key to test: enter one, or unlock Perch to test the saved key.`,
      );
    }
    const exchange = await buildOrExplain(deps.build, profile, credentials);
    try {
      return await auditKey(exchange, profile, deps.now);
    } finally {
      exchange.close();
    }
  };
}
