import { createHmacSha256 } from '../runtime';
import { createServerClock, type ServerClock } from '../transport/clock';
import { createHttpClient, type JsonParams } from '../transport/http-client';
import type { FetchLike, Logger, RestResult } from '../transport/http-types';
import type { Clock, Timers } from '../transport/timers';
import { OKX_ROUTES, type OkxRoute } from './endpoints';
import { okxEnvironmentHeaders, okxRestBaseUrl, type OkxHostOptions } from './hosts';
import { unwrapOkx } from './rest-envelope';
import { parseResultData } from '../transport/http-schema';
import { OkxServerTime } from './schemas';
import { okxTimestamp, resolveOkxCredentials, signOkxRest, type PartialOkxCredentials } from './sign';

export interface RestClientDeps {
  readonly fetch: FetchLike;
  readonly timers: Timers;
  readonly clock: Clock;
  /** Default 300000 ms. */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
}

export interface OkxRestOptions extends OkxHostOptions, RestClientDeps {
  /** API key, secret and passphrase together, or none for a public-only client. */
  readonly credentials?: PartialOkxCredentials;
}

export interface RestClient<R> {
  /** Any catalogued endpoint: GET params in the query, POST params as the JSON body. */
  call(route: R, params?: JsonParams): Promise<RestResult<unknown>>;
  /** The corrected clock private requests are signed with. */
  readonly serverClock: ServerClock;
  /** Measures the offset to server time (several samples, median); warns above 500 ms. */
  syncClock(): Promise<number>;
}

export type OkxRestClient = RestClient<OkxRoute>;

export function createOkxRestClient(options: OkxRestOptions): OkxRestClient {
  const credentials = resolveOkxCredentials(options.credentials);
  // Fails at construction without Web Crypto, as the SDKs do, rather than on the first private call.
  const hmac = credentials && createHmacSha256(credentials.secret);
  const http = createHttpClient(
    { ...options, clock: { now: () => serverClock.now() } },
    {
      exchange: 'okx',
      baseUrl: okxRestBaseUrl(options),
      headers: okxEnvironmentHeaders(options),
      unwrap: unwrapOkx,
      sign:
        credentials &&
        hmac &&
        ((input) =>
          signOkxRest(credentials, hmac, {
            timestamp: okxTimestamp(input.timestampMs),
            method: input.method,
            requestPath: input.requestPath,
            body: typeof input.body?.payload === 'string' ? input.body.payload : '',
          })),
    },
  );
  const serverClock = createServerClock({
    ...options,
    label: 'OKX',
    fetchServerTime: async () =>
      Number(parseResultData(OkxServerTime, await http.call(OKX_ROUTES.getPublicTime)).data[0].ts),
  });
  return {
    call: (route, params) => http.call(route, params),
    serverClock,
    syncClock: () => serverClock.sync(),
  };
}
