import { describe, expect, it } from 'vitest';
import { fakeResponse } from '../transport/http-fake.test-helper';
import { unwrapBybit } from './rest-envelope';

async function unwrap(status: number, body: unknown, headers: Record<string, string> = {}) {
  const response = fakeResponse(status, body, headers);
  return unwrapBybit(
    { status, headers: response.headers, text: await response.text() },
    'POST /v5/order/create',
  );
}

describe('Bybit envelope', () => {
  it('returns the result for HTTP 200 and retCode 0', async () => {
    expect(await unwrap(200, { retCode: 0, retMsg: 'OK', result: { orderId: '1' } })).toMatchObject({
      data: { orderId: '1' },
    });
  });

  it('reads the legacy P2P envelope', async () => {
    expect((await unwrap(200, { ret_code: 0, ret_msg: 'success', result: { url: '/x' } })).data).toEqual({
      url: '/x',
    });
    await expect(unwrap(200, { ret_code: 912000001, ret_msg: 'bad file' })).rejects.toMatchObject({
      code: '912000001',
    });
  });

  it.each([
    [200, 10004, 'Error sign, please check your signature generation algorithm.', 'AuthError'],
    [200, 10002, 'The request time exceeds the time window range.', 'AuthError'],
    [401, 10003, 'API key is invalid.', 'AuthError'],
    [200, 10006, 'Too many visits!', 'RateLimitError'],
    [200, 110017, 'Reduce-only rule not satisfied', 'ExchangeError'],
  ])('HTTP %i with retCode %i is a %s', async (status, retCode, retMsg, name) => {
    await expect(unwrap(status, { retCode, retMsg, result: {} })).rejects.toMatchObject({
      name,
      code: String(retCode),
      exchangeMessage: retMsg,
      httpStatus: status,
      exchange: 'bybit',
    });
  });

  it.each([403, 429])('treats HTTP %i as a rate limit whatever the body', async (status) => {
    await expect(unwrap(status, 'access too frequent')).rejects.toMatchObject({
      name: 'RateLimitError',
      httpStatus: status,
    });
  });

  it('reports a body that is not JSON as an invalid response', async () => {
    await expect(unwrap(200, 'oops')).rejects.toMatchObject({
      name: 'InvalidResponseError',
      httpStatus: 200,
    });
  });

  it('leaves rate-limit info out when the headers are absent or not numbers', async () => {
    const result = await unwrap(200, { retCode: 0, result: {} }, { 'X-Bapi-Limit': 'ten' });
    expect(result).not.toHaveProperty('rateLimit');
  });
});

describe('Bybit rate-limit errors', () => {
  it('carry the limit headers so a caller knows when to retry', async () => {
    const headers = {
      'X-Bapi-Limit': '10',
      'X-Bapi-Limit-Status': '0',
      'X-Bapi-Limit-Reset-Timestamp': '1672738135000',
    };
    await expect(
      unwrap(200, { retCode: 10006, retMsg: 'Too many visits!', result: {} }, headers),
    ).rejects.toMatchObject({
      name: 'RateLimitError',
      rateLimit: { remaining: 0, limit: 10, resetAt: 1672738135000 },
    });
  });
});
