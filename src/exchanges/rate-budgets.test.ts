import { describe, expect, it } from 'vitest';
import { BYBIT_ROUTES } from './bybit/endpoints';
import { createBybitRestClient } from './bybit/rest';
import { OKX_ROUTES } from './okx/endpoints';
import { okxRateBudgets } from './okx/rate-budgets';
import { createOkxRestClient } from './okx/rest';
import { fakeResponse, type RecordedRequest } from './transport/http-fake.test-helper';
import type { FetchLike, HttpResponseLike } from './transport/http-types';
import { createRateLimiter, DEFAULT_RATE_MARGIN_MS } from './transport/rest-limiter';
import { createFakeTime } from './transport/time-fake.test-helper';

const START = 1_704_067_200_000;
const okx = { apiKey: 'k', secret: 's', passphrase: 'p' };
const bybit = { apiKey: 'k', secret: 's' };
const okxOk = () => fakeResponse(200, { code: '0', msg: '', data: [] });
const bybitOk = (headers: Record<string, string> = {}) =>
  fakeResponse(200, { retCode: 0, retMsg: 'OK', result: {}, time: START }, headers);

/**
 * Fake time and a fetch that notes each request's path and when (ms from the start) it was sent. The
 * timing tests use public routes: a signature is real Web Crypto work, which fake time does not wait for.
 */
function rig(answer: (request: RecordedRequest, now: number) => HttpResponseLike) {
  const time = createFakeTime(START);
  const sent: { readonly path: string; readonly at: number }[] = [];
  const fetch: FetchLike = (url, init) => {
    sent.push({ path: new URL(url).pathname, at: time.clock.now() - START });
    return Promise.resolve(answer({ url, init }, time.clock.now()));
  };
  const times = (path: string) => sent.filter((entry) => entry.path === path).map((entry) => entry.at);
  const deps = { fetch, clock: time.clock, timers: time.timers, restBaseUrl: 'http://sim' };
  return { time, deps, times };
}

const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);

