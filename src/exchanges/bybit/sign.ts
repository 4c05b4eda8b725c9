import { ConfigError } from '../errors';
import { concatBytes, hmacSha256, toHex, utf8, type HmacSha256 } from '../runtime';

/** Bybit signing (docs/protocol.md "Bybit signing" REST, docs/protocol.md "Bybit P2P chat file upload" multipart, docs/protocol.md "Bybit sockets" WebSocket auth): lower-case hex HMAC-SHA256. */

export interface BybitCredentials {
  readonly apiKey: string;
  readonly secret: string;
}

export type PartialBybitCredentials = Partial<Record<keyof BybitCredentials, string | undefined>>;

export const DEFAULT_RECV_WINDOW_MS = 5000;

/** Both or none: none gives a public-only client. */
export function resolveBybitCredentials(
  input: PartialBybitCredentials | undefined,
): BybitCredentials | undefined {
  const apiKey = input?.apiKey ?? '';
  const secret = input?.secret ?? '';
  if (apiKey === '' && secret === '') return undefined;
  if (apiKey === '' || secret === '') {
    throw new ConfigError(
      `Bybit credentials need API key and secret together; missing: ${apiKey === '' ? 'API key' : 'secret'}.`,
    );
  }
  if (secret.includes('PRIVATE KEY')) {
    // Self-generated RSA keys sign with RSA-SHA256 (docs/protocol.md "Bybit signing"); Perch supports system-generated HMAC keys.
    throw new ConfigError(
      'Bybit RSA (self-generated) API keys are not supported. Create a system-generated HMAC key.',
    );
  }
  return { apiKey, secret };
}

export interface BybitRestSignInput {
  readonly timestampMs: number;
  readonly recvWindowMs: number;
  /** The query string (GET) or exact JSON body (POST) as sent, or the multipart payload bytes. */
  readonly payload: string | Uint8Array;
}

function bybitRestPrehashPrefix(apiKey: string, input: BybitRestSignInput): string {
  return `${input.timestampMs}${apiKey}${input.recvWindowMs}`;
}

/** `hmac` is keyed with the secret once per client (runtime.ts createHmacSha256). */
export async function signBybitRest(
  apiKey: string,
  hmac: HmacSha256,
  input: BybitRestSignInput,
): Promise<Record<string, string>> {
  const prefix = bybitRestPrehashPrefix(apiKey, input);
  const message =
    typeof input.payload === 'string' ? prefix + input.payload : concatBytes(utf8(prefix), input.payload);
  return {
    'X-BAPI-API-KEY': apiKey,
    'X-BAPI-TIMESTAMP': String(input.timestampMs),
    'X-BAPI-SIGN': toHex(await hmac(message)),
    'X-BAPI-RECV-WINDOW': String(input.recvWindowMs),
    // Legacy "HMAC" marker that bybit-api still sends and some v5 doc examples show (docs/protocol.md "Bybit signing").
    'X-BAPI-SIGN-TYPE': '2',
  };
}

/** The `args` of `{"op":"auth"}`: [apiKey, expires, hex(HMAC("GET/realtime" + expires))]. */
export async function bybitWsAuthArgs(
  credentials: BybitCredentials,
  expiresMs: number,
): Promise<readonly [apiKey: string, expires: number, signature: string]> {
  const signature = toHex(await hmacSha256(credentials.secret, `GET/realtime${expiresMs}`));
  return [credentials.apiKey, expiresMs, signature];
}
