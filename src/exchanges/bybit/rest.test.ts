import { describe, expect, it } from 'vitest';
import { createFakeFetch, createManualTime, fakeResponse } from '../transport/http-fake.test-helper';
import { BYBIT_ROUTES } from './endpoints';
import { createBybitRestClient } from './rest';

const credentials = { apiKey: 'test-key', secret: 'test-secret' };
const ok = (result: unknown, headers: Record<string, string> = {}) =>
  fakeResponse(200, { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: 1704067200000 }, headers);

function setup(options: { credentials?: typeof credentials } = {}) {
  const time = createManualTime(1704067200000);
  const fake = createFakeFetch(ok({}));
  const client = createBybitRestClient({
    ...options,
    fetch: fake.fetch,
    timers: time,
    clock: time,
    restBaseUrl: 'http://sim/',
  });
  return { time, fake, client };
}

describe('Bybit REST client', () => {
  it('signs a GET over the query string it sends (vector B1)', async () => {
    const { fake, client } = setup({ credentials });
    await client.call(BYBIT_ROUTES.getPositionList, { category: 'linear', symbol: 'BTCUSDT' });
    const [request] = fake.requests;
    expect(request?.url).toBe('http://sim/v5/position/list?category=linear&symbol=BTCUSDT');
    expect(request?.init.headers).toMatchObject({
      'X-BAPI-API-KEY': 'test-key',
      'X-BAPI-TIMESTAMP': '1704067200000',
      'X-BAPI-RECV-WINDOW': '5000',
      'X-BAPI-SIGN': '3b76ae6a6bbb7cc4b075d3994d27d4eae23241dc5273da1c0c5557f2ae09a5bb',
    });
  });

  it('sends exactly the body it signed (vector B2)', async () => {
    const { fake, client } = setup({ credentials });
    const order = { category: 'linear', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.001' };
    await client.call(BYBIT_ROUTES.postOrderCreate, order);
    expect(fake.requests[0]?.init.body).toBe(JSON.stringify(order));
    expect(fake.requests[0]?.init.headers['X-BAPI-SIGN']).toBe(
      '94eca609198ef6a4fa44e3679f2102665b0ce51037cdfc743534a6f89f9efaa1',
    );
  });

  it('sends and signs "{}" for a POST without params', async () => {
    const { fake, client } = setup({ credentials });
    await client.call(BYBIT_ROUTES.postOrderCancelAll);
    expect(fake.requests[0]?.init.body).toBe('{}');
  });

  it('returns rate-limit info from the response headers', async () => {
    const { fake, client } = setup();
    fake.reply(
      ok(
        { list: [] },
        { 'X-Bapi-Limit': '10', 'X-Bapi-Limit-Status': '9', 'X-Bapi-Limit-Reset-Timestamp': '1672738134824' },
      ),
    );
    const result = await client.call(BYBIT_ROUTES.getMarketTickers, { category: 'linear' });
    expect(result.rateLimit).toEqual({ remaining: 9, limit: 10, resetAt: 1672738134824 });
  });

  it('refuses a private call without credentials before sending anything', async () => {
    const { fake, client } = setup();
    await expect(
      client.call(BYBIT_ROUTES.getAccountWalletBalance, { accountType: 'UNIFIED' }),
    ).rejects.toThrow(
      'Private endpoints require api and secret to be provided in the REST client constructor',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses to send a file-upload route as JSON', async () => {
    const { client } = setup({ credentials });
    await expect(client.call(BYBIT_ROUTES.postP2pOssUploadFile, {})).rejects.toThrow(
      'POST /v5/p2p/oss/upload_file is a file upload: send it with its upload method.',
    );
  });

  it('syncs the clock from the envelope time with a configurable recv window', async () => {
    const time = createManualTime(1704067200000 - 3000);
    const fake = createFakeFetch(ok({}));
    const logger = { warn: (message: string) => warnings.push(message) };
    const warnings: string[] = [];
    const client = createBybitRestClient({
      credentials,
      recvWindowMs: 10000,
      fetch: fake.fetch,
      timers: time,
      clock: time,
      logger,
    });
    expect(await client.syncClock()).toBe(3000);
    await client.call(BYBIT_ROUTES.getAccountWalletBalance, { accountType: 'UNIFIED' });
    expect(fake.requests.at(-1)?.url).toBe(
      'https://api.bybit.com/v5/account/wallet-balance?accountType=UNIFIED',
    );
    expect(fake.requests.at(-1)?.init.headers).toMatchObject({
      'X-BAPI-TIMESTAMP': '1704067200000',
      'X-BAPI-RECV-WINDOW': '10000',
    });
    expect(warnings).toHaveLength(1);
  });
});
