import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import type { SimRequest } from '../../sim/server/http';
import {
  admin,
  bybit,
  bybitAuthArgs,
  okx,
  okxLoginArgs,
  is,
  type HttpAnswer,
  type Json,
  useSim,
} from './sim-private-client';

const time = createSimFakeTime();
const fixture = useSim(time);
const socket = fixture.socket;
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});

/** An account's open positions as the admin API (never delayed by a fault) shows them. */
async function positionsOf(exchange: 'okx' | 'bybit'): Promise<unknown[]> {
  const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as {
    accounts: Record<'okx' | 'bybit', { positions: unknown[] }>;
  };
  return state.accounts[exchange].positions;
}

/** `count` calls, one after another, so the limiter counts them in the order they were made. */
async function inTurn(count: number, call: () => Promise<HttpAnswer>): Promise<HttpAnswer[]> {
  const answers: HttpAnswer[] = [];
  for (let i = 0; i < count; i++) answers.push(await call());
  return answers;
}

describe('rate limits', () => {
  // The simulator aligns windows to whole multiples of their length; each test starts a fresh
  // 2 s window, which is a fresh 1 s window too.
  beforeEach(() => {
    time.advance(2000 - (fixture.now() % 2000));
  });
  const createOrder = () =>
    bybit(sim, 'POST', '/v5/order/create', {
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Market',
      qty: '0.001',
      reduceOnly: true,
    });
  const limitHeaders = (answer: HttpAnswer) => ({
    limit: answer.headers.get('x-bapi-limit'),
    status: answer.headers.get('x-bapi-limit-status'),
    reset: answer.headers.get('x-bapi-limit-reset-timestamp'),
  });

  it('counts Bybit order/create down in the headers and answers 10006 past 10 in one second', async () => {
    const windowStart = fixture.now();
    const windowEnd = String(windowStart + 1000);
    const allowed = await inTurn(10, createOrder);
    expect(allowed.filter((answer) => answer.json.retCode === 10006)).toEqual([]);
    // Under the limit Bybit sends the current time as the reset timestamp (docs/protocol.md "Bybit rate limits").
    expect(allowed.map(limitHeaders)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({
        limit: '10',
        status: String(9 - i),
        reset: String(windowStart),
      })),
    );
    const limited = await createOrder();
    expect(limited.json.retCode).toBe(10006);
    expect(limitHeaders(limited)).toEqual({ limit: '10', status: '0', reset: windowEnd });
    time.advance(999);
    expect(limitHeaders(await createOrder())).toEqual({ limit: '10', status: '0', reset: windowEnd });
    time.advance(1);
    const nextWindow = await createOrder();
    expect(nextWindow.json.retCode).not.toBe(10006);
    expect(limitHeaders(nextWindow)).toEqual({ limit: '10', status: '9', reset: windowEnd });
  });

  it('sends the Bybit limit headers on a read endpoint too', async () => {
    const res = await bybit(sim, 'GET', '/v5/position/list?category=linear&symbol=BTCUSDT');
    expect(res.headers.get('x-bapi-limit')).toBe('50');
    expect(res.headers.get('x-bapi-limit-status')).toBe('49');
  });

  it('answers OKX 50011 with HTTP 429 past 60 trade/cancel-order calls in 2 s', async () => {
    const cancel = () =>
      okx(sim, 'POST', '/api/v5/trade/cancel-order', { instId: 'BTC-USDT-SWAP', ordId: '1' });
    const answers = await inTurn(61, cancel);
    expect(answers.slice(0, 60).filter((answer) => answer.status === 429)).toEqual([]);
    expect([answers[60]?.status, answers[60]?.json.code]).toEqual([429, '50011']);
    time.advance(1999);
    expect((await cancel()).status).toBe(429);
    time.advance(1);
    expect((await cancel()).status).not.toBe(429);
  });

  it('counts OKX WS order operations against the same budget', async () => {
    // 20 REST calls leave 40 of the 60 in this 2 s window for the socket.
    await inTurn(20, () =>
      okx(sim, 'POST', '/api/v5/trade/cancel-order', { instId: 'BTC-USDT-SWAP', ordId: '1' }),
    );
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    await ws.next(is('event', 'login'));
    for (let i = 0; i < 50; i++)
      ws.send({ id: `c${String(i)}`, op: 'cancel-order', args: [{ instId: 'BTC-USDT-SWAP', ordId: '1' }] });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ws.next(is('id', `c${String(i)}`))),
    );
    const limited = replies.flatMap((reply, i) => (reply.code === '50011' ? [i] : []));
    expect(limited).toEqual(Array.from({ length: 10 }, (_, i) => 40 + i));
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

  it('adds latency to REST answers: held until 300 ms have passed, not one less', async () => {
    await admin(sim, 'faults', { latencyMs: 300 });
    const held = time.scheduled(300);
    let answered = false;
    const balance = okx(sim, 'GET', '/api/v5/account/balance').then((answer) => {
      answered = true;
      return answer;
    });
    await held;
    time.advance(299);
    // The admin API is never delayed: its answer proves the server had its turn and still held the call.
    await admin(sim, 'faults', {});
    expect(answered).toBe(false);
    time.advance(1);
    expect((await balance).json.code).toBe('0');
  });

  it.each([
    {
      exchange: 'okx',
      path: '/ws/v5/private',
      login: () => ({ op: 'login', args: okxLoginArgs(sim) }),
      order: () => ({
        id: 'o1',
        op: 'order',
        args: [{ instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' }],
      }),
      reply: is('id', 'o1'),
      accepted: { code: '0' },
    },
    {
      exchange: 'bybit',
      path: '/v5/trade',
      login: () => ({ op: 'auth', args: bybitAuthArgs(sim) }),
      order: () => ({
        reqId: 'o1',
        header: { 'X-BAPI-TIMESTAMP': String(fixture.now()) },
        op: 'order.create',
        args: [{ category: 'linear', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.001' }],
      }),
      reply: is('reqId', 'o1'),
      accepted: { retCode: 0 },
    },
  ] as const)(
    'holds $exchange trade-socket orders for tradeLatencyMs: not carried out one ms sooner, then filled and answered',
    async ({ exchange, path, login, order, reply, accepted }) => {
      const trade = await socket(path);
      trade.send(login());
      await trade.next((message) => message.event === 'login' || message.op === 'auth');
      // Longer than Bybit's 5 s receive window: the order was stamped when it arrived, not when carried out.
      await admin(sim, 'faults', { tradeLatencyMs: 6_000 });
      const held = time.scheduled(6_000);
      trade.send(order());
      await held;
      time.advance(5_999);
      // The admin API is never delayed: the account it shows is the one the held order has not touched.
      expect(await positionsOf(exchange)).toEqual([]);
      time.advance(1);
      expect(await trade.next(reply)).toMatchObject(accepted);
      expect(await positionsOf(exchange)).toHaveLength(1);
    },
  );

  it('lets everything held go at once when told: a held trade-socket order and a held REST POST are carried out and answered, in order', async () => {
    const trade = await socket('/ws/v5/private');
    trade.send({ op: 'login', args: okxLoginArgs(sim) });
    await trade.next(is('event', 'login'));
    await admin(sim, 'faults', { tradeLatencyMs: 60_000, postLatencyMs: 60_000 });
    const orderHeld = time.scheduled(60_000);
    trade.send({
      id: 'o1',
      op: 'order',
      args: [{ instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'market', sz: '1' }],
    });
    await orderHeld;
    const postHeld = time.scheduled(60_000);
    const closing = okx(sim, 'POST', '/api/v5/trade/close-position', {
      instId: 'BTC-USDT-SWAP',
      mgnMode: 'cross',
    });
    await postHeld;
    expect(await positionsOf('okx')).toEqual([]);

    // The fake time never moves: only the release carries them out.
    expect((await admin(sim, 'release-held')).json).toEqual({ released: 2 });
    expect(await trade.next(is('id', 'o1'))).toMatchObject({ code: '0' });
    expect((await closing).json.code).toBe('0');
    expect(await positionsOf('okx')).toEqual([]);
    expect((await admin(sim, 'release-held')).json).toEqual({ released: 0 });
  });

  it('skews the server clock: a correctly timed request becomes stale', async () => {
    await admin(sim, 'faults', { clockSkewMs: 60_000 });
    expect((await okx(sim, 'GET', '/api/v5/account/balance')).json.code).toBe('50102');
    expect((await bybit(sim, 'GET', '/v5/account/info')).json.retCode).toBe(10002);
    // A client that follows the server's skewed time is accepted again.
    const skewed = await okx(sim, 'GET', '/api/v5/account/balance', undefined, {
      timestamp: new Date(sim.ctx.now()).toISOString(),
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

  it("drops one path's sockets, or one exchange's, and leaves the others answering", async () => {
    const okxPublic = await socket('/ws/v5/public');
    const okxPrivate = await socket('/ws/v5/private');
    const bybitPublic = await socket('/v5/public/linear');
    const bybitPrivate = await socket('/v5/private');
    const okxPong = (_: Json, text: string) => text === 'pong';
    const bybitPong = is('ret_msg', 'pong');

    const onOkxPublic = sim.ctx.sockets.sessions('/ws/v5/public').length;
    const pathDrop = await admin(sim, 'drop-sockets', { path: '/ws/v5/public' });
    expect(pathDrop.json).toEqual({ dropped: onOkxPublic });
    expect(await okxPublic.closed()).toBe(1006);
    okxPrivate.send('ping');
    await okxPrivate.next(okxPong);
    bybitPublic.send({ op: 'ping' });
    await bybitPublic.next(bybitPong);

    const onBybit = sim.ctx.sockets.sessions().filter((session) => session.exchange === 'bybit').length;
    expect((await admin(sim, 'drop-sockets', { exchange: 'bybit' })).json).toEqual({ dropped: onBybit });
    expect(await bybitPublic.closed()).toBe(1006);
    expect(await bybitPrivate.closed()).toBe(1006);
    okxPrivate.send('ping');
    await okxPrivate.next(okxPong);
  });

  it('refuses a drop of an unknown exchange or socket path, naming the valid ones', async () => {
    const okxPrivate = await socket('/ws/v5/private');
    const unknownPath = await admin(sim, 'drop-sockets', { path: '/ws/v5/nowhere' });
    expect(unknownPath.status).toBe(400);
    expect(unknownPath.json.error).toMatch(/^"path" must be one of "\/ws\/v5\/public", .*"\/v5\/trade"$/);
    const unknownExchange = await admin(sim, 'drop-sockets', { exchange: 'binance' });
    expect(unknownExchange).toMatchObject({
      status: 400,
      json: { error: '"exchange" must be one of "okx", "bybit"' },
    });
    okxPrivate.send('ping');
    await okxPrivate.next((_, text) => text === 'pong');
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
    // No market tick runs on fake time until a test advances it, so the price is exactly the one set.
    expect(list[0]?.lastPrice).toBe('50000.00');
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
      receivedAt: undefined,
      exchange: null,
      remoteAddress: '10.1.2.3',
    };
    expect((await sim.ctx.http.dispatch(request)).status).toBe(403);
  });
});
