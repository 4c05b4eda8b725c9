import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../sim/index';
import { admin, bybit, okx, type Json, useSim } from './sim-private-client';

const fixture = useSim();
let sim: RunningSimulator;
beforeAll(() => {
  sim = fixture.sim();
});

const okxData = (json: Json) => json.data as Json[];
const swap = 'BTC-USDT-SWAP';
const okxOrder = (extra: Json) => ({
  instId: swap,
  tdMode: 'cross',
  side: 'buy',
  ordType: 'market',
  sz: '1',
  ...extra,
});
const lastPx = (sim: RunningSimulator, symbol: string, category = 'SWAP') =>
  Number(
    sim.ctx.market.lastPrice(sim.ctx.market.find(symbol.includes('-') ? 'okx' : 'bybit', category, symbol)!),
  );
const okxPositions = async () =>
  okxData((await okx(sim, 'GET', `/api/v5/account/positions?instId=${swap}`)).json);
const cash = async () =>
  Number(
    (okxData((await okx(sim, 'GET', '/api/v5/account/balance')).json)[0]?.details as Json[])[0]?.cashBal,
  );

describe('OKX trading', () => {
  it('fills a market order against the book and opens a position', async () => {
    const placed = await okx(
      sim,
      'POST',
      '/api/v5/trade/order',
      okxOrder({ sz: '2', clOrdId: 'm1', tag: 'perch' }),
    );
    expect(placed.json.code).toBe('0');
    const item = okxData(placed.json)[0]!;
    expect(item).toMatchObject({ sCode: '0', clOrdId: 'm1', tag: 'perch' });
    const query = await okx(sim, 'GET', `/api/v5/trade/order?instId=${swap}&ordId=${String(item.ordId)}`);
    expect(okxData(query.json)[0]).toMatchObject({
      state: 'filled',
      accFillSz: '2',
      side: 'buy',
      posSide: 'net',
    });
    const [position] = await okxPositions();
    expect(position).toMatchObject({ instId: swap, pos: '2', posSide: 'net', mgnMode: 'cross' });
    expect(Number(position?.avgPx)).toBeGreaterThan(0);
    const fills = await okx(sim, 'GET', `/api/v5/trade/fills?instId=${swap}`);
    expect(okxData(fills.json).length).toBeGreaterThan(0);
  });

  // The admin call matches resting orders itself; the market's own move relies on its book events.
  it.each<[string, (price: string) => Promise<unknown>]>([
    ['through the admin API', (price) => admin(sim, 'price', { exchange: 'okx', symbol: swap, price })],
    [
      "by the market's own move",
      (price) => {
        sim.ctx.market.setPrice(sim.ctx.market.find('okx', 'SWAP', swap)!, price);
        return Promise.resolve();
      },
    ],
  ])('rests a limit order, then fills it when the price is set across it %s', async (_how, movePrice) => {
    const below = Math.floor(lastPx(sim, swap) * 0.9);
    const placed = await okx(
      sim,
      'POST',
      '/api/v5/trade/order',
      okxOrder({ ordType: 'limit', px: String(below) }),
    );
    const ordId = String(okxData(placed.json)[0]?.ordId);
    const pending = await okx(sim, 'GET', '/api/v5/trade/orders-pending?instType=SWAP');
    expect(okxData(pending.json).map((o) => o.ordId)).toContain(ordId);
    await movePrice(String(below - 100));
    const query = await okx(sim, 'GET', `/api/v5/trade/order?instId=${swap}&ordId=${ordId}`);
    expect(okxData(query.json)[0]).toMatchObject({ state: 'filled', avgPx: String(below) });
    expect((await okxPositions())[0]?.pos).toBe('1');
  });

  it('amends and cancels a resting order, then refuses a second cancel with 51401', async () => {
    const px = String(Math.floor(lastPx(sim, swap) * 0.8));
    const ordId = String(
      okxData((await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ ordType: 'limit', px }))).json)[0]
        ?.ordId,
    );
    // As OKX's REST pages give an order nothing has filled: avgPx and the fill fields "" (the push says "0").
    const unfilled = { accFillSz: '0', avgPx: '', fillPx: '', fillSz: '0', tradeId: '' };
    const pending = await okx(sim, 'GET', '/api/v5/trade/orders-pending?instType=SWAP');
    expect(okxData(pending.json).find((o) => o.ordId === ordId)).toMatchObject({
      state: 'live',
      ...unfilled,
    });
    const amended = await okx(sim, 'POST', '/api/v5/trade/amend-order', { instId: swap, ordId, newSz: '3' });
    expect(okxData(amended.json)[0]).toMatchObject({ sCode: '0', ordId });
    const cancel = await okx(sim, 'POST', '/api/v5/trade/cancel-order', { instId: swap, ordId });
    expect(okxData(cancel.json)[0]).toMatchObject({ sCode: '0' });
    const again = await okx(sim, 'POST', '/api/v5/trade/cancel-order', { instId: swap, ordId });
    expect(again.json.code).toBe('1');
    expect(okxData(again.json)[0]).toMatchObject({ sCode: '51401' });
    const history = await okx(sim, 'GET', '/api/v5/trade/orders-history?instType=SWAP');
    expect(okxData(history.json).find((o) => o.ordId === ordId)).toMatchObject({
      state: 'canceled',
      sz: '3',
      ...unfilled,
    });
  });

  it('closes the position with close-position and realises the PnL into the balance', async () => {
    await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ sz: '5' }));
    const entry = Number((await okxPositions())[0]?.avgPx);
    await admin(sim, 'price', { exchange: 'okx', symbol: swap, price: String(Math.round(entry * 1.05)) });
    const before = await cash();
    const closed = await okx(sim, 'POST', '/api/v5/trade/close-position', { instId: swap, mgnMode: 'cross' });
    expect(okxData(closed.json)[0]).toMatchObject({ instId: swap, posSide: 'net' });
    expect(await okxPositions()).toEqual([]);
    // Each closing fill realises size × (price − entry) × 0.01 BTC per contract, near the new price.
    const closing = okxData((await okx(sim, 'GET', `/api/v5/trade/fills?instId=${swap}`)).json).filter(
      (f) => f.side === 'sell',
    );
    expect(closing.reduce((sum, f) => sum + Number(f.fillSz), 0)).toBeCloseTo(5, 9);
    for (const fill of closing) {
      expect(Number(fill.fillPx) / entry).toBeCloseTo(1.05, 3);
      expect(Number(fill.fillPnl)).toBeCloseTo(Number(fill.fillSz) * (Number(fill.fillPx) - entry) * 0.01, 6);
    }
    // 5 contracts × 0.01 BTC × 5 % of the entry, less the taker fee (0.05 %) and a few ticks of spread.
    const gain = (await cash()) - before;
    expect(gain).toBeCloseTo(
      closing.reduce((sum, f) => sum + Number(f.fillPnl) + Number(f.fee), 0),
      6,
    );
    expect(gain).toBeGreaterThan(5 * 0.01 * entry * 0.05 * 0.98);
    expect(gain).toBeLessThan(5 * 0.01 * entry * 0.05);
    const again = await okx(sim, 'POST', '/api/v5/trade/close-position', { instId: swap, mgnMode: 'cross' });
    expect(again.json.code).toBe('51023');
  });

  it('keeps long and short apart in long/short mode', async () => {
    expect(
      (await okx(sim, 'POST', '/api/v5/account/set-position-mode', { posMode: 'long_short_mode' })).json.code,
    ).toBe('0');
    const noSide = await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({}));
    expect(okxData(noSide.json)[0]?.sCode).toBe('51000');
    await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ posSide: 'long', sz: '2' }));
    await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ side: 'sell', posSide: 'short', sz: '3' }));
    const positions = await okxPositions();
    expect(positions.map((p) => [p.posSide, p.pos]).sort()).toEqual([
      ['long', '2'],
      ['short', '3'],
    ]);
    await okx(sim, 'POST', '/api/v5/trade/close-position', {
      instId: swap,
      mgnMode: 'cross',
      posSide: 'long',
    });
    expect((await okxPositions()).map((p) => p.posSide)).toEqual(['short']);
  });

  it('refuses a reduce-only order with no position with 51169', async () => {
    const res = await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ side: 'sell', reduceOnly: true }));
    expect(okxData(res.json)[0]?.sCode).toBe('51169');
  });

  it('reports batch results per item with code 2 when some fail', async () => {
    const res = await okx(sim, 'POST', '/api/v5/trade/batch-orders', [
      okxOrder({ clOrdId: 'ok1' }),
      okxOrder({ instId: 'NOPE-USDT-SWAP', clOrdId: 'bad1' }),
      okxOrder({ sz: '0.001', clOrdId: 'bad2' }),
    ]);
    expect(res.json.code).toBe('2');
    expect(okxData(res.json).map((i) => [i.clOrdId, i.sCode])).toEqual([
      ['ok1', '0'],
      ['bad1', '51001'],
      ['bad2', '51000'],
    ]);
  });

  it('honours post_only and ioc order types', async () => {
    const instrument = sim.ctx.market.find('okx', 'SWAP', swap)!;
    const crossing = String(Math.ceil(Number(sim.ctx.market.bestBidAsk(instrument).ask!.price) * 1.001));
    const postOnly = okxData(
      (await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ ordType: 'post_only', px: crossing }))).json,
    )[0]!;
    const query = await okx(sim, 'GET', `/api/v5/trade/order?instId=${swap}&ordId=${String(postOnly.ordId)}`);
    expect(okxData(query.json)[0]).toMatchObject({ ordType: 'post_only', state: 'canceled', accFillSz: '0' });
    const ioc = okxData(
      (await okx(sim, 'POST', '/api/v5/trade/order', okxOrder({ ordType: 'ioc', px: crossing, sz: '1' })))
        .json,
    )[0]!;
    const iocQuery = okxData(
      (await okx(sim, 'GET', `/api/v5/trade/order?instId=${swap}&ordId=${String(ioc.ordId)}`)).json,
    )[0]!;
    expect(iocQuery.ordType).toBe('ioc');
    expect(Number(iocQuery.accFillSz)).toBeGreaterThan(0);
    expect(['filled', 'canceled']).toContain(iocQuery.state);
    expect(okxData((await okx(sim, 'GET', '/api/v5/trade/orders-pending')).json)).toEqual([]);
  });

  it('sets and reports leverage', async () => {
    const set = await okx(sim, 'POST', '/api/v5/account/set-leverage', {
      instId: swap,
      lever: '25',
      mgnMode: 'cross',
    });
    expect(okxData(set.json)[0]).toMatchObject({ lever: '25' });
    const info = await okx(sim, 'GET', `/api/v5/account/leverage-info?instId=${swap}&mgnMode=cross`);
    expect(okxData(info.json)[0]).toMatchObject({ instId: swap, lever: '25', posSide: 'net' });
  });
});

