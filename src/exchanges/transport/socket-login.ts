import { ConfigError, MISSING_SOCKET_CREDENTIALS } from '../errors';

interface KeyAndSecret {
  readonly apiKey?: string | undefined;
  readonly secret?: string | undefined;
}

/**
 * A socket's login frame builder. Without key or secret it rejects in the SDKs' words, as they do before
 * signing (docs/architecture.md exact messages); otherwise `resolve` checks the rest of the credentials
 * (and names what is missing) and `frame` signs the exchange's login.
 */
export function socketLogin<Input extends KeyAndSecret, Resolved>(
  credentials: Input | undefined,
  resolve: (input: Input) => Resolved | undefined,
  frame: (resolved: Resolved) => Promise<string>,
): () => Promise<string> {
  return async () => {
    const hasKeyAndSecret = (credentials?.apiKey ?? '') !== '' && (credentials?.secret ?? '') !== '';
    const resolved = hasKeyAndSecret && credentials !== undefined ? resolve(credentials) : undefined;
    if (resolved === undefined) throw new ConfigError(MISSING_SOCKET_CREDENTIALS);
    return frame(resolved);
  };
}
