import type { HttpResponseLike, RateLimitInfo } from './http-types';

/** Reads Bybit's X-Bapi-Limit* headers (docs/protocol.md "Bybit rate limits"); undefined when any is missing or not a number. */
export function readRateLimitHeaders(headers: HttpResponseLike['headers']): RateLimitInfo | undefined {
  const remaining = Number(headers.get('x-bapi-limit-status') ?? NaN);
  const limit = Number(headers.get('x-bapi-limit') ?? NaN);
  const resetAt = Number(headers.get('x-bapi-limit-reset-timestamp') ?? NaN);
  if (![remaining, limit, resetAt].every(Number.isFinite)) return undefined;
  return { remaining, limit, resetAt };
}
