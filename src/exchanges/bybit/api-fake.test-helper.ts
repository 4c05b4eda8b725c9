import { createFakeFetch, createManualTime, type FakeReply } from '../transport/http-fake.test-helper';
import { createBybitRestClient } from './rest';
import { createBybitApi } from './rest-api';

/** Bybit's typed calls over a fake fetch that answers every request with `reply`. */
export function fakeBybitApi(reply: FakeReply) {
  const time = createManualTime();
  const fake = createFakeFetch(reply);
  const client = createBybitRestClient({
    credentials: { apiKey: 'k', secret: 's' },
    fetch: fake.fetch,
    timers: time,
    clock: time,
  });
  return { fake, api: createBybitApi(client) };
}
