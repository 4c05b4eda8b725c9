import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BYBIT_ROUTES } from '../../src/exchanges/bybit/endpoints';
import { createBybitRestClient } from '../../src/exchanges/bybit/rest';
import { OKX_ROUTES } from '../../src/exchanges/okx/endpoints';
import { createOkxRestClient } from '../../src/exchanges/okx/rest';
import type { RestResult } from '../../src/exchanges/transport/http-types';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { fakeTimeDeps, useSimulator } from './rest-harness';

/** Transport failures arrive as their own named errors, for both exchanges, never as a crash. */

// Client timeouts and the simulator's latency fault run on one fake time, so a timeout is exact.
const fake = createSimFakeTime();
const { sim, admin } = useSimulator(13, fake);
let closedPortUrl: string;

beforeAll(async () => {
  // A port that was free a moment ago and is closed now: connecting to it fails at once.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPortUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
});

type TimeCall = (baseUrl: string, timeoutMs?: number) => Promise<RestResult<unknown>>;

const clients: readonly { exchange: string; endpoint: string; rateLimitCode: string; time: TimeCall }[] = [
  {
    exchange: 'okx',
    endpoint: 'GET /api/v5/public/time',
    rateLimitCode: '50011',
    time: (restBaseUrl, timeoutMs) =>
      createOkxRestClient({
        ...fakeTimeDeps(fake),
        restBaseUrl,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      }).call(OKX_ROUTES.getPublicTime),
  },
  {
    exchange: 'bybit',
    endpoint: 'GET /v5/market/time',
    rateLimitCode: '10429',
    time: (restBaseUrl, timeoutMs) =>
      createBybitRestClient({
        ...fakeTimeDeps(fake),
        restBaseUrl,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      }).call(BYBIT_ROUTES.getMarketTime),
  },
];

describe.each(clients)('$exchange transport failures', ({ endpoint, rateLimitCode, time }) => {
  it('times out a slow answer with a TimeoutError at exactly the timeout', async () => {
    await admin('faults', { latencyMs: 400 });
    const held = fake.scheduled(400);
    let settled = false;
    const call = time(sim().url, 100).finally(() => {
      settled = true;
    });
    await held;
    fake.advance(99);
    // An admin round trip gives a timeout that fired too early its chance to show.
    await admin('faults', {});
    expect(settled).toBe(false);
    fake.advance(1);
    await expect(call).rejects.toMatchObject({ name: 'TimeoutError', endpoint, timeoutMs: 100 });
  });

  it('reports a refused connection as a NetworkError', async () => {
    await expect(time(closedPortUrl)).rejects.toMatchObject({ name: 'NetworkError', endpoint });
  });

  it('reports an HTML gateway error as an InvalidResponseError', async () => {
    await admin('faults', { httpStatus: 502 });
    await expect(time(sim().url)).rejects.toMatchObject({
      name: 'InvalidResponseError',
      httpStatus: 502,
      endpoint,
    });
  });

  it('reports HTTP 429 as a RateLimitError with the exchange code', async () => {
    await admin('faults', { httpStatus: 429 });
    await expect(time(sim().url)).rejects.toMatchObject({
      name: 'RateLimitError',
      httpStatus: 429,
      code: rateLimitCode,
    });
  });
});
