import { beforeEach, describe, expect, it } from 'vitest';
import { FakeMarket } from './fake-market.test-helper.js';
import { accountMargin } from './margin.js';
import type { PlaceOrderRequest } from './order-request.js';
import { SimAccount } from './sim-account.js';
import { TradingEngine } from './trading-engine.js';
import type { AccountChange } from './types.js';

const symbol = 'BTC-USDT-SWAP';
const order = (overrides: Partial<PlaceOrderRequest>): PlaceOrderRequest => ({
  symbol,
  side: 'buy',
  type: 'market',
  size: '1',
  reduceOnly: false,
  marginMode: 'cross',
  clientId: '',
  ...overrides,
});

describe('TradingEngine', () => {
  let market: FakeMarket;
  let account: SimAccount;
  let engine: TradingEngine;
  let changes: AccountChange[];

  beforeEach(() => {
    market = new FakeMarket();
    account = new SimAccount('okx', '1001');
    engine = new TradingEngine(account, market, () => 1_700_000_000_000);
    changes = [];
    account.onChange((c) => changes.push(c));
  });

  const place = (overrides: Partial<PlaceOrderRequest>) => {
    const result = engine.place(order(overrides));
    if (!result.ok) throw new Error(`refused: ${result.failure.reason}`);
    return result.value;
  };
  const net = () => account.findPosition(symbol, 'net');

  it('fills a market order across book levels at the size-weighted price and opens a position', () => {
    const filled = place({ size: '8' });
    expect(filled.state).toBe('filled');
    expect(filled.avgFillPx).toBeCloseTo((5 * 50_000.5 + 3 * 50_001.5) / 8, 6);
    expect(net()?.size).toBe(8);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.fills).toHaveLength(2);
  });

  it('charges the taker fee in the cash balance', () => {
    place({ size: '1' });
    expect(account.cash).toBeCloseTo(100_000 - 50_000.5 * 0.01 * 0.0005, 6);
  });

  it('rests a limit order below the market and fills it as maker when the price falls through', () => {
    const resting = place({ type: 'limit', price: '49000', size: '2' });
    expect(resting.state).toBe('live');
    market.setMid(48_990);
    engine.matchResting();
    expect(resting.state).toBe('filled');
    expect(resting.avgFillPx).toBe(49_000);
    expect(net()?.size).toBe(2);
  });

  it('fills the marketable part of a limit order and rests the remainder', () => {
    const partly = place({ type: 'limit', price: '50000.5', size: '7' });
    expect(partly.state).toBe('partially_filled');
    expect(partly.filled).toBe(5);
  });

  it('cancels a post_only order that would take, and rests one that would not', () => {
    expect(place({ type: 'limit', price: '50001', timeInForce: 'post_only' })).toMatchObject({
      state: 'canceled',
      filled: 0,
    });
    expect(place({ type: 'limit', price: '49000', timeInForce: 'post_only' })).toMatchObject({
      state: 'live',
    });
  });

  it('fills an ioc order as far as it can and drops the rest', () => {
    expect(place({ type: 'limit', price: '50000.5', size: '7', timeInForce: 'ioc' })).toMatchObject({
      state: 'canceled',
      filled: 5,
    });
  });

  it('fills a fok order whole or not at all', () => {
    expect(place({ type: 'limit', price: '50000.5', size: '7', timeInForce: 'fok' })).toMatchObject({
      state: 'canceled',
      filled: 0,
    });
    expect(place({ type: 'limit', price: '50001.5', size: '7', timeInForce: 'fok' })).toMatchObject({
      state: 'filled',
      filled: 7,
    });
  });

  it('realises PnL into the balance when a position is closed', () => {
    place({ size: '10' });
    market.setMid(51_000);
    const before = account.cash;
    const closed = engine.closePosition(symbol, undefined);
    expect(closed.ok).toBe(true);
    expect(net()?.size).toBe(0);
    expect(account.cash - before).toBeGreaterThan(9);
  });

  it('flips a long into a short with one larger sell', () => {
    place({ size: '2' });
    place({ side: 'sell', size: '5' });
    expect(net()?.size).toBe(-3);
    expect(net()?.avgPx).toBe(49_999.5);
  });

  it('clamps a reduce-only order to the position and refuses one with no position', () => {
    expect(engine.place(order({ side: 'sell', reduceOnly: true }))).toMatchObject({
      ok: false,
      failure: { reason: 'reduceOnlyNoPosition' },
    });
    place({ size: '2' });
    const reduce = place({ side: 'sell', size: '5', reduceOnly: true });
    expect(reduce.size).toBe(2);
    expect(net()?.size).toBe(0);
  });

  it('keeps long and short apart in hedge mode and requires a position side', () => {
    account.positionMode = 'hedge';
    expect(engine.place(order({}))).toMatchObject({ ok: false, failure: { reason: 'positionModeMismatch' } });
    place({ posSide: 'long', size: '2' });
    place({ side: 'sell', posSide: 'short', size: '3' });
    expect(account.findPosition(symbol, 'long')?.size).toBe(2);
    expect(account.findPosition(symbol, 'short')?.size).toBe(-3);
    place({ side: 'sell', posSide: 'long', size: '9' });
    expect(account.findPosition(symbol, 'long')?.size).toBe(0);
  });

  it('refuses trading with a read-only key', () => {
    account.permission = 'read_only';
    expect(engine.place(order({}))).toMatchObject({ ok: false, failure: { reason: 'permissionDenied' } });
  });

  it('refuses an order the balance cannot margin', () => {
    expect(engine.place(order({ size: '100000', type: 'limit', price: '50000' }))).toMatchObject({
      ok: false,
      failure: { reason: 'insufficientBalance' },
    });
  });

  it('caps opening market orders at the instrument maximum', () => {
    expect(engine.place(order({ size: '12000.01' }))).toMatchObject({
      ok: false,
      failure: { reason: 'sizeTooLarge', detail: 'market' },
    });
  });

  it('rejects sizes off the lot grid and unknown instruments', () => {
    expect(engine.place(order({ size: '0.015' }))).toMatchObject({
      ok: false,
      failure: { reason: 'paramError', detail: 'sz' },
    });
    expect(engine.place(order({ symbol: 'DOGE-USDT-SWAP' }))).toMatchObject({
      ok: false,
      failure: { reason: 'instrumentNotFound' },
    });
  });

  it('amends a resting order and cancels it, then reports it as cancelled', () => {
    const resting = place({ type: 'limit', price: '49000', size: '2' });
    expect(engine.amend({ symbol, orderId: resting.id, newPrice: '49500', newSize: '3' })).toMatchObject({
      ok: true,
    });
    expect(resting.price).toBe(49_500);
    expect(resting.size).toBe(3);
    expect(engine.cancel({ symbol, orderId: resting.id })).toMatchObject({ ok: true });
    expect(engine.cancel({ symbol, orderId: resting.id })).toMatchObject({
      ok: false,
      failure: { reason: 'orderCanceled' },
    });
    expect(engine.cancel({ symbol, orderId: 'nope' })).toMatchObject({
      ok: false,
      failure: { reason: 'orderNotFound' },
    });
  });

  it('announces a balance change whenever a resting order locks or releases margin, and only then', () => {
    const resting = place({ type: 'limit', price: '49000', size: '2' });
    engine.amend({ symbol, orderId: resting.id, newSize: '3' });
    engine.cancel({ symbol, orderId: resting.id });
    // A post_only order that would take is cancelled at once; a reduce-only order holds no margin.
    place({ type: 'limit', price: '50001', timeInForce: 'post_only' });
    place({ size: '5' });
    place({ type: 'limit', side: 'sell', price: '52000', size: '5', reduceOnly: true });
    expect(changes.map((change) => change.balanceChanged)).toEqual([true, true, true, false, true, false]);
  });

  it('reports unrealised PnL from the mark price in equity', () => {
    place({ size: '10' });
    market.mark = 52_000;
    const margin = accountMargin(account, market);
    // 10 contracts walk two levels: 5 @ 50000.5 and 5 @ 50001.5, entry 50001.
    expect(margin.upl).toBeCloseTo((52_000 - 50_001) * 10 * 0.01, 6);
    expect(margin.equity).toBeCloseTo(account.cash + margin.upl, 6);
  });
});
