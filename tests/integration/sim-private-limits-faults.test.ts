import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import type { SimRequest } from '../../sim/server/http';
import { admin, bybit, bybitAuthArgs, okx, okxLoginArgs, is, type Json, useSim } from './sim-private-client';

const fixture = useSim();
const socket = fixture.socket;
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});

describe('rate limits', () => {
  it('counts Bybit order/create down in the headers and answers 10006 past 10 per second', async () => {
    // 25 calls span at most two 1 s windows, so at most 20 pass and the rest are limited.
    const create = () =>
      bybit(sim, 'POST', '/v5/order/create', {
        category: 'linear',
        symbol: 'BTCUSDT',
        side: 'Sell',
        orderType: 'Market',
        qty: '0.001',
        reduceOnly: true,
      });
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await create());
    const limited = answers.filter((a) => a.json.retCode === 10006);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(answers.every((a) => a.headers.get('x-bapi-limit') === '10')).toBe(true);
    // Each allowed call leaves one less, unless a new window started (back to 9).
    const statuses = answers
      .filter((a) => a.json.retCode !== 10006)
      .map((a) => Number(a.headers.get('x-bapi-limit-status')));
    expect(statuses[0]).toBe(9);
    statuses.slice(1).forEach((status, i) => {
      expect([statuses[i]! - 1, 9]).toContain(status);
    });
    expect(limited.every((a) => a.headers.get('x-bapi-limit-status') === '0')).toBe(true);
    expect(Number(limited[0]?.headers.get('x-bapi-limit-reset-timestamp'))).toBeGreaterThan(
      Date.now() - 1000,
    );
  });

  it('sends the Bybit limit headers on a read endpoint too', async () => {
    const res = await bybit(sim, 'GET', '/v5/position/list?category=linear&symbol=BTCUSDT');
    expect(res.headers.get('x-bapi-limit')).toBe('50');
    expect(res.headers.get('x-bapi-limit-status')).toMatch(/^\d+$/);
  });

  it('answers OKX 50011 with HTTP 429 past 60 trade/cancel-order calls in 2 s', async () => {
    const calls = Array.from({ length: 130 }, () =>
      okx(sim, 'POST', '/api/v5/trade/cancel-order', { instId: 'BTC-USDT-SWAP', ordId: '1' }),
    );
    const answers = await Promise.all(calls);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(10);
    expect(limited[0]?.json.code).toBe('50011');
  });

  it('counts OKX WS order operations against the same budget', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    await ws.next(is('event', 'login'));
    for (let i = 0; i < 130; i++)
      ws.send({ id: `c${String(i)}`, op: 'cancel-order', args: [{ instId: 'BTC-USDT-SWAP', ordId: '1' }] });
    const replies = await Promise.all(
      Array.from({ length: 130 }, (_, i) => ws.next(is('id', `c${String(i)}`))),
    );
    expect(replies.filter((r) => r.code === '50011').length).toBeGreaterThanOrEqual(10);
  });
});

