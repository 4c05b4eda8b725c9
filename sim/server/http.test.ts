import { describe, expect, it } from 'vitest';
import { HttpRouter, type SimRequest } from './http';

function request(method: string, target: string, body = ''): SimRequest {
  const [path = '', rawQuery = ''] = target.split('?');
  return {
    method,
    target,
    path,
    rawQuery,
    query: new URLSearchParams(rawQuery),
    headers: {},
    rawBody: Buffer.from(body),
    body,
    json: undefined,
    receivedAt: undefined,
    exchange: path.startsWith('/api/v5/') ? 'okx' : path.startsWith('/v5/') ? 'bybit' : null,
    remoteAddress: '127.0.0.1',
  };
}

describe('HttpRouter', () => {
  const router = new HttpRouter(() => 1_700_000_000_000);
  router.route('POST', '/api/v5/trade/order', (r) => ({ status: 200, body: { got: r.json } }));
  router.route('POST', '/v5/order/create', (r) => ({ status: 200, body: { got: r.json } }));
  router.route('GET', '/v5/echo', (r) => ({ status: 200, body: { target: r.target, rawQuery: r.rawQuery } }));

  it('answers an unknown OKX path with HTTP 404 and the OKX envelope', async () => {
    expect(await router.dispatch(request('GET', '/api/v5/nope'))).toMatchObject({
      status: 404,
      body: { code: '404' },
    });
  });

  it('answers an unknown Bybit path with HTTP 404 and retCode 10017', async () => {
    expect(await router.dispatch(request('GET', '/v5/nope'))).toMatchObject({
      status: 404,
      body: { retCode: 10017, retMsg: 'Route not found.' },
    });
  });

  it("answers a body that is not JSON with each exchange's param error", async () => {
    expect(await router.dispatch(request('POST', '/api/v5/trade/order', '{"instId":'))).toMatchObject({
      status: 400,
      body: { code: '50002' },
    });
    expect(await router.dispatch(request('POST', '/v5/order/create', 'not json'))).toMatchObject({
      status: 200,
      body: { retCode: 10001 },
    });
  });

  it('hands the handler the parsed body and the raw request target', async () => {
    expect(await router.dispatch(request('POST', '/v5/order/create', '{"qty":"1"}'))).toMatchObject({
      body: { got: { qty: '1' } },
    });
    expect(await router.dispatch(request('GET', '/v5/echo?b=2&a=1'))).toMatchObject({
      body: { target: '/v5/echo?b=2&a=1', rawQuery: 'b=2&a=1' },
    });
  });

  it('runs middlewares in order and lets one answer early', async () => {
    const order: string[] = [];
    const chained = new HttpRouter(() => 0);
    chained.route('GET', '/v5/x', () => ({ status: 200, body: 'handler' }));
    chained.use(async (_r, next) => {
      order.push('first');
      return next();
    });
    chained.use(async (r, next) => {
      order.push('second');
      return r.query.has('stop') ? { status: 429, body: 'stopped' } : next();
    });
    expect(await chained.dispatch(request('GET', '/v5/x'))).toMatchObject({ status: 200, body: 'handler' });
    expect(await chained.dispatch(request('GET', '/v5/x?stop=1'))).toMatchObject({ status: 429 });
    expect(order).toEqual(['first', 'second', 'first', 'second']);
  });

  it('refuses to register a route twice', () => {
    expect(() => {
      router.route('GET', '/v5/echo', () => ({ status: 200, body: '' }));
    }).toThrow('Route GET /v5/echo is already registered');
  });
});
