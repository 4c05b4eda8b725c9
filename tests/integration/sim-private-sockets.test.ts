import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import { createSimFakeTime } from '../../sim/server/fake-time.test-helper';
import { bybit, bybitAuthArgs, okx, okxLoginArgs, is, type Json, useSim } from './sim-private-client';

const time = createSimFakeTime();
const simStart = time.clock.now();
const fixture = useSim(time);
const socket = fixture.socket;
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});
const channel = (name: string) => (json: Json) =>
  (json.arg as Json | undefined)?.channel === name && Array.isArray(json.data);

describe('OKX /ws/v5/private', () => {
  it.each([
    ['an unknown key', { apiKey: 'nobody' }, '60005'],
    ['a wrong passphrase', { passphrase: 'wrong' }, '60024'],
    ['a wrong signature', { secret: 'wrong' }, '60007'],
  ])('refuses a login with %s with code %s', async (_name, overrides, code) => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim, overrides) });
    expect(await ws.next(is('event', 'error'))).toMatchObject({ code });
  });

  it('refuses a login timestamped more than 30 s either side of server time with 60006', async () => {
    const seconds = Math.floor(fixture.now() / 1000);
    for (const offset of [-31, 31]) {
      const ws = await socket('/ws/v5/private');
      ws.send({ op: 'login', args: okxLoginArgs(sim, { seconds: seconds + offset }) });
      expect(await ws.next(is('event', 'error'))).toMatchObject({ code: '60006' });
    }
  });

  it('rejects a subscribe before login with 60011', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SWAP' }] });
    expect(await ws.next(is('event', 'error'))).toMatchObject({ code: '60011' });
  });

  it('refuses unknown channels and orders without instType with 60018', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    await ws.next(is('event', 'login'));
    ws.send({ op: 'subscribe', args: [{ channel: 'orders' }, { channel: 'tickers', instId: 'BTC-USDT' }] });
    expect(await ws.next(is('event', 'error'))).toMatchObject({ code: '60018' });
    expect(await ws.next(is('event', 'error'))).toMatchObject({ code: '60018' });
  });

  it('logs in, subscribes, and pushes orders, positions, account and balance_and_position after an order', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    expect(await ws.next(is('event', 'login'))).toMatchObject({ code: '0' });
    ws.send({
      id: 's1',
      op: 'subscribe',
      args: [
        { channel: 'orders', instType: 'SWAP' },
        { channel: 'positions', instType: 'ANY' },
        { channel: 'account' },
        { channel: 'balance_and_position' },
      ],
    });
    expect(await ws.next(is('event', 'subscribe'))).toMatchObject({
      id: 's1',
      arg: { channel: 'orders', instType: 'SWAP' },
    });
    await ws.next(channel('account'));
    await ws.next(channel('positions'));
    await ws.next(channel('balance_and_position'));
    await okx(sim, 'POST', '/api/v5/trade/order', {
      instId: 'BTC-USDT-SWAP',
      tdMode: 'cross',
      side: 'buy',
      ordType: 'market',
      sz: '1',
    });
    const order = await ws.next(channel('orders'));
    expect((order.data as Json[]).at(-1)).toMatchObject({
      instId: 'BTC-USDT-SWAP',
      state: 'filled',
      execType: 'T',
    });
    expect((order.arg as Json).uid).toBeTypeOf('string');
    const position = await ws.next(channel('positions'));
    expect((position.data as Json[])[0]).toMatchObject({ pos: '1', posSide: 'net' });
    const account = await ws.next(channel('account'));
    expect(Number(((account.data as Json[])[0]?.details as Json[])[0]?.cashBal)).toBeLessThan(100_000);
    const both = await ws.next(channel('balance_and_position'));
    expect((both.data as Json[])[0]).toMatchObject({ eventType: 'filled' });
  });

  it('pushes an order once per fill while a market order walks the book', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    await ws.next(is('event', 'login'));
    ws.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SWAP', instFamily: 'ETH-USDT' }] });
    await ws.next(is('event', 'subscribe'));
    // 1500 contracts = 150 ETH: more than any one level holds (at most 60 ETH).
    await okx(sim, 'POST', '/api/v5/trade/order', {
      instId: 'ETH-USDT-SWAP',
      tdMode: 'cross',
      side: 'sell',
      ordType: 'market',
      sz: '1500',
    });
    const items = (await ws.next(channel('orders'))).data as Json[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const accumulated = items.map((i) => Number(i.accFillSz));
    expect(accumulated).toEqual([...accumulated].sort((a, b) => a - b));
    expect(items.every((i) => Number(i.fillSz) > 0 && i.tradeId !== '')).toBe(true);
    expect(items.at(-1)).toMatchObject({ state: 'filled', accFillSz: '1500' });
  });

  it('places and cancels through WS order operations with id echo, sCode and inTime/outTime', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    await ws.next(is('event', 'login'));
    ws.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SWAP', instId: 'BTC-USDT-SWAP' }] });
    await ws.next(is('event', 'subscribe'));
    const px = String(
      Math.floor(
        Number(sim.ctx.market.lastPrice(sim.ctx.market.find('okx', 'SWAP', 'BTC-USDT-SWAP')!)) * 0.8,
      ),
    );
    ws.send({
      id: 'o1',
      op: 'order',
      args: [{ instId: 'BTC-USDT-SWAP', tdMode: 'cross', side: 'buy', ordType: 'limit', px, sz: '1' }],
    });
    const placed = await ws.next(is('id', 'o1'));
    expect(placed).toMatchObject({ op: 'order', code: '0' });
    expect(placed.inTime).toMatch(/^\d{16}$/);
    const ordId = String((placed.data as Json[])[0]?.ordId);
    // The orders push of an order nothing has filled, as OKX sends it: avgPx "0" beside empty fill fields.
    const unfilled = { ordId, accFillSz: '0', avgPx: '0', fillPx: '', fillSz: '0', tradeId: '' };
    expect(await ws.next(channel('orders'))).toMatchObject({ data: [{ state: 'live', ...unfilled }] });
    ws.send({ id: 'c1', op: 'cancel-order', args: [{ instId: 'BTC-USDT-SWAP', ordId }] });
    expect(await ws.next(is('id', 'c1'))).toMatchObject({ code: '0', data: [{ ordId, sCode: '0' }] });
    expect(await ws.next(channel('orders'))).toMatchObject({ data: [{ state: 'canceled', ...unfilled }] });
    ws.send({ id: 'c2', op: 'batch-cancel-orders', args: [{ instId: 'BTC-USDT-SWAP', ordId }] });
    expect(await ws.next(is('id', 'c2'))).toMatchObject({ code: '1', data: [{ sCode: '51401' }] });
  });

  it('pushes positions again at a regular interval so unrealised PnL follows the mark', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send({ op: 'login', args: okxLoginArgs(sim) });
    await ws.next(is('event', 'login'));
    await okx(sim, 'POST', '/api/v5/trade/order', {
      instId: 'BTC-USDT-SWAP',
      tdMode: 'cross',
      side: 'buy',
      ordType: 'market',
      sz: '1',
    });
    ws.send({ op: 'subscribe', args: [{ channel: 'positions', instType: 'SWAP' }] });
    await ws.next(channel('positions'));
    // Regular pushes fall every 5 s of server time counted from the simulator's start.
    const sinceLast = (fixture.now() - simStart) % 5000;
    time.advance(5000 - sinceLast - 1);
    // A pong answered after that proves no regular push came 1 ms early.
    ws.send('ping');
    const early = await ws.upTo((_json, text) => text === 'pong');
    expect(early.filter((frame) => channel('positions')(frame.json))).toEqual([]);
    time.advance(1);
    const regular = await ws.next(channel('positions'));
    expect((regular.data as Json[])[0]).toMatchObject({ pos: '1' });
  });

  it('answers the text ping with pong', async () => {
    const ws = await socket('/ws/v5/private');
    ws.send('ping');
    await ws.next((_json, text) => text === 'pong');
  });
});

