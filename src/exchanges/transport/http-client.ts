import { ConfigError } from '../errors';
import type { ExchangeId } from '../model';
import type { Clock, Timers } from './timers';
import { sendHttp } from './http';
import { describeRoute, type RouteSpec } from './http-routes';
import type { FetchLike, HttpAnswer, RestResult } from './http-types';
import { assertNoUndefined, serializeQuery, withQuery, type QueryParams } from './http-url';

export const MISSING_CREDENTIALS =
  'Private endpoints require api and secret to be provided in the REST client constructor';

/** A body ready to send and sign: the same bytes for both. */
export interface PreparedBody {
  readonly payload: string | Uint8Array<ArrayBuffer>;
  readonly contentType: string;
}

/** What an exchange signs: method, path with query, the query alone, and the exact body. */
export interface SignInput {
  readonly method: string;
  readonly requestPath: string;
  readonly query: string;
  readonly body: PreparedBody | undefined;
  /** Corrected epoch ms to sign with. */
  readonly timestampMs: number;
}

/** The small part each exchange supplies (STYLE.md "One connection manager, exchange hooks"). */
export interface ExchangeHttpHooks {
  readonly exchange: ExchangeId;
  readonly baseUrl: string;
  /** Sent on every request (e.g. OKX demo's x-simulated-trading). */
  readonly headers: Readonly<Record<string, string>>;
  /** Undefined for a public-only client. */
  readonly sign: ((input: SignInput) => Promise<Record<string, string>>) | undefined;
  /** Reads the envelope; returns the data or throws the named error. */
  readonly unwrap: (answer: HttpAnswer, endpoint: string) => RestResult<unknown>;
}

export interface HttpClientDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  /** The clock to sign with: pass a ServerClock so timestamps are corrected. */
  readonly clock: Clock;
  readonly timeoutMs?: number;
}

/** Named params (GET query, POST body) or a list of them (batch POST bodies). */
export type JsonParams = object;

export interface HttpClient {
  /** GET params go to the query; POST params become the JSON body. */
  call(route: RouteSpec, params?: JsonParams): Promise<RestResult<unknown>>;
  /** Sends an already-built body (multipart upload). */
  send(route: RouteSpec, body: PreparedBody): Promise<RestResult<unknown>>;
}

export function createHttpClient(deps: HttpClientDeps, hooks: ExchangeHttpHooks): HttpClient {
  async function dispatch(
    route: RouteSpec,
    query: string,
    body: PreparedBody | undefined,
  ): Promise<RestResult<unknown>> {
    const endpoint = describeRoute(route);
    const requestPath = withQuery(route.path, query);
    const headers: Record<string, string> = { ...hooks.headers, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = body.contentType;
    if (route.auth === 'private') {
      if (hooks.sign === undefined) throw new ConfigError(MISSING_CREDENTIALS);
      const input = { method: route.method, requestPath, query, body, timestampMs: deps.clock.now() };
      Object.assign(headers, await hooks.sign(input));
    }
    const init =
      body === undefined
        ? { method: route.method, headers }
        : { method: route.method, headers, body: body.payload };
    const answer = await sendHttp(deps, hooks.baseUrl + requestPath, init, endpoint);
    return hooks.unwrap(answer, endpoint);
  }

  return {
    async call(route, params) {
      if (route.body === 'multipart')
        throw new ConfigError(`${describeRoute(route)} is a file upload: send it with its upload method.`);
      if (route.method === 'GET') {
        if (Array.isArray(params))
          throw new ConfigError(`${describeRoute(route)} takes named query parameters, not a list.`);
        return dispatch(route, serializeQuery(params as QueryParams | undefined), undefined);
      }
      if (params !== undefined) assertNoUndefined(params);
      // An empty POST still sends and signs '{}' (PROTOCOL.md §2.2).
      return dispatch(route, '', { payload: JSON.stringify(params ?? {}), contentType: 'application/json' });
    },
    send: (route, body) => dispatch(route, '', body),
  };
}
