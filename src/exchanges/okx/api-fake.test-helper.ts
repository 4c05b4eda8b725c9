import { createFakeFetch, createManualTime, fakeResponse } from '../transport/http-fake.test-helper';
import { createOkxRestClient } from './rest';
import { createOkxApi } from './rest-api';

/** OKX's typed calls over a fake fetch that answers every request with `body` (HTTP 200). */
export function fakeOkxApi(body: unknown) {
  const time = createManualTime();
  const fake = createFakeFetch(fakeResponse(200, body));
  const client = createOkxRestClient({
    credentials: { apiKey: 'k', secret: 's', passphrase: 'p' },
    fetch: fake.fetch,
    timers: time,
    clock: time,
  });
  return { fake, api: createOkxApi(client) };
}
