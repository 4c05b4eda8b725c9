import type { ExchangeId } from './model';
import { errorMessage, NamedError } from './named-error';
import type { RateLimitInfo } from './transport/http-types';

/**
 * Named error classes (ky style), all of one base, NamedError. They live where src/exchanges runs (the
 * worker, Node), so callers match them with `instanceof`; what crosses to a page is a PerchError
 * (src/contracts), matched there by name. No message ever contains a secret: messages are built only from
 * endpoints, codes and the exchange's own text.
 */

export { NamedError, errorMessage } from './named-error';

/** What a request was: `"<METHOD> <path>"`, e.g. `"POST /api/v5/trade/order"`. */
export type Endpoint = string;

export type ExchangeErrorName = 'ExchangeError' | 'AuthError' | 'RateLimitError';

/** What an ExchangeError carries, as plain data (what survives a structured clone). */
export type ExchangeErrorDetails = Pick<
  ExchangeError,
  'exchange' | 'endpoint' | 'httpStatus' | 'code' | 'exchangeMessage' | 'raw'
> & { readonly rateLimit?: RateLimitInfo };

const EXCHANGE_LABEL: Record<ExchangeId, string> = { okx: 'OKX', bybit: 'Bybit' };

function describeRejection(details: ExchangeErrorDetails): string {
  const code = details.code === '' ? '' : ` ${details.code}`;
  const text = details.exchangeMessage === '' ? '' : ` "${details.exchangeMessage}"`;
  return `${EXCHANGE_LABEL[details.exchange]} rejected ${details.endpoint}:${code}${text} (HTTP ${details.httpStatus})`;
}

/** The exchange answered, but not with success (non-200, OKX code != "0", Bybit retCode != 0). */
export class ExchangeError extends NamedError {
  override readonly name: ExchangeErrorName = 'ExchangeError';
  readonly exchange: ExchangeId;
  readonly endpoint: Endpoint;
  /** HTTP status of the response. */
  readonly httpStatus: number;
  /** The exchange's own code as text ("51119", "10006"), or "" when the body had none. */
  readonly code: string;
  /** The exchange's own message ("retMsg" / "msg"). */
  readonly exchangeMessage: string;
  /** The parsed response body, as received. */
  readonly raw: unknown;
  /** The limit headers of the failed answer (Bybit): when a RateLimitError may retry (`resetAt`). */
  readonly rateLimit: RateLimitInfo | undefined;

  constructor(details: ExchangeErrorDetails) {
    super(describeRejection(details));
    this.exchange = details.exchange;
    this.endpoint = details.endpoint;
    this.httpStatus = details.httpStatus;
    this.code = details.code;
    this.exchangeMessage = details.exchangeMessage;
    this.raw = details.raw;
    this.rateLimit = details.rateLimit;
  }
}

/** The exchange refused the credentials, signature or timestamp (HTTP 401, OKX 501xx, Bybit 10002-10007). */
export class AuthError extends ExchangeError {
  override readonly name = 'AuthError';
}

/** Too many requests: HTTP 429 / 403, OKX 50011 / 50061, Bybit 10006 / 10018. */
export class RateLimitError extends ExchangeError {
  override readonly name = 'RateLimitError';
}

/** No answer within the timeout; the request was aborted. */
export class TimeoutError extends NamedError {
  override readonly name = 'TimeoutError';
  constructor(
    readonly endpoint: Endpoint,
    readonly timeoutMs: number,
  ) {
    super(`${endpoint} timed out after ${timeoutMs} ms and was aborted`);
  }
}

/** fetch itself failed: no connection, DNS, TLS, connection reset. */
export class NetworkError extends NamedError {
  override readonly name = 'NetworkError';
  constructor(
    readonly endpoint: Endpoint,
    cause: unknown,
  ) {
    super(`${endpoint} failed before a response arrived: ${errorMessage(cause)}`, { cause });
  }
}

/** The response was not JSON, or not the shape the exchange documents. */
export class InvalidResponseError extends NamedError {
  override readonly name = 'InvalidResponseError';
  constructor(
    readonly endpoint: Endpoint,
    readonly httpStatus: number,
    readonly problem: string,
    /** The body text (first 500 characters) or parsed value that failed. */
    readonly raw: unknown,
  ) {
    super(`${endpoint} returned an invalid response (HTTP ${httpStatus}): ${problem}`);
  }
}

/** The client was set up wrongly: unknown region, missing credentials, unsupported environment. */
export class ConfigError extends NamedError {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    /** The valid values, when the problem is a choice. */
    readonly choices: readonly string[] = [],
  ) {
    super(message);
  }
}

/** docs/architecture.md's exact words for a private socket without key or secret. */
export const MISSING_SOCKET_CREDENTIALS = 'Cannot auth - missing api or secret in config';

/** A request could not be signed (undefined parameter, no Web Crypto). Nothing was sent. */
export class SigningError extends NamedError {
  override readonly name = 'SigningError';
}

/** The exchange offers no way to do this for that instrument or account (a stop on a spot pair). Nothing was sent. */
export class UnsupportedError extends NamedError {
  override readonly name = 'UnsupportedError';
}
