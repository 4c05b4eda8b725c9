import { describe, expect, it } from 'vitest';
import { createHmacSha256 } from '../runtime';
import { okxRestPrehash, okxTimestamp, okxWsLoginArgs, resolveOkxCredentials, signOkxRest } from './sign';

// Vectors from docs/protocol.md "Worked vectors" / signing-vectors.json (key test-key, secret test-secret, passphrase test-pass).
const credentials = { apiKey: 'test-key', secret: 'test-secret', passphrase: 'test-pass' };
const hmac = createHmacSha256(credentials.secret);
const timestamp = '2024-01-01T00:00:00.000Z';
const orderBody =
  '{"instId":"BTC-USDT-SWAP","tdMode":"cross","side":"buy","ordType":"limit","px":"30000","sz":"1"}';

describe('OKX signing', () => {
  it('formats the timestamp as ISO-8601 with milliseconds', () => {
    expect(okxTimestamp(Date.UTC(2024, 0, 1))).toBe(timestamp);
  });

  it('signs a GET with its query (vector O1)', async () => {
    const input = { timestamp, method: 'GET', requestPath: '/api/v5/account/balance?ccy=BTC', body: '' };
    expect(okxRestPrehash(input)).toBe('2024-01-01T00:00:00.000ZGET/api/v5/account/balance?ccy=BTC');
    expect(await signOkxRest(credentials, hmac, input)).toEqual({
      'OK-ACCESS-KEY': 'test-key',
      'OK-ACCESS-SIGN': 'HizPQSXiSU9q4kYm42z9KJQTLQGoM38nn8Q5rbWXqKo=',
      'OK-ACCESS-TIMESTAMP': timestamp,
      'OK-ACCESS-PASSPHRASE': 'test-pass',
    });
  });

  it('signs a POST over its exact body (vectors O2 and O2-SDK)', async () => {
    const post = { timestamp, method: 'post', requestPath: '/api/v5/trade/order', body: orderBody };
    expect(okxRestPrehash(post)).toBe(`${timestamp}POST/api/v5/trade/order${orderBody}`);
    expect((await signOkxRest(credentials, hmac, post))['OK-ACCESS-SIGN']).toBe(
      'hTFD3kRi28y5N++DtbIKf3WT+1W8s7oPUttSuqvNZ3Q=',
    );
    const tagged = { ...post, body: orderBody.replace(/}$/, ',"tag":"159881cb7207BCDE"}') };
    expect((await signOkxRest(credentials, hmac, tagged))['OK-ACCESS-SIGN']).toBe(
      'tiARbQ4K2zyY1cvJ4ERACwP5KE99BRwTTFF3Z5ZC0WM=',
    );
  });

  it('builds the WebSocket login from whole seconds (vector O3)', async () => {
    const args = await okxWsLoginArgs(credentials, 1704067200999);
    expect(JSON.stringify({ op: 'login', args: [args] })).toBe(
      '{"op":"login","args":[{"apiKey":"test-key","passphrase":"test-pass","timestamp":"1704067200","sign":"k1dFp1IMROdMPFI4SAuHu+0K4I5MDSYKEd1sG9AHudM="}]}',
    );
  });
});

describe('OKX credentials', () => {
  it('treats no credentials as a public-only client', () => {
    expect(resolveOkxCredentials(undefined)).toBeUndefined();
    expect(resolveOkxCredentials({ apiKey: '', secret: '' })).toBeUndefined();
  });

  it('accepts key, secret and passphrase together', () => {
    expect(resolveOkxCredentials(credentials)).toEqual(credentials);
  });

  it.each([
    [{ apiKey: 'k', secret: 's' }, 'passphrase'],
    [{ apiKey: 'k', passphrase: 'p' }, 'secret'],
    [{ secret: 's', passphrase: 'p' }, 'API key'],
    [{ apiKey: 'k' }, 'secret, passphrase'],
  ])('names what is missing from %o', (input, missing) => {
    expect(() => resolveOkxCredentials(input)).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        message: `OKX credentials need API key, secret and passphrase together; missing: ${missing}.`,
      }),
    );
  });

  it('never puts the secret or passphrase in the message', () => {
    expect(() => resolveOkxCredentials({ secret: 'TOP-SECRET', passphrase: 'PASS-PHRASE' })).toThrow(
      /^(?!.*(TOP-SECRET|PASS-PHRASE)).*missing: API key\.$/,
    );
  });
});
