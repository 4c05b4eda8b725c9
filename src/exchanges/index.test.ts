import { afterEach, describe, expect, it } from 'vitest';
import { createExchange } from './index';
import { createFakeFetch, createManualTime, fakeResponse } from './transport/http-fake.test-helper';
import { createFakeSockets } from './transport/socket-fake.test-helper';

describe('createExchange', () => {
  it.each([
    ['okx', { code: '0', msg: '', data: [{ ts: '42' }] }, 'https://www.okx.com/api/v5/public/time'],
    ['bybit', { retCode: 0, retMsg: 'OK', result: {}, time: 42 }, 'https://api.bybit.com/v5/market/time'],
  ] as const)('builds the %s Exchange from its options, opening no socket yet', async (id, body, url) => {
    const time = createManualTime();
    const fake = createFakeFetch(fakeResponse(200, body));
    const sockets = createFakeSockets();
    const exchange = createExchange({
      exchange: id,
      fetch: fake.fetch,
      createSocket: sockets.create,
      timers: time,
      clock: time,
    });
    expect([exchange.id, exchange.rest.id]).toEqual([id, id]);
    expect(await exchange.rest.getServerTime()).toBe(42);
    expect(fake.requests[0]?.url).toBe(url);
    expect(exchange.trade.overSocket).toBe(false);
    expect(sockets.all).toEqual([]);
  });
});

describe.each([
  ['okx', { apiKey: 'k', secret: 's', passphrase: 'p' }],
  ['bybit', { apiKey: 'k', secret: 's' }],
] as const)('%s Exchange without Web Crypto', (exchange, credentials) => {
  // Only crypto is put back: unstubbing every global would also take away the fake extension browser
  // that vitest's setup stubbed for the files that share this worker's module graph.
  const realCrypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  afterEach(() => {
    if (realCrypto) Object.defineProperty(globalThis, 'crypto', realCrypto);
  });

  it('refuses private credentials at construction with the SDK message', () => {
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    const time = createManualTime();
    const deps = {
      fetch: createFakeFetch().fetch,
      createSocket: createFakeSockets().create,
      timers: time,
      clock: time,
    };
    expect(() => createExchange({ exchange, credentials, ...deps })).toThrow(
      'Web Crypto API unavailable. Authentication will not work.',
    );
    expect(() => createExchange({ exchange, ...deps })).not.toThrow();
  });
});
