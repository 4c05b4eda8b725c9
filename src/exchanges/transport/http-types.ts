import type { AbortSignalLike } from '../runtime';

/**
 * The fetch that is handed in. The worker passes `(url, init) => fetch(url, init as RequestInit)`; tests
 * pass a fake. Only what the request core reads is declared, so no DOM or Node types leak in.
 */
export type HttpMethod = 'GET' | 'POST';

export interface HttpRequestInit {
  readonly method: HttpMethod;
  readonly headers: Readonly<Record<string, string>>;
  /** Exactly the bytes that were signed: a JSON string, or multipart bytes. */
  readonly body?: string | Uint8Array<ArrayBuffer>;
  readonly signal?: AbortSignalLike;
}

export interface HttpResponseLike {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export type FetchLike = (url: string, init: HttpRequestInit) => Promise<HttpResponseLike>;

/** Bybit's per-endpoint limit headers (docs/protocol.md "Bybit rate limits"). OKX sends none. */
export interface RateLimitInfo {
  /** Requests left in the current window (X-Bapi-Limit-Status). */
  readonly remaining: number;
  /** Requests allowed per window (X-Bapi-Limit). */
  readonly limit: number;
  /** Epoch ms when the window resets (X-Bapi-Limit-Reset-Timestamp). */
  readonly resetAt: number;
}

/** What every successful REST call returns: the unwrapped data plus what the response said about limits. */
export interface RestResult<T> {
  readonly data: T;
  /** `"<METHOD> <path>"` of the request. */
  readonly endpoint: string;
  readonly httpStatus: number;
  /** Present when the exchange sent rate-limit headers (Bybit). */
  readonly rateLimit?: RateLimitInfo;
  /** The whole parsed body (OKX batch sCode/sMsg, Bybit retExtInfo). */
  readonly raw: unknown;
}

/** A raw answer: status, headers and the body text, before any envelope is read. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers: HttpResponseLike['headers'];
  readonly text: string;
  /**
   * The body already parsed, when it arrived as JSON someone has read (a WS trade reply): the envelope
   * reader takes it as it is instead of parsing `text` again.
   */
  readonly parsed?: { readonly value: unknown };
}

/** Optional diagnostics sink; never given secrets. */
export interface Logger {
  warn(message: string): void;
  info?(message: string): void;
}
