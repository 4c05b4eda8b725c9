import { describe, expect, it, vi } from 'vitest';
import { assertWebCrypto, concatBytes, createHmacSha256, hmacSha256, toBase64, toHex, utf8 } from './runtime';

describe('runtime', () => {
  it('encodes Base64 with padding for every remainder length', () => {
    for (const text of ['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar', 'ü€\u{1F600}']) {
      expect(toBase64(utf8(text))).toBe(Buffer.from(text, 'utf8').toString('base64'));
    }
  });

  it('encodes lower-case hex with leading zeros', () => {
    expect(toHex(new Uint8Array([0, 9, 10, 255]))).toBe('00090aff');
  });

  it('computes HMAC-SHA256 over a string and over the same bytes identically', async () => {
    const expected = 'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8';
    expect(toHex(await hmacSha256('key', 'The quick brown fox jumps over the lazy dog'))).toBe(expected);
    const bytes = concatBytes(utf8('The quick brown '), utf8('fox jumps over the lazy dog'));
    expect(toHex(await hmacSha256('key', bytes))).toBe(expected);
  });

  it('signs like hmacSha256 with a reusable signer', async () => {
    const sign = createHmacSha256('key');
    expect(toHex(await sign('abc'))).toBe(toHex(await hmacSha256('key', 'abc')));
    expect(toHex(await sign('abc'))).toBe(toHex(await hmacSha256('key', 'abc')));
  });

  it('imports the key once however many messages it signs', async () => {
    const importKey = vi.fn(() => Promise.resolve('imported-key'));
    const sign = vi.fn((_name: string, key: unknown, data: Uint8Array) =>
      Promise.resolve(new Uint8Array([key === 'imported-key' ? 1 : 0, data.length]).buffer),
    );
    const hmac = createHmacSha256('secret', { importKey, sign });
    const signatures = await Promise.all([hmac('a'), hmac('bb'), hmac(new Uint8Array(3))]);
    expect(signatures.map((bytes) => [...bytes])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(await hmac('dddd')).toEqual(new Uint8Array([1, 4]));
    expect(importKey).toHaveBeenCalledTimes(1);
    expect(sign).toHaveBeenCalledTimes(4);
  });

  it('refuses to sign without Web Crypto, with the SDK message', () => {
    expect(() => assertWebCrypto({})).toThrow(
      expect.objectContaining({
        name: 'SigningError',
        message: 'Web Crypto API unavailable. Authentication will not work.',
      }),
    );
    expect(() => assertWebCrypto({ crypto: {} })).toThrow(
      'Web Crypto API unavailable. Authentication will not work.',
    );
  });
});