describe('admin faults', () => {
  it('forces 5xx and 429 answers on exchange REST, not on the admin API', async () => {
    await admin(sim, 'faults', { httpStatus: 503 });
    expect((await okx(sim, 'GET', '/api/v5/account/balance')).status).toBe(503);
    expect((await fetch(`${sim.url}/api/v5/public/time`)).status).toBe(503);
    await admin(sim, 'faults', { httpStatus: 429 });
    const limited = await okx(sim, 'GET', '/api/v5/account/balance');
    expect([limited.status, limited.json.code]).toEqual([429, '50011']);
    expect((await bybit(sim, 'GET', '/v5/account/info')).status).toBe(429);
    expect((await admin(sim, 'faults', { httpStatus: null })).status).toBe(200);
    expect((await okx(sim, 'GET', '/api/v5/account/balance')).status).toBe(200);
  });

  it('adds latency to REST answers', async () => {
    await admin(sim, 'faults', { latencyMs: 300 });
    const started = performance.now();
    await okx(sim, 'GET', '/api/v5/account/balance');
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('skews the server clock: a correctly timed request becomes stale', async () => {
    await admin(sim, 'faults', { clockSkewMs: 60_000 });
    expect((await okx(sim, 'GET', '/api/v5/account/balance')).json.code).toBe('50102');
    expect((await bybit(sim, 'GET', '/v5/account/info')).json.retCode).toBe(10002);
    const skewed = await okx(sim, 'GET', '/api/v5/account/balance', undefined, {
      timestamp: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(skewed.json.code).toBe('0');
  });

  it('refuses logins on REST and both private sockets', async () => {
    await admin(sim, 'faults', { refuseLogins: true });
    expect((await okx(sim, 'GET', '/api/v5/account/balance')).json.code).toBe('50111');
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    expect(await ws.next(is('event', 'error'))).toMatchObject({ code: '60005' });
    const by = await socket('/v5/private');
    by.send({ op: 'auth', args: bybitAuthArgs(sim) });
    expect(await by.next(is('op', 'auth'))).toMatchObject({ success: false });
  });

  it('stops answering pings when told to', async () => {
    await admin(sim, 'faults', { silentPings: true });
    const ws = await socket('/ws/v5/private');
    ws.send('ping');
    // Answered in order: a subscribe before login is refused (60011), and no pong came first.
    ws.send({ op: 'subscribe', args: [{ channel: 'account' }] });
    const frames = await ws.upTo(is('event', 'error'));
    expect(frames.map((frame) => frame.text)).not.toContain('pong');
    expect(frames.at(-1)?.json).toMatchObject({ code: '60011' });
  });

  it('drops every socket', async () => {
    const ws = await socket('/ws/v5/private');
    const by = await socket('/v5/private');
    expect((await admin(sim, 'drop-sockets')).json.dropped).toBeGreaterThanOrEqual(2);
    await ws.closed();
    await by.closed();
  });

  it('sends OKX notice 64008 to every OKX socket and to no Bybit socket', async () => {
    const okxSockets = [
      await socket('/ws/v5/private'),
      await socket('/ws/v5/public'),
      await socket('/ws/v5/business'),
    ];
    const bybitSocket = await socket('/v5/public/linear');
    await admin(sim, 'okx-notice');
    for (const ws of okxSockets)
      expect(await ws.next(is('event', 'notice'))).toMatchObject({
        code: '64008',
        connId: expect.any(String) as unknown,
      });
    // The notice went to every socket in one pass before the admin call answered: a ping's pong
    // on the Bybit socket now proves no notice was queued ahead of it.
    bybitSocket.send({ req_id: 'after-notice', op: 'ping' });
    const frames = await bybitSocket.upTo(is('req_id', 'after-notice'));
    expect(frames.filter((frame) => frame.text.includes('64008'))).toEqual([]);
  });

  it('arms one bad OKX book checksum', async () => {
    const res = await admin(sim, 'bad-checksum');
    expect((res.json.faults as Json).badChecksum).toBe(true);
  });

  it('sets a price that tickers and mark follow', async () => {
    const res = await admin(sim, 'price', { exchange: 'bybit', symbol: 'BTCUSDT', price: '50000.00' });
    expect(res.json.price).toBe('50000.00');
    const ticker = await fetch(`${sim.url}/v5/market/tickers?category=linear&symbol=BTCUSDT`);
    const list = ((await ticker.json()) as { result: { list: Json[] } }).result.list;
    expect(Math.abs(Number(list[0]?.lastPrice) - 50_000)).toBeLessThan(50);
    expect((await admin(sim, 'price', { exchange: 'bybit', symbol: 'NOPE', price: '1' })).status).toBe(400);
  });

  it('opens a position directly and switches position mode', async () => {
    await admin(sim, 'position', { exchange: 'okx', symbol: 'ETH-USDT-SWAP', size: -4, avgPx: 3000 });
    const positions = await okx(sim, 'GET', '/api/v5/account/positions');
    expect((positions.json.data as Json[])[0]).toMatchObject({
      instId: 'ETH-USDT-SWAP',
      pos: '-4',
      avgPx: '3000',
    });
    await admin(sim, 'position-mode', { exchange: 'bybit', mode: 'hedge' });
    const rows = await bybit(sim, 'GET', '/v5/position/list?category=linear&symbol=BTCUSDT');
    expect((rows.json.result as { list: Json[] }).list.map((r) => r.positionIdx)).toEqual([1, 2]);
    expect((await admin(sim, 'position-mode', { mode: 'sideways' })).json.error).toContain('"one_way"');
  });

  it('answers loopback callers only', async () => {
    const request: SimRequest = {
      method: 'POST',
      target: '/__sim/reset',
      path: '/__sim/reset',
      rawQuery: '',
      query: new URLSearchParams(),
      headers: {},
      rawBody: Buffer.alloc(0),
      body: '',
      json: undefined,
      exchange: null,
      remoteAddress: '10.1.2.3',
    };
    expect((await sim.ctx.http.dispatch(request)).status).toBe(403);
  });
});
