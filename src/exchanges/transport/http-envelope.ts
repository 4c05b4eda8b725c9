import {
  AuthError,
  ExchangeError,
  InvalidResponseError,
  RateLimitError,
  type ExchangeErrorDetails,
} from '../errors';
import type { ExchangeId } from '../model';
import type { HttpAnswer, HttpResponseLike, RateLimitInfo, RestResult } from './http-types';

/** An exchange's envelope, read into one shape. */
export interface Envelope {
  /** The exchange's code as text ("0", "51119", "10006"). */
  readonly code: string;
  readonly message: string;
  /** Whether the code means success (with HTTP 200). */
  readonly ok: boolean;
  readonly data: unknown;
}

/** What each exchange supplies: how to read its envelope, and what its failure codes mean (docs/protocol.md "Response envelopes and errors", "Rate limits"). */
export interface EnvelopeSpec {
  readonly exchange: ExchangeId;
  readonly label: string;
  readonly read: (body: unknown) => Envelope | undefined;
  readonly rateLimitStatuses: readonly number[];
  readonly rateLimitCodes: readonly string[];
  readonly isAuthCode: (code: string) => boolean;
  readonly readRateLimit?: (headers: HttpResponseLike['headers']) => RateLimitInfo | undefined;
}

function parseJson(text: string): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Picks the named class: rate limit (status or code), then auth (HTTP 401 or an auth code), else generic. */
function failure(spec: EnvelopeSpec, details: ExchangeErrorDetails): ExchangeError {
  if (spec.rateLimitStatuses.includes(details.httpStatus) || spec.rateLimitCodes.includes(details.code)) {
    return new RateLimitError(details);
  }
  if (details.httpStatus === 401 || spec.isAuthCode(details.code)) return new AuthError(details);
  return new ExchangeError(details);
}

/**
 * Success is HTTP 200 with the exchange's success code (docs/architecture.md); anything else throws a named error
 * carrying status, code, message, endpoint and the raw body. A rate-limit status wins whatever the body
 * is (Bybit's IP ban answers 403 with an HTML page, docs/protocol.md "Bybit rate limits"); any other body that is not JSON
 * is an InvalidResponseError, never a crash.
 */
export function unwrapAnswer(spec: EnvelopeSpec, answer: HttpAnswer, endpoint: string): RestResult<unknown> {
  const body = answer.parsed ?? parseJson(answer.text);
  const envelope = body === undefined ? undefined : spec.read(body.value);
  const rateLimit = spec.readRateLimit?.(answer.headers);
  const details: ExchangeErrorDetails = {
    ...(rateLimit === undefined ? {} : { rateLimit }),
    exchange: spec.exchange,
    endpoint,
    httpStatus: answer.status,
    code: envelope?.code ?? '',
    exchangeMessage: envelope?.message ?? '',
    raw: body === undefined ? answer.text.slice(0, 500) : body.value,
  };
  if (spec.rateLimitStatuses.includes(answer.status)) throw failure(spec, details);
  if (body === undefined)
    throw new InvalidResponseError(endpoint, answer.status, 'the body is not JSON', details.raw);
  if (envelope === undefined && answer.status === 200) {
    throw new InvalidResponseError(endpoint, answer.status, `not ${spec.label} envelope`, body.value);
  }
  if (envelope === undefined || answer.status !== 200 || !envelope.ok) throw failure(spec, details);
  const result = { data: envelope.data, httpStatus: answer.status, endpoint, raw: body.value };
  return rateLimit === undefined ? result : { ...result, rateLimit };
}
