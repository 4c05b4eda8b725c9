import { createRestClient, type RestClient, type RestClientDeps } from '../transport/http-client';
import { parseResultData } from '../transport/http-schema';
import type { RestResult } from '../transport/http-types';
import { OKX_ROUTES, type OkxRoute } from './endpoints';
import { okxEnvironmentHeaders, okxRestBaseUrl, type OkxHostOptions } from './hosts';
import { unwrapOkx } from './rest-envelope';
import { okxRateBudgets } from './rate-budgets';
import { OkxServerTime } from './schemas';
import {
  okxTimestamp,
  resolveOkxCredentials,
  signOkxRest,
  type OkxCredentials,
  type PartialOkxCredentials,
} from './sign';

export interface OkxRestOptions extends OkxHostOptions, RestClientDeps {
  /** API key, secret and passphrase together, or none for a public-only client. */
  readonly credentials?: PartialOkxCredentials;
}

export type OkxRestClient = RestClient<OkxRoute>;

/** Server time in epoch ms from a `GET /api/v5/public/time` result (`data[0].ts`, a string). */
export function readOkxServerTime(result: RestResult<unknown>): number {
  return Number(parseResultData(OkxServerTime, result).data[0].ts);
}

export function createOkxRestClient(options: OkxRestOptions): OkxRestClient {
  return createRestClient<OkxRoute, OkxCredentials>(options, {
    // Resolved first: a partial key set is named before any other setting is checked.
    credentials: resolveOkxCredentials(options.credentials),
    exchange: 'okx',
    label: 'OKX',
    baseUrl: okxRestBaseUrl(options),
    headers: okxEnvironmentHeaders(options),
    unwrap: unwrapOkx,
    sign: (credentials, hmac, input) =>
      signOkxRest(credentials, hmac, {
        timestamp: okxTimestamp(input.timestampMs),
        method: input.method,
        requestPath: input.requestPath,
        body: typeof input.body?.payload === 'string' ? input.body.payload : '',
      }),
    fetchServerTime: async (http) => readOkxServerTime(await http.call(OKX_ROUTES.getPublicTime)),
    rateBudgets: okxRateBudgets,
  }).client;
}
