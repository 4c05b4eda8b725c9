import { describe, expect, it } from 'vitest';
import { createFakeFetch, createManualTime, fakeResponse } from '../transport/http-fake.test-helper';
import { OKX_ROUTES } from './endpoints';
import { createOkxRestClient } from './rest';

const credentials = { apiKey: 'test-key', secret: 'test-secret', passphrase: 'test-pass' };
const ok = (data: unknown) => fakeResponse(200, { code: '0', msg: '', data });

function setup(options: { credentials?: typeof credentials; demoTrading?: boolean } = {}) {
  const time = createManualTime(Date.UTC(2024, 0, 1));
  const fake = createFakeFetch(ok([]));
  const client = createOkxRestClient({
    ...options,
    fetch: fake.fetch,
    timers: time,
    clock: time,
    restBaseUrl: 'http://sim',
  });
  return { time, fake, client };
}

describe('OKX REST client', () => {
  it('signs a GET over the query it sends (vector O1)', async () => {
    const { fake, client } = setup({ credentials });
    await client.call(OKX_ROUTES.getAccountBalance, { ccy: 'BTC' });
    const [request] = fake.requests;
    expect(request?.url).toBe('http://sim/api/v5/account/balance?ccy=BTC');
    expect(request?.init.method).toBe('GET');
    expect(request?.init.body).toBeUndefined();
    expect(request?.init.headers).toMatchObject({
      'OK-ACCESS-KEY': 'test-key',
      'OK-ACCESS-SIGN': 'HizPQSXiSU9q4kYm42z9KJQTLQGoM38nn8Q5rbWXqKo=',
      'OK-ACCESS-TIMESTAMP': '2024-01-01T00:00:00.000Z',
      'OK-ACCESS-PASSPHRASE': 'test-pass',
    });
  });

  it('sends exactly the body it signed (vector O2)', async () => {
    const { fake, client } = setup({ credentials });
    const order = {
      instId: 'BTC-USDT-SWAP',
      tdMode: 'cross',
      side: 'buy',
      ordType: 'limit',
      px: '30000',
      sz: '1',
    };
    await client.call(OKX_ROUTES.postTradeOrder, order);
    const [request] = fake.requests;
    expect(request?.init.body).toBe(JSON.stringify(order));
    expect(request?.init.headers).toMatchObject({
      'Content-Type': 'application/json',
      'OK-ACCESS-SIGN': 'hTFD3kRi28y5N++DtbIKf3WT+1W8s7oPUttSuqvNZ3Q=',
    });
  });

  it('sends public calls unsigned', async () => {
    const { fake, client } = setup({ credentials });
    await client.call(OKX_ROUTES.getMarketTicker, { instId: 'BTC-USDT-SWAP' });
    expect(Object.keys(fake.requests[0]?.init.headers ?? {})).not.toContain('OK-ACCESS-SIGN');
  });

  it('marks every demo request with x-simulated-trading: 1', async () => {
    const { fake, client } = setup({ credentials, demoTrading: true });
    await client.call(OKX_ROUTES.getMarketTicker, { instId: 'BTC-USDT-SWAP' });
    await client.call(OKX_ROUTES.getAccountBalance);
    expect(fake.requests.map((request) => request.init.headers['x-simulated-trading'])).toEqual(['1', '1']);
  });

  it('refuses a private call without credentials before sending anything', async () => {
    const { fake, client } = setup();
    await expect(client.call(OKX_ROUTES.getAccountBalance)).rejects.toMatchObject({
      name: 'ConfigError',
      message: 'Private endpoints require api and secret to be provided in the REST client constructor',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an undefined parameter before sending anything', async () => {
    const { fake, client } = setup({ credentials });
    await expect(client.call(OKX_ROUTES.getMarketTicker, { instId: undefined })).rejects.toThrow(
      'Failed to sign API request due to undefined parameter',
    );
    await expect(client.call(OKX_ROUTES.postTradeOrder, { instId: 'A', px: undefined })).rejects.toThrow(
      'Failed to sign API request due to undefined parameter',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('fails at construction for an unknown region', () => {
    const time = createManualTime();
    expect(() =>
      createOkxRestClient({ apiRegion: 'mars', fetch: createFakeFetch().fetch, timers: time, clock: time }),
    ).toThrow('No base URL found for region "mars". Check that your "apiRegion" value is valid.');
  });

  it('signs with the corrected clock after a sync', async () => {
    const { time, fake, client } = setup({ credentials });
    fake.reply(...Array.from({ length: 5 }, () => ok([{ ts: String(time.now() + 2000) }])), ok([]));
    await client.syncClock();
    await client.call(OKX_ROUTES.getAccountBalance);
    expect(fake.requests.at(-1)?.init.headers['OK-ACCESS-TIMESTAMP']).toBe('2024-01-01T00:00:02.000Z');
  });
});