describe('Bybit /v5/private', () => {
  it('refuses a subscribe before auth and an auth with a bad signature or past expiry', async () => {
    const ws = await socket('/v5/private');
    ws.send({ op: 'subscribe', args: ['order'] });
    expect(await ws.next(is('op', 'subscribe'))).toMatchObject({ success: false });
    ws.send({ op: 'auth', args: bybitAuthArgs(sim, { secret: 'wrong' }) });
    expect(await ws.next(is('op', 'auth'))).toMatchObject({ success: false });
    // An expiry of exactly now has already passed.
    ws.send({ op: 'auth', args: bybitAuthArgs(sim, { expires: fixture.now() }) });
    expect(await ws.next(is('op', 'auth'))).toMatchObject({ success: false, ret_msg: 'Params Error' });
  });

  it('refuses an all-in-one topic together with its categorised variant', async () => {
    const ws = await socket('/v5/private');
    ws.send({ op: 'auth', args: bybitAuthArgs(sim) });
    await ws.next(is('op', 'auth'));
    ws.send({ op: 'subscribe', args: ['order', 'order.linear'] });
    expect(await ws.next(is('op', 'subscribe'))).toMatchObject({ success: false });
  });

  it('pushes order, execution, position and wallet after an order', async () => {
    const ws = await socket('/v5/private');
    ws.send({ req_id: 'a1', op: 'auth', args: bybitAuthArgs(sim) });
    expect(await ws.next(is('op', 'auth'))).toMatchObject({ success: true, req_id: 'a1' });
    ws.send({ op: 'subscribe', args: ['order', 'execution.linear', 'position', 'wallet'] });
    expect(await ws.next(is('op', 'subscribe'))).toMatchObject({ success: true });
    const trade = await socket('/v5/trade');
    trade.send({ op: 'auth', args: bybitAuthArgs(sim) });
    expect(await trade.next(is('op', 'auth'))).toMatchObject({ retCode: 0 });
    trade.send({
      reqId: 'r1',
      header: { 'X-BAPI-TIMESTAMP': String(fixture.now()), 'X-BAPI-RECV-WINDOW': '5000' },
      op: 'order.create',
      args: [{ category: 'linear', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.001' }],
    });
    const ack = await trade.next(is('reqId', 'r1'));
    expect(ack).toMatchObject({
      retCode: 0,
      op: 'order.create',
      header: { 'X-Bapi-Limit': '10', 'X-Bapi-Limit-Status': '9' },
    });
    const order = await ws.next(is('topic', 'order'));
    expect((order.data as Json[]).at(-1)).toMatchObject({
      orderStatus: 'Filled',
      category: 'linear',
      symbol: 'BTCUSDT',
    });
    expect(order.creationTime).toBeTypeOf('number');
    await ws.next(is('topic', 'execution.linear'));
    const position = await ws.next(is('topic', 'position'));
    expect((position.data as Json[])[0]).toMatchObject({ side: 'Buy', size: '0.001' });
    expect((position.data as Json[])[0]?.entryPrice).toBeDefined();
    await ws.next(is('topic', 'wallet'));
  });

  it('pushes an order once per fill with cumulative quantities', async () => {
    const ws = await socket('/v5/private');
    ws.send({ op: 'auth', args: bybitAuthArgs(sim) });
    await ws.next(is('op', 'auth'));
    ws.send({ op: 'subscribe', args: ['order.linear'] });
    await ws.next(is('op', 'subscribe'));
    // 150 ETH: more than any one level holds (at most 60 ETH).
    await bybit(sim, 'POST', '/v5/order/create', {
      category: 'linear',
      symbol: 'ETHUSDT',
      side: 'Buy',
      orderType: 'Market',
      qty: '150',
    });
    const items = (await ws.next(is('topic', 'order.linear'))).data as Json[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    const cumulative = items.map((i) => Number(i.cumExecQty));
    expect(cumulative).toEqual([...cumulative].sort((a, b) => a - b));
    expect(items.at(-1)).toMatchObject({ orderStatus: 'Filled', cumExecQty: '150.00', leavesQty: '0.00' });
    expect(items[0]).toMatchObject({ orderStatus: 'PartiallyFilled' });
  });

  it('amends and cancels on the trade stream, batch results in retExtInfo', async () => {
    const trade = await socket('/v5/trade');
    trade.send({ op: 'auth', args: bybitAuthArgs(sim) });
    await trade.next(is('op', 'auth'));
    const header = () => ({ 'X-BAPI-TIMESTAMP': String(fixture.now()) });
    const price = (
      Number(sim.ctx.market.lastPrice(sim.ctx.market.find('bybit', 'linear', 'BTCUSDT')!)) * 0.8
    ).toFixed(1);
    trade.send({
      reqId: 'p',
      header: header(),
      op: 'order.create',
      args: [{ category: 'linear', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.001', price }],
    });
    const orderId = String(((await trade.next(is('reqId', 'p'))).data as Json).orderId);
    trade.send({
      reqId: 'a',
      header: header(),
      op: 'order.amend',
      args: [{ category: 'linear', symbol: 'BTCUSDT', orderId, qty: '0.002' }],
    });
    expect(await trade.next(is('reqId', 'a'))).toMatchObject({ retCode: 0 });
    trade.send({
      reqId: 'b',
      header: header(),
      op: 'order.cancel-batch',
      args: [
        {
          category: 'linear',
          request: [
            { symbol: 'BTCUSDT', orderId },
            { symbol: 'BTCUSDT', orderId: 'missing' },
          ],
        },
      ],
    });
    const batch = await trade.next(is('reqId', 'b'));
    expect((batch.retExtInfo as { list: Json[] }).list.map((i) => i.code)).toEqual([0, 110001]);
    trade.send({
      reqId: 'b',
      header: header(),
      op: 'order.cancel',
      args: [{ category: 'linear', symbol: 'BTCUSDT', orderId }],
    });
    expect(await trade.next(is('reqId', 'b'))).toMatchObject({ retCode: 20006 });
  });

  it('refuses trade ops before auth and pongs in each stream shape', async () => {
    const trade = await socket('/v5/trade');
    trade.send({
      reqId: 'x',
      header: { 'X-BAPI-TIMESTAMP': String(fixture.now()) },
      op: 'order.create',
      args: [{}],
    });
    expect((await trade.next(is('reqId', 'x'))).retCode).not.toBe(0);
    trade.send({ op: 'ping' });
    expect(await trade.next(is('op', 'pong'))).toMatchObject({ retCode: 0 });
    const priv = await socket('/v5/private');
    priv.send({ req_id: 'p1', op: 'ping' });
    expect(await priv.next(is('op', 'pong'))).toMatchObject({ req_id: 'p1' });
  });
});
