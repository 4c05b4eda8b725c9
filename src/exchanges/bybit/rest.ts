import {
  createRestClient,
  type PreparedBody,
  type RestClient,
  type RestClientDeps,
} from '../transport/http-client';
import type { RestResult } from '../transport/http-types';
import { parseResultRaw } from '../transport/http-schema';
import { BYBIT_ROUTES, type BybitRoute } from './endpoints';
import { bybitRestBaseUrl, type BybitHostOptions } from './hosts';
import { unwrapBybit } from './rest-envelope';
import { bybitRateBudgets } from './rate-budgets';
import { BybitServerTime } from './schemas';
import {
  DEFAULT_RECV_WINDOW_MS,
  resolveBybitCredentials,
  signBybitRest,
  type BybitCredentials,
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

/** The envelope's `time` in epoch ms, present on every answer, as bybit-api reads it (docs/protocol.md "Bybit server time"). */
export function readBybitServerTime(result: RestResult<unknown>): number {
  return parseResultRaw(BybitServerTime, result).time;
}

export function createBybitRestClient(options: BybitRestOptions): BybitRestClient {
  const recvWindowMs = options.recvWindowMs ?? DEFAULT_RECV_WINDOW_MS;
  const { client, http } = createRestClient<BybitRoute, BybitCredentials>(options, {
    // Resolved first: a partial key set is named before any other setting is checked.
    credentials: resolveBybitCredentials(options.credentials),
    exchange: 'bybit',
    label: 'Bybit',
    baseUrl: bybitRestBaseUrl(options),
    headers: {},
    unwrap: unwrapBybit,
    sign: (credentials, hmac, input) =>
      signBybitRest(credentials.apiKey, hmac, {
        timestampMs: input.timestampMs,
        recvWindowMs,
        // GET signs the query string; POST the exact body (JSON text or multipart bytes).
        payload: input.body?.payload ?? input.query,
      }),
    fetchServerTime: async (http) => readBybitServerTime(await http.call(BYBIT_ROUTES.getMarketTime)),
    rateBudgets: bybitRateBudgets,
  });
  return { ...client, sendPrepared: (route, body) => http.send(route, body) };
}
