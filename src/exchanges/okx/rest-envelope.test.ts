import { describe, expect, it } from 'vitest';
import { fakeResponse } from '../transport/http-fake.test-helper';
import { unwrapOkx } from './rest-envelope';

async function unwrap(status: number, body: unknown) {
  const response = fakeResponse(status, body);
  return unwrapOkx(
    { status, headers: response.headers, text: await response.text() },
    'POST /api/v5/trade/order',
  );
}

describe('OKX envelope', () => {
  it('returns data for HTTP 200 and code "0"', async () => {
    expect(await unwrap(200, { code: '0', msg: '', data: [{ ts: '1' }] })).toMatchObject({
      data: [{ ts: '1' }],
      httpStatus: 200,
      endpoint: 'POST /api/v5/trade/order',
    });
  });

  it('keeps per-item results when a batch partly succeeds (code "2")', async () => {
    const data = [
      { ordId: '1', sCode: '0', sMsg: '' },
      { ordId: '', sCode: '51008', sMsg: 'Insufficient' },
    ];
    expect((await unwrap(200, { code: '2', msg: '', data })).data).toEqual(data);
  });

  it('throws the failed item code and message when every item failed (code "1")', async () => {
    const body = {
      code: '1',
      msg: '',
      data: [
        {
          clOrdId: '',
          ordId: '',
          sCode: '51119',
          sMsg: 'Order placement failed due to insufficient balance. ',
        },
      ],
    };
    await expect(unwrap(200, body)).rejects.toMatchObject({
      name: 'ExchangeError',
      code: '51119',
      exchangeMessage: 'Order placement failed due to insufficient balance. ',
      httpStatus: 200,
      raw: body,
    });
  });

  it.each([
    [401, '50113', 'Invalid signature', 'AuthError'],
    [401, '50102', 'Timestamp request expired', 'AuthError'],
    [200, '50111', 'Invalid OK-ACCESS-KEY', 'AuthError'],
    [200, '50120', 'API key does not have permission', 'AuthError'],
    [200, '50115', 'Invalid request method', 'ExchangeError'],
    [429, '50011', 'Rate limit reached', 'RateLimitError'],
    [200, '50061', 'Sub-account rate limit', 'RateLimitError'],
    [200, '51001', 'Instrument ID does not exist', 'ExchangeError'],
  ])('HTTP %i with code %s is a %s', async (status, code, msg, name) => {
    await expect(unwrap(status, { code, msg, data: [] })).rejects.toMatchObject({
      name,
      code,
      exchangeMessage: msg,
      httpStatus: status,
    });
  });

  it('treats a 429 without a JSON body as a rate limit', async () => {
    await expect(unwrap(429, '<html>busy</html>')).rejects.toMatchObject({
      name: 'RateLimitError',
      httpStatus: 429,
      code: '',
    });
  });

  it('reports a body that is not JSON as an invalid response', async () => {
    await expect(unwrap(502, '<html>Bad gateway</html>')).rejects.toMatchObject({
      name: 'InvalidResponseError',
      message: 'POST /api/v5/trade/order returned an invalid response (HTTP 502): the body is not JSON',
    });
  });

  it('reports a 200 that is not an OKX envelope as an invalid response, and a non-200 one as an exchange error', async () => {
    await expect(unwrap(200, { hello: 1 })).rejects.toMatchObject({ name: 'InvalidResponseError' });
    await expect(unwrap(404, { error: 'not found' })).rejects.toMatchObject({
      name: 'ExchangeError',
      httpStatus: 404,
    });
  });
});
