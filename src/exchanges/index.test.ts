import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExchangeRest } from './index';
import { createFakeFetch, createManualTime, fakeResponse } from './transport/http-fake';

describe('createExchangeRest', () => {
  it.each([
    ['okx', { code: '0', msg: '', data: [{ ts: '42' }] }, 'https://www.okx.com/api/v5/public/time'],
    ['bybit', { retCode: 0, retMsg: 'OK', result: {}, time: 42 }, 'https://api.bybit.com/v5/market/time'],
  ] as const)('builds the %s client from its options', async (exchange, body, url) => {
    const time = createManualTime();
    const fake = createFakeFetch(fakeResponse(200, body));
    const rest = createExchangeRest({ exchange, fetch: fake.fetch, timers: time, clock: time });
    expect(rest.id).toBe(exchange);
    expect(await rest.getServerTime()).toBe(42);
    expect(fake.requests[0]?.url).toBe(url);
  });
});

describe.each([
  ['okx', { apiKey: 'k', secret: 's', passphrase: 'p' }],
  ['bybit', { apiKey: 'k', secret: 's' }],
] as const)('%s client without Web Crypto', (exchange, credentials) => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses private credentials at construction with the SDK message', () => {
    vi.stubGlobal('crypto', undefined);
    const time = createManualTime();
    const deps = { fetch: createFakeFetch().fetch, timers: time, clock: time };
    expect(() => createExchangeRest({ exchange, credentials, ...deps })).toThrow(
      'Web Crypto API unavailable. Authentication will not work.',
    );
    expect(() => createExchangeRest({ exchange, ...deps })).not.toThrow();
  });
});
