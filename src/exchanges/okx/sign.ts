import { ConfigError } from '../errors';
import { hmacSha256, toBase64, type HmacSha256 } from '../runtime';

/** OKX signing (docs/protocol.md "OKX signing" REST, docs/protocol.md "OKX sockets" WebSocket login): Base64 HMAC-SHA256. */

export interface OkxCredentials {
  readonly apiKey: string;
  readonly secret: string;
  readonly passphrase: string;
}

export type PartialOkxCredentials = Partial<Record<keyof OkxCredentials, string | undefined>>;

const CREDENTIAL_LABELS: Record<keyof OkxCredentials, string> = {
  apiKey: 'API key',
  secret: 'secret',
  passphrase: 'passphrase',
};

/**
 * All three or none: none gives a public-only client; a partial set is a mistake worth naming, because
 * OKX would only answer with a vague 50103/50104/50106 later.
 */
export function resolveOkxCredentials(input: PartialOkxCredentials | undefined): OkxCredentials | undefined {
  const keys = Object.keys(CREDENTIAL_LABELS) as (keyof OkxCredentials)[];
  const missing = keys.filter((key) => (input?.[key] ?? '') === '');
  if (missing.length === keys.length) return undefined;
  if (missing.length > 0) {
    const names = missing.map((key) => CREDENTIAL_LABELS[key]).join(', ');
    throw new ConfigError(`OKX credentials need API key, secret and passphrase together; missing: ${names}.`);
  }
  const { apiKey = '', secret = '', passphrase = '' } = input ?? {};
  return { apiKey, secret, passphrase };
}

/** OK-ACCESS-TIMESTAMP: ISO-8601 UTC with milliseconds. */
export function okxTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

export interface OkxRestSignInput {
  readonly timestamp: string;
  readonly method: string;
  /** Path including the query string exactly as sent, without the host. */
  readonly requestPath: string;
  /** The exact body string sent; '' for GET. */
  readonly body: string;
}

export function okxRestPrehash(input: OkxRestSignInput): string {
  return input.timestamp + input.method.toUpperCase() + input.requestPath + input.body;
}

/** `hmac` is keyed with the secret once per client (runtime.ts createHmacSha256). */
export async function signOkxRest(
  credentials: Pick<OkxCredentials, 'apiKey' | 'passphrase'>,
  hmac: HmacSha256,
  input: OkxRestSignInput,
): Promise<Record<string, string>> {
  const sign = toBase64(await hmac(okxRestPrehash(input)));
  return {
    'OK-ACCESS-KEY': credentials.apiKey,
    'OK-ACCESS-SIGN': sign,
    'OK-ACCESS-TIMESTAMP': input.timestamp,
    'OK-ACCESS-PASSPHRASE': credentials.passphrase,
  };
}

export interface OkxLoginArgs {
  readonly apiKey: string;
  readonly passphrase: string;
  readonly timestamp: string;
  readonly sign: string;
}

/** The single `args` item of `{"op":"login"}`: seconds + 'GET' + '/users/self/verify'. */
export async function okxWsLoginArgs(credentials: OkxCredentials, epochMs: number): Promise<OkxLoginArgs> {
  const timestamp = Math.floor(epochMs / 1000).toString();
  const sign = toBase64(await hmacSha256(credentials.secret, `${timestamp}GET/users/self/verify`));
  return { apiKey: credentials.apiKey, passphrase: credentials.passphrase, timestamp, sign };
}