describe('REST budgets through the clients', () => {
  it('OKX: the route weight sets the budget (public/time weighs 2: 10 per 2 s) and a burst waits, not fails', async () => {
    const { time, deps, times } = rig(okxOk);
    const client = createOkxRestClient(deps);
    const calls = Array.from({ length: 25 }, () => client.call(OKX_ROUTES.getPublicTime));
    const tickers = client.call(OKX_ROUTES.getMarketTickers, { instType: 'SWAP' });
    await time.step(4_300);
    await Promise.all([...calls, tickers]);
    const window = 2_000 + DEFAULT_RATE_MARGIN_MS;
    expect(times('/api/v5/public/time')).toEqual([
      ...Array<number>(10).fill(0),
      ...Array<number>(10).fill(window),
      ...Array<number>(5).fill(2 * window),
    ]);
    // Another endpoint has its own budget: it is not stuck behind the burst.
    expect(times('/api/v5/market/tickers')).toEqual([0]);
  });

  it('OKX: a lighter route allows more (market/books weighs 1/2: 40 per 2 s)', async () => {
    const { time, deps, times } = rig(okxOk);
    const client = createOkxRestClient(deps);
    const calls = Array.from({ length: 41 }, () =>
      client.call(OKX_ROUTES.getMarketBooks, { instId: 'BTC-USDT-SWAP' }),
    );
    await time.step(2_100);
    await Promise.all(calls);
    expect(times('/api/v5/market/books')).toEqual([...Array<number>(40).fill(0), 2_100]);
  });

  it('OKX: batch orders weigh per order (1/15 each: 300 orders per 2 s)', async () => {
    const { time, deps } = rig(okxOk);
    const limiter = createRateLimiter(deps);
    const client = createOkxRestClient({ ...deps, credentials: okx, rateLimiter: limiter });
    const batch = Array.from({ length: 20 }, () => ({ instId: 'BTC-USDT-SWAP', sz: '1' }));
    const calls = Array.from({ length: 15 }, () => client.call(OKX_ROUTES.postTradeBatchOrders, batch));
    await Promise.all(calls);
    // 15 batches of 20 orders spent the whole 300: one more order waits for the window to pass.
    let more = false;
    void limiter.acquire(okxRateBudgets(OKX_ROUTES.postTradeBatchOrders, [{}])).then(() => (more = true));
    await time.step(2_099);
    expect(more).toBe(false);
    await time.step(1);
    expect(more).toBe(true);
  });

  it('OKX: a 50011 answer holds that route for a window instead of retrying into more refusals', async () => {
    let limited = true;
    const { time, deps, times } = rig(({ url }) =>
      limited && url.includes('/market/ticker?')
        ? fakeResponse(429, { code: '50011', msg: 'Rate limit reached.', data: [] })
        : okxOk(),
    );
    const client = createOkxRestClient(deps);
    const ticker = { instId: 'BTC-USDT-SWAP' };
    await expect(client.call(OKX_ROUTES.getMarketTicker, ticker)).rejects.toMatchObject({
      name: 'RateLimitError',
    });
    limited = false;
    const after = client.call(OKX_ROUTES.getMarketTicker, ticker);
    const other = client.call(OKX_ROUTES.getMarketTickers, { instType: 'SWAP' });
    await time.step(2_100);
    await Promise.all([after, other]);
    expect(times('/api/v5/market/ticker')).toEqual([0, 2_100]);
    expect(times('/api/v5/market/tickers')).toEqual([0]);
  });

  it("Bybit: 10006 holds the route until the reset it names, read on the server's clock", async () => {
    // The server runs 700 ms ahead; it resets this endpoint's window 1,500 ms after our start.
    const serverReset = START + 700 + 1_500;
    let answered = 0;
    const { time, deps, times } = rig(({ url }, now) => {
      if (url.includes('/market/time'))
        return fakeResponse(200, { retCode: 0, retMsg: 'OK', result: {}, time: now + 700 });
      answered += 1;
      return answered === 1
        ? fakeResponse(
            200,
            { retCode: 10006, retMsg: 'Too many visits.', result: {}, time: START },
            {
              'X-Bapi-Limit': '50',
              'X-Bapi-Limit-Status': '0',
              'X-Bapi-Limit-Reset-Timestamp': String(serverReset),
            },
          )
        : bybitOk();
    });
    const client = createBybitRestClient(deps);
    await client.syncClock();
    const tickers = { category: 'linear' };
    await expect(client.call(BYBIT_ROUTES.getMarketTickers, tickers)).rejects.toMatchObject({
      name: 'RateLimitError',
    });
    const after = client.call(BYBIT_ROUTES.getMarketTickers, tickers);
    await time.step(1_499);
    expect(times('/v5/market/tickers')).toEqual([0]);
    await time.step(1);
    await after;
    expect(times('/v5/market/tickers')).toEqual([0, 1_500]);
  });

  it('Bybit: headers reading 0 left hold the route until their reset, on a successful answer too', async () => {
    const { time, deps, times } = rig(() =>
      bybitOk({
        'X-Bapi-Limit': '10',
        'X-Bapi-Limit-Status': '0',
        'X-Bapi-Limit-Reset-Timestamp': String(START + 600),
      }),
    );
    const client = createBybitRestClient(deps);
    await client.call(BYBIT_ROUTES.getMarketKline, { category: 'linear' });
    const next = client.call(BYBIT_ROUTES.getMarketKline, { category: 'linear' });
    await time.step(600);
    await next;
    expect(times('/v5/market/kline')).toEqual([0, 600]);
  });

  it('Bybit: reads queued past their share of the IP budget leave a close going at once', async () => {
    const { time, deps, times } = rig(() => bybitOk());
    const client = createBybitRestClient({ ...deps, credentials: bybit });
    const reads = Array.from({ length: 600 }, () => settle(client.call(BYBIT_ROUTES.getMarketTickers)));
    await time.step(0);
    const close = client.call(BYBIT_ROUTES.postOrderCreate, { category: 'linear', reduceOnly: true });
    await time.step(0);
    await close;
    expect(times('/v5/market/tickers')).toHaveLength(480);
    expect(times('/v5/order/create')).toEqual([0]);
    // Nothing is due before the IP window rolls over at 5,100 ms.
    time.advance(5_099);
    await time.step(1);
    await Promise.all(reads);
    expect(times('/v5/market/tickers').filter((at) => at === 5_100)).toHaveLength(120);
  });

  it('one limiter handed to two clients of one account is one budget', async () => {
    const { time, deps, times } = rig(okxOk);
    const rateLimiter = createRateLimiter(deps);
    const first = createOkxRestClient({ ...deps, rateLimiter });
    const second = createOkxRestClient({ ...deps, rateLimiter });
    const calls = Array.from({ length: 12 }, (_, i) =>
      (i % 2 === 0 ? first : second).call(OKX_ROUTES.getPublicTime),
    );
    await time.step(2_100);
    await Promise.all(calls);
    expect(times('/api/v5/public/time')).toEqual([...Array<number>(10).fill(0), 2_100, 2_100]);
  });
});