describe('Bybit trading', () => {
  const create = (extra: Json) =>
    bybit(sim, 'POST', '/v5/order/create', {
      category: 'linear',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Market',
      qty: '0.010',
      ...extra,
    });
  const positions = async () =>
    (
      (await bybit(sim, 'GET', '/v5/position/list?category=linear&symbol=BTCUSDT')).json.result as {
        list: Json[];
      }
    ).list;
  const wallet = async () =>
    (
      (await bybit(sim, 'GET', '/v5/account/wallet-balance?accountType=UNIFIED')).json.result as {
        list: Json[];
      }
    ).list[0]!;

  it('opens a position in coin with a market order and closes it with a reduce-only market order', async () => {
    const placed = await create({ orderLinkId: 'b1' });
    expect(placed.json.retCode).toBe(0);
    expect((placed.json.result as Json).orderLinkId).toBe('b1');
    // A small long on a well-funded account could only be liquidated below the lowest price: "".
    expect((await positions())[0]).toMatchObject({
      side: 'Buy',
      size: '0.010',
      positionIdx: 0,
      liqPrice: '',
    });
    const entry = Number((await positions())[0]?.avgPrice);
    await admin(sim, 'price', { exchange: 'bybit', symbol: 'BTCUSDT', price: (entry * 0.97).toFixed(2) });
    expect(Number((await positions())[0]?.unrealisedPnl)).toBeLessThan(0);
    const walletBefore = Number((await wallet()).totalWalletBalance);
    const close = await create({ side: 'Sell', reduceOnly: true });
    expect(close.json.retCode).toBe(0);
    // Flat: Bybit keeps the entry and liquidation price at "0" rather than "".
    expect((await positions())[0]).toMatchObject({ side: '', size: '0.000', avgPrice: '0', liqPrice: '0' });
    expect(Number((await wallet()).totalWalletBalance)).toBeLessThan(walletBefore);
    const executions = await bybit(sim, 'GET', '/v5/execution/list?category=linear&symbol=BTCUSDT');
    expect((executions.json.result as { list: Json[] }).list.some((e) => Number(e.execPnl) < 0)).toBe(true);
  });

  it('closes the whole position with qty 0, reduceOnly and closeOnTrigger', async () => {
    await create({ qty: '0.030' });
    const close = await create({ side: 'Sell', qty: '0', reduceOnly: true, closeOnTrigger: true });
    expect(close.json.retCode).toBe(0);
    expect((await positions())[0]).toMatchObject({ side: '', size: '0.000' });
    expect((await create({ side: 'Sell', qty: '0' })).json.retCode).toBe(10001);
  });

  it('lists USDT contracts under settleCoin USDT and none under USDC', async () => {
    await create({});
    const price = (lastPx(sim, 'BTCUSDT', 'linear') * 0.8).toFixed(1);
    await create({ orderType: 'Limit', price });
    const symbols = async (path: string, settleCoin: string) =>
      (
        (await bybit(sim, 'GET', `${path}?category=linear&settleCoin=${settleCoin}`)).json.result as {
          list: Json[];
        }
      ).list.map((row) => row.symbol);
    expect(await symbols('/v5/position/list', 'USDT')).toEqual(['BTCUSDT']);
    expect(await symbols('/v5/position/list', 'USDC')).toEqual([]);
    expect(await symbols('/v5/order/realtime', 'USDT')).toEqual(['BTCUSDT']);
    expect(await symbols('/v5/order/realtime', 'USDC')).toEqual([]);
  });

  it('refuses reduce-only with no position with 110017', async () => {
    expect((await create({ side: 'Sell', reduceOnly: true })).json.retCode).toBe(110017);
  });

  it('rests a limit order, amends it, and cancels it', async () => {
    const price = (lastPx(sim, 'BTCUSDT', 'linear') * 0.8).toFixed(1);
    const placed = await create({ orderType: 'Limit', price });
    const orderId = String((placed.json.result as Json).orderId);
    const open = await bybit(sim, 'GET', '/v5/order/realtime?category=linear&symbol=BTCUSDT');
    // Nothing filled yet: Bybit sends avgPrice "0", not "".
    expect((open.json.result as { list: Json[] }).list[0]).toMatchObject({
      orderId,
      orderStatus: 'New',
      avgPrice: '0',
    });
    expect(
      (
        await bybit(sim, 'POST', '/v5/order/amend', {
          category: 'linear',
          symbol: 'BTCUSDT',
          orderId,
          qty: '0.020',
        })
      ).json.retCode,
    ).toBe(0);
    expect(
      (await bybit(sim, 'POST', '/v5/order/cancel', { category: 'linear', symbol: 'BTCUSDT', orderId })).json
        .retCode,
    ).toBe(0);
    expect(
      (await bybit(sim, 'POST', '/v5/order/cancel', { category: 'linear', symbol: 'BTCUSDT', orderId })).json
        .retCode,
    ).toBe(110010);
    const history = await bybit(sim, 'GET', `/v5/order/history?category=linear&orderId=${orderId}`);
    expect((history.json.result as { list: Json[] }).list[0]).toMatchObject({
      orderStatus: 'Cancelled',
      qty: '0.020',
    });
  });

  it('trades both sides in hedge mode with positionIdx 1 and 2', async () => {
    expect(
      (
        await bybit(sim, 'POST', '/v5/position/switch-mode', {
          category: 'linear',
          symbol: 'BTCUSDT',
          mode: 3,
        })
      ).json.retCode,
    ).toBe(0);
    expect((await create({})).json.retCode).toBe(10001);
    await create({ positionIdx: 1 });
    await create({ side: 'Sell', positionIdx: 2, qty: '0.020' });
    const rows = (await positions()).map((p) => [p.positionIdx, p.side, p.size]);
    expect(rows).toEqual([
      [1, 'Buy', '0.010'],
      [2, 'Sell', '0.020'],
    ]);
  });

  it('cancels a PostOnly order that would take liquidity, with its reject reason', async () => {
    const instrument = sim.ctx.market.find('bybit', 'linear', 'BTCUSDT')!;
    const price = (Number(sim.ctx.market.bestBidAsk(instrument).ask!.price) * 1.001).toFixed(1);
    const placed = await create({ orderType: 'Limit', price, timeInForce: 'PostOnly' });
    const orderId = String((placed.json.result as Json).orderId);
    const history = await bybit(sim, 'GET', `/v5/order/history?category=linear&orderId=${orderId}`);
    expect((history.json.result as { list: Json[] }).list[0]).toMatchObject({
      orderStatus: 'Cancelled',
      timeInForce: 'PostOnly',
      rejectReason: 'EC_PostOnlyWillTakeLiquidity',
    });
  });

  it('reports batch results in retExtInfo.list', async () => {
    const res = await bybit(sim, 'POST', '/v5/order/create-batch', {
      category: 'linear',
      request: [
        { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.010' },
        { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.0001' },
      ],
    });
    expect(res.json.retCode).toBe(0);
    expect((res.json.retExtInfo as { list: Json[] }).list.map((i) => i.code)).toEqual([0, 10001]);
    expect((res.json.result as { list: Json[] }).list[1]).toMatchObject({ orderId: '' });
  });
});
