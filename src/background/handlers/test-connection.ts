import { PerchError } from '../../contracts';
import type { MessageHandlers } from '../../platform/message-dispatch';
import { auditKey } from '../audit/key-audit';
import type { ExchangeBuilder } from '../profiles/exchange-builder';
import { EXCHANGE_NAMES, profileProblem } from '../profiles/profile-rules';
import type { CredentialSource, ProfileSource } from '../services';

export interface TestConnectionDeps {
  readonly profiles: ProfileSource;
  readonly credentials: CredentialSource;
  readonly build: ExchangeBuilder;
  readonly buildMode: string;
  readonly now: () => number;
}

/**
 * Audits a key on a throw-away Exchange, closed afterwards: candidate credentials and profiles are
 * tried without touching the live connections, and the credentials never appear in the answer.
 */
export function createTestConnectionHandler(deps: TestConnectionDeps): MessageHandlers['testConnection'] {
  return async (request) => {
    const name = EXCHANGE_NAMES[request.exchange];
    const profile =
      request.profile === undefined
        ? await deps.profiles.profile(request.exchange)
        : { ...request.profile, region: request.profile.region };
    if (profile.exchange !== request.exchange) {
      throw new PerchError(
        'InvalidRequestError',
        `The profile is for ${EXCHANGE_NAMES[profile.exchange]}, not ${name}.`,
      );
    }
    const problem = profileProblem(profile, deps.buildMode);
    if (problem !== undefined) throw new PerchError('InvalidRequestError', problem);
    const candidate = request.credentials;
    const credentials =
      candidate === undefined
        ? await deps.credentials.credentials(request.exchange)
        : {
            apiKey: candidate.apiKey,
            secret: candidate.secret,
            ...(candidate.passphrase === undefined ? {} : { passphrase: candidate.passphrase }),
          };
    if (credentials === undefined) {
      throw new PerchError(
        'InvalidRequestError',
        `No ${name} API key to test: enter one, or unlock Perch to test the saved key.`,
      );
    }
    const exchange = await deps.build(profile, credentials);
    try {
      return await auditKey(exchange, profile, deps.now);
    } finally {
      exchange.close();
    }
  };
}
