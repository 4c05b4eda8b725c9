import { describe, expect, it } from 'vitest';
import { createHmacSha256 } from '../runtime';
import { bybitWsAuthArgs, resolveBybitCredentials, signBybitRest } from './sign';

// Vectors from docs/protocol.md "Worked vectors" / signing-vectors.json (key test-key, secret test-secret).
const credentials = { apiKey: 'test-key', secret: 'test-secret' };
const hmac = createHmacSha256(credentials.secret);
const timing = { timestampMs: 1704067200000, recvWindowMs: 5000 };

function fromHex(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

describe('Bybit signing', () => {
  it('signs a GET over its query string (vector B1) with every header', async () => {
    expect(
      await signBybitRest(credentials.apiKey, hmac, { ...timing, payload: 'category=linear&symbol=BTCUSDT' }),
    ).toEqual({
      'X-BAPI-API-KEY': 'test-key',
      'X-BAPI-TIMESTAMP': '1704067200000',
      'X-BAPI-SIGN': '3b76ae6a6bbb7cc4b075d3994d27d4eae23241dc5273da1c0c5557f2ae09a5bb',
      'X-BAPI-RECV-WINDOW': '5000',
      'X-BAPI-SIGN-TYPE': '2',
    });
  });

  it('signs a POST over its exact JSON body (vector B2)', async () => {
    const body = '{"category":"linear","symbol":"BTCUSDT","side":"Buy","orderType":"Market","qty":"0.001"}';
    const headers = await signBybitRest(credentials.apiKey, hmac, { ...timing, payload: body });
    expect(headers['X-BAPI-SIGN']).toBe('94eca609198ef6a4fa44e3679f2102665b0ce51037cdfc743534a6f89f9efaa1');
  });

  it('signs multipart bytes after the text prefix (vector B4)', async () => {
    const payload = fromHex(
      '2d2d626f756e646172792d666f722d66696c650d0a436f6e74656e742d446973706f736974696f6e3a20666f726d2d646174613b206e616d653d2275706c6f61645f66696c65223b2066696c656e616d653d22612e706e67220d0a436f6e74656e742d547970653a20696d6167652f706e670d0a0d0a68656c6c6f0d0a2d2d626f756e646172792d666f722d66696c652d2d0d0a',
    );
    expect(payload).toHaveLength(148);
    const headers = await signBybitRest(credentials.apiKey, hmac, { ...timing, payload });
    expect(headers['X-BAPI-SIGN']).toBe('bc2da024700ce45bb57184d3fd6422ff010b578b9787ccec3076e7e81097c02e');
  });

  it('builds the WebSocket auth message (vector B3)', async () => {
    const args = await bybitWsAuthArgs(credentials, 1704067205000);
    expect(JSON.stringify({ op: 'auth', args })).toBe(
      '{"op":"auth","args":["test-key",1704067205000,"0a3955527cd3e9bf71ec111c7921f28d88515ddc9cc0652c1852cb2e0a3ec512"]}',
    );
  });
});

describe('Bybit credentials', () => {
  it('treats no credentials as a public-only client', () => {
    expect(resolveBybitCredentials(undefined)).toBeUndefined();
    expect(resolveBybitCredentials({ apiKey: '', secret: '' })).toBeUndefined();
  });

  it.each([
    [{ apiKey: 'k' }, 'secret'],
    [{ secret: 's' }, 'API key'],
  ])('names what is missing from %o', (input, missing) => {
    expect(() => resolveBybitCredentials(input)).toThrow(
      `Bybit credentials need API key and secret together; missing: ${missing}.`,
    );
  });

  it('rejects RSA keys it cannot sign with', () => {
    expect(() => resolveBybitCredentials({ apiKey: 'k', secret: '-----BEGIN PRIVATE KEY-----' })).toThrow(
      'Bybit RSA (self-generated) API keys are not supported. Create a system-generated HMAC key.',
    );
  });
});
