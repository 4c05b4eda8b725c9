import { createHmacSha256 } from '../runtime';
import { createServerClock } from '../transport/clock';
import { createHttpClient, type PreparedBody } from '../transport/http-client';
import type { RestResult } from '../transport/http-types';
import { BYBIT_ROUTES, type BybitRoute } from './endpoints';
import { bybitRestBaseUrl, type BybitHostOptions } from './hosts';
import type { RestClient, RestClientDeps } from '../okx/rest';
import { unwrapBybit } from './rest-envelope';
import { parseResultRaw } from '../transport/http-schema';
import { BybitServerTime } from './schemas';
import {
  DEFAULT_RECV_WINDOW_MS,
  resolveBybitCredentials,
  signBybitRest,
  type PartialBybitCredentials,
} from './sign';

export interface BybitRestOptions extends BybitHostOptions, RestClientDeps {
  /** API key and secret together, or none for a public-only client. */
  readonly credentials?: PartialBybitCredentials;
  /** X-BAPI-RECV-WINDOW; default 5000 ms. */
  readonly recvWindowMs?: number;
}

export interface BybitRestClient extends RestClient<BybitRoute> {
  /** Sends a body built elsewhere (the multipart upload), signed over its exact bytes. */
  sendPrepared(route: BybitRoute, body: PreparedBody): Promise<RestResult<unknown>>;
}

export function createBybitRestClient(options: BybitRestOptions): BybitRestClient {
  const credentials = resolveBybitCredentials(options.credentials);
  // Fails at construction without Web Crypto, as the SDKs do, rather than on the first private call.
  const hmac = credentials && createHmacSha256(credentials.secret);
  const recvWindowMs = options.recvWindowMs ?? DEFAULT_RECV_WINDOW_MS;
  const http = createHttpClient(
    { ...options, clock: { now: () => serverClock.now() } },
    {
      exchange: 'bybit',
      baseUrl: bybitRestBaseUrl(options),
      headers: {},
      unwrap: unwrapBybit,
      sign:
        credentials &&
        hmac &&
        ((input) =>
          signBybitRest(credentials.apiKey, hmac, {
            timestampMs: input.timestampMs,
            recvWindowMs,
            // GET signs the query string; POST the exact body (JSON text or multipart bytes).
            payload: input.body?.payload ?? input.query,
          })),
    },
  );
  const serverClock = createServerClock({
    ...options,
    label: 'Bybit',
    // The envelope's `time` (ms), as bybit-api reads it (PROTOCOL.md §14.8).
    fetchServerTime: async () =>
      parseResultRaw(BybitServerTime, await http.call(BYBIT_ROUTES.getMarketTime)).time,
  });
  return {
    call: (route, params) => http.call(route, params),
    sendPrepared: (route, body) => http.send(route, body),
    serverClock,
    syncClock: () => serverClock.sync(),
  };
}
