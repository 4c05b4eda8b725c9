import { ConfigError, SigningError } from '../errors';

/**
 * Query strings, built once and used twice: the exact string that is signed is the string that is sent.
 *
 * Encoding (docs/protocol.md "Query encoding"): keys keep insertion order; values are `encodeURIComponent`-ed. bybit-api
 * and ccxt's OKX client do the same, and the simulator verifies the signature over the raw request line,
 * so encoded values stay correct even for cursors containing `%` or `&`. Plain ids and numbers are
 * unchanged by encoding, so the prehash of ordinary requests is the same as every SDK's.
 */

export type QueryValue = string | number | boolean | readonly (string | number)[];
export type QueryParams = Readonly<Record<string, unknown>>;

export const UNDEFINED_PARAMETER = 'Failed to sign API request due to undefined parameter';

/** `a=1&b=x` (no leading `?`); throws before anything is sent if a value is undefined. */
export function serializeQuery(params: QueryParams | undefined): string {
  if (params === undefined) return '';
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(queryText(key, value))}`)
    .join('&');
}

/** Scalars as text; lists comma-separated (OKX and Bybit take `instId=A,B` style lists). */
function queryText(key: string, value: unknown): string {
  if (value === undefined) throw new SigningError(UNDEFINED_PARAMETER);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.join(',');
  }
  throw new ConfigError(`Query parameter "${key}" must be a string, number, boolean or list of them.`);
}

/** Throws if any value in a JSON body (at any depth) is undefined: JSON.stringify would silently drop it. */
export function assertNoUndefined(value: unknown): void {
  if (value === undefined) throw new SigningError(UNDEFINED_PARAMETER);
  if (Array.isArray(value)) {
    for (const item of value) assertNoUndefined(item);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) assertNoUndefined(item);
  }
}

export function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`;
}

export function trimTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * A region from user settings, checked against an exchange's table (message word for word per docs/architecture.md).
 * An empty field means "not set" (docs/protocol.md "Bybit hosts": bybit-api tests only for a truthy apiRegion).
 */
export function resolveRegion<Region extends string>(
  apiRegion: string | undefined,
  fallback: Region,
  choices: readonly Region[],
): Region {
  const region = apiRegion === undefined || apiRegion === '' ? fallback : apiRegion;
  const known = choices.find((choice) => choice === region);
  if (known === undefined) {
    throw new ConfigError(
      `No base URL found for region "${region}". Check that your "apiRegion" value is valid.`,
      choices,
    );
  }
  return known;
}
