import { ConfigError } from '../errors';
import type { ExchangeId } from '../model';
import { createHmacSha256, type HmacSha256 } from '../runtime';
import { createServerClock, type ServerClock } from './clock';
import type { Clock, Timers } from './timers';
import { sendHttp } from './http';
import { describeRoute, type RouteSpec } from './http-routes';
import type { FetchLike, HttpAnswer, Logger, RestResult } from './http-types';
import { assertNoUndefined, serializeQuery, withQuery, type QueryParams } from './http-url';
import { throughGate, type RateBudgetTable, type RateGate } from './rate-gate';
import { createRateLimiter, type RateLimiter } from './rest-limiter';

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

/** The small part each exchange supplies (docs/architecture.md "Conventions"). */
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
  /** Awaited before a private request is stamped and signed (the clock's first measurement). */
  readonly beforeSigning?: () => Promise<void>;
  /** Every request waits here for its budgets before it is signed and sent. */
  readonly gate: RateGate;
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

  /**
   * Sends through the rate gate, a signed request only once the clock is measured. The measurement is
   * awaited outside the gate: its own requests need room in the same budgets, so a burst of signed
   * requests holding every place while they wait for it would never let it through.
   */
  async function gated(
    route: RouteSpec,
    params: object | undefined,
    send: () => Promise<RestResult<unknown>>,
  ) {
    if (route.auth === 'private') await deps.beforeSigning?.();
    return throughGate(deps.gate, route, params, send);
  }

  return {
    async call(route, params) {
      if (route.multipart === true)
        throw new ConfigError(`${describeRoute(route)} is a file upload: send it with its upload method.`);
      if (route.method === 'GET') {
        if (Array.isArray(params))
          throw new ConfigError(`${describeRoute(route)} takes named query parameters, not a list.`);
        const query = serializeQuery(params as QueryParams | undefined);
        return gated(route, params, () => dispatch(route, query, undefined));
      }
      if (params !== undefined) assertNoUndefined(params);
      // An empty POST still sends and signs '{}' (docs/protocol.md "Bybit signing").
      const body = { payload: JSON.stringify(params ?? {}), contentType: 'application/json' };
      return gated(route, params, () => dispatch(route, '', body));
    },
    send: (route, body) => gated(route, undefined, () => dispatch(route, '', body)),
  };
}

/** What a REST client needs from its caller: fetch, timers and the local clock are injected. */
export interface RestClientDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly clock: Clock;
  /** Default 300000 ms. */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
  /**
   * Measure the offset to server time before the first signed request (again after a failed
   * measurement), so a local clock off by more than the exchange allows (Bybit: 1 s ahead,
   * docs/protocol.md "Server time and clock tolerance") does not get requests refused. Off by default: callers that sync themselves,
   * and tests of the wire format, see no extra requests.
   */
  readonly measureClockFirst?: boolean;
  /**
   * Where requests wait for the exchange's published budgets. Hand the same one to every client of one
   * account (the worker keeps one per exchange); default: a limiter of this client's own.
   */
  readonly rateLimiter?: RateLimiter;
}

export interface RestClient<R> {
  /** Any catalogued endpoint: GET params in the query, POST params as the JSON body. */
  call(route: R, params?: JsonParams): Promise<RestResult<unknown>>;
  /** The corrected clock private requests are signed with. */
  readonly serverClock: ServerClock;
  /** Measures the offset to server time (several samples, median); warns above 500 ms. */
  syncClock(): Promise<number>;
}

/** The exchange's part of a REST client: its HTTP hooks, signing and server-time request. */
export interface RestClientHooks<Credentials extends { readonly secret: string }> extends Omit<
  ExchangeHttpHooks,
  'sign'
> {
  /** Names the exchange in the clock warning. */
  readonly label: string;
  /** Already resolved; undefined for a public-only client. */
  readonly credentials: Credentials | undefined;
  /** `hmac` is keyed with the credentials' secret once per client. */
  readonly sign: (
    credentials: Credentials,
    hmac: HmacSha256,
    input: SignInput,
  ) => Promise<Record<string, string>>;
  /** One public request for the exchange's time, in epoch ms. */
  readonly fetchServerTime: (http: HttpClient) => Promise<number>;
  /** The exchange's budget table (docs/protocol.md "Rate limits"). */
  readonly rateBudgets: RateBudgetTable;
}

/**
 * The steps both exchanges share: signer, HTTP client signing with server time, and the clock itself.
 * `http` is for what `call` cannot send (Bybit's multipart upload).
 */
export function createRestClient<R extends RouteSpec, Credentials extends { readonly secret: string }>(
  deps: RestClientDeps,
  hooks: RestClientHooks<Credentials>,
): { readonly client: RestClient<R>; readonly http: HttpClient } {
  const { credentials } = hooks;
  // Fails at construction without Web Crypto, as the SDKs do, rather than on the first private call.
  const hmac = credentials && createHmacSha256(credentials.secret);
  const gate: RateGate = {
    limiter: deps.rateLimiter ?? createRateLimiter(deps),
    budgets: hooks.rateBudgets,
    toLocal: (serverMs) => serverMs - serverClock.offsetMs(),
  };
  const http = createHttpClient(
    {
      ...deps,
      clock: { now: () => serverClock.now() },
      gate,
      ...(deps.measureClockFirst === true ? { beforeSigning: () => serverClock.ready() } : {}),
    },
    {
      exchange: hooks.exchange,
      baseUrl: hooks.baseUrl,
      headers: hooks.headers,
      unwrap: hooks.unwrap,
      sign: credentials && hmac && ((input) => hooks.sign(credentials, hmac, input)),
    },
  );
  const serverClock = createServerClock({
    ...deps,
    label: hooks.label,
    fetchServerTime: () => hooks.fetchServerTime(http),
  });
  const client: RestClient<R> = {
    call: (route, params) => http.call(route, params),
    serverClock,
    syncClock: () => serverClock.sync(),
  };
  return { client, http };
}
