import { describe, expect, it } from 'vitest';
import type { SignedRequest } from './credentials.js';
import { verifyOkxRequest } from './okx-rest-auth.js';

// Worked vectors O1/O2 from docs/protocol.md "Worked vectors" (key test-key, secret test-secret, passphrase test-pass).
const credential = { apiKey: 'test-key', secretKey: 'test-secret', passphrase: 'test-pass' };
const lookup = (key: string) => (key === credential.apiKey ? credential : undefined);
const ts = '2024-01-01T00:00:00.000Z';
const now = Date.parse(ts);
const orderBody =
  '{"instId":"BTC-USDT-SWAP","tdMode":"cross","side":"buy","ordType":"limit","px":"30000","sz":"1"}';

function request(overrides: {
  method?: string;
  target?: string;
  body?: string;
  headers?: Record<string, string | undefined>;
}): SignedRequest {
  const headers: Record<string, string | undefined> = {
    'ok-access-key': 'test-key',
    'ok-access-sign': 'HizPQSXiSU9q4kYm42z9KJQTLQGoM38nn8Q5rbWXqKo=',
    'ok-access-timestamp': ts,
    'ok-access-passphrase': 'test-pass',
    ...overrides.headers,
  };
  return {
    method: overrides.method ?? 'GET',
    target: overrides.target ?? '/api/v5/account/balance?ccy=BTC',
    body: Buffer.from(overrides.body ?? ''),
    header: (name) => headers[name],
  };
}

const codeOf = (req: SignedRequest, at = now) => {
  const result = verifyOkxRequest(req, lookup, at);
  return result.ok
    ? 'ok'
    : `${result.failure.code} ${String(result.failure.httpStatus)} ${result.failure.msg}`;
};

describe('verifyOkxRequest', () => {
  it('accepts the worked GET vector signed over path and query', () => {
    expect(codeOf(request({}))).toBe('ok');
  });

  it('accepts the worked POST vector signed over the raw body', () => {
    const req = request({
      method: 'POST',
      target: '/api/v5/trade/order',
      body: orderBody,
      headers: { 'ok-access-sign': 'hTFD3kRi28y5N++DtbIKf3WT+1W8s7oPUttSuqvNZ3Q=' },
    });
    expect(codeOf(req)).toBe('ok');
  });

  it('rejects a signature that omits the query with 50113', () => {
    expect(codeOf(request({ target: '/api/v5/account/balance?ccy=ETH' }))).toBe('50113 401 Invalid Sign');
  });

  it('rejects an unknown key with 50111', () => {
    expect(codeOf(request({ headers: { 'ok-access-key': 'nobody' } }))).toBe(
      '50111 401 Invalid OK-ACCESS-KEY',
    );
  });

  it('rejects a wrong passphrase with 50105 and a missing one with 50104', () => {
    expect(codeOf(request({ headers: { 'ok-access-passphrase': 'nope' } }))).toMatch(/^50105 401/);
    expect(codeOf(request({ headers: { 'ok-access-passphrase': undefined } }))).toMatch(/^50104 401/);
  });

  it('names each missing header with its own code', () => {
    expect(codeOf(request({ headers: { 'ok-access-key': undefined } }))).toMatch(
      /^50103 401 .*OK-ACCESS-KEY/,
    );
    expect(codeOf(request({ headers: { 'ok-access-sign': '' } }))).toMatch(/^50106 401 .*OK-ACCESS-SIGN/);
    expect(codeOf(request({ headers: { 'ok-access-timestamp': undefined } }))).toMatch(
      /^50107 401 .*OK-ACCESS-TIMESTAMP/,
    );
  });

  it('rejects a timestamp that is not ISO 8601 with 50112', () => {
    expect(codeOf(request({ headers: { 'ok-access-timestamp': '1704067200000' } }))).toMatch(/^50112 401/);
  });

  it('rejects a stale timestamp with 50102 but accepts one 30 s old', () => {
    expect(codeOf(request({}), now + 30_001)).toBe('50102 401 Timestamp request expired');
    expect(codeOf(request({}), now + 30_000)).toBe('ok');
    expect(codeOf(request({}), now - 30_001)).toMatch(/^50102/);
  });
});
