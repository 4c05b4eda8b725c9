import { describe, expect, it } from 'vitest';
import { verifyBybitRequest } from './bybit-rest-auth.js';
import type { SignedRequest } from './credentials.js';

// Worked vectors B1/B2/B4 from docs/protocol.md "Worked vectors" (key test-key, secret test-secret).
const credential = { apiKey: 'test-key', apiSecret: 'test-secret' };
const lookup = (key: string) => (key === credential.apiKey ? credential : undefined);
const now = 1704067200000;
const uploadPayloadHex =
  '2d2d626f756e646172792d666f722d66696c650d0a436f6e74656e742d446973706f736974696f6e3a20666f726d2d646174613b206e616d653d2275706c6f61645f66696c65223b2066696c656e616d653d22612e706e67220d0a436f6e74656e742d547970653a20696d6167652f706e670d0a0d0a68656c6c6f0d0a2d2d626f756e646172792d666f722d66696c652d2d0d0a';

function request(
  method: string,
  target: string,
  body: Buffer,
  sign: string,
  headers: Record<string, string | undefined> = {},
): SignedRequest {
  const all: Record<string, string | undefined> = {
    'x-bapi-api-key': 'test-key',
    'x-bapi-timestamp': String(now),
    'x-bapi-recv-window': '5000',
    'x-bapi-sign': sign,
    ...headers,
  };
  return { method, target, body, header: (name) => all[name] };
}

const getVector = (headers: Record<string, string | undefined> = {}) =>
  request(
    'GET',
    '/v5/position/list?category=linear&symbol=BTCUSDT',
    Buffer.alloc(0),
    '3b76ae6a6bbb7cc4b075d3994d27d4eae23241dc5273da1c0c5557f2ae09a5bb',
    headers,
  );

const outcome = (req: SignedRequest, at = now) => {
  const result = verifyBybitRequest(req, lookup, at);
  return result.ok ? 'ok' : `${String(result.failure.retCode)} ${String(result.failure.httpStatus)}`;
};

describe('verifyBybitRequest', () => {
  it('accepts the worked GET vector signed over the raw query', () => {
    expect(outcome(getVector())).toBe('ok');
  });

  it('accepts the worked POST vector signed over the raw body', () => {
    const body = Buffer.from(
      '{"category":"linear","symbol":"BTCUSDT","side":"Buy","orderType":"Market","qty":"0.001"}',
    );
    expect(
      outcome(
        request(
          'POST',
          '/v5/order/create',
          body,
          '94eca609198ef6a4fa44e3679f2102665b0ce51037cdfc743534a6f89f9efaa1',
        ),
      ),
    ).toBe('ok');
  });

  it('accepts the multipart upload vector signed over the prefix and the payload bytes', () => {
    const body = Buffer.from(uploadPayloadHex, 'hex');
    expect(
      outcome(
        request(
          'POST',
          '/v5/p2p/oss/upload_file',
          body,
          'bc2da024700ce45bb57184d3fd6422ff010b578b9787ccec3076e7e81097c02e',
        ),
      ),
    ).toBe('ok');
  });

  it('rejects a wrong signature with 10004 and shows the signed payload without the key', () => {
    const result = verifyBybitRequest(getVector({ 'x-bapi-sign': 'ab'.repeat(32) }), lookup, now);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failure.retCode).toBe(10004);
    expect(result.failure.retMsg).toContain('origin_string[***category=linear&symbol=BTCUSDT]');
    expect(result.failure.retMsg).not.toContain('test-key');
  });

  it('rejects an unknown key with 10003 and HTTP 401', () => {
    expect(outcome(getVector({ 'x-bapi-api-key': 'nobody' }))).toBe('10003 401');
  });

  it('enforces server - recvWindow <= ts < server + 1000 with 10002', () => {
    expect(outcome(getVector(), now + 5000)).toBe('ok');
    expect(outcome(getVector(), now + 5001)).toBe('10002 200');
    expect(outcome(getVector(), now - 999)).toBe('ok');
    expect(outcome(getVector(), now - 1000)).toBe('10002 200');
  });

  it('rejects missing auth headers as a parameter error', () => {
    expect(outcome(getVector({ 'x-bapi-sign': undefined }))).toBe('10001 200');
  });
});
