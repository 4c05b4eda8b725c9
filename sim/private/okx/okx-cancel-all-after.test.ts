import { beforeEach, describe, expect, it } from 'vitest';
import { CancelAllAfter } from '../../accounts/cancel-all-after.js';
import { FakeMarket } from '../../accounts/fake-market.test-helper.js';
import { SimAccount } from '../../accounts/sim-account.js';
import { TradingEngine } from '../../accounts/trading-engine.js';
import type { AccountChange } from '../../accounts/types.js';
import { createSimFakeTime, type SimFakeTime } from '../../server/fake-time.test-helper.js';
import { okxCancelAllAfter } from './okx-cancel-all-after.js';

const T0 = Date.UTC(2026, 0, 5);

describe('OKX cancel all after on simulator time', () => {
  let time: SimFakeTime;
  let engine: TradingEngine;
  let deadMan: CancelAllAfter;
  let changes: AccountChange[];

  beforeEach(() => {
    time = createSimFakeTime(T0);
    engine = new TradingEngine(new SimAccount('okx', '1001'), new FakeMarket(), () => time.clock.now());
    deadMan = new CancelAllAfter(engine, time.timers, () => time.clock.now());
    changes = [];
    engine.account.onChange((change) => changes.push(change));
  });

  const send = (body: unknown) => okxCancelAllAfter(engine, deadMan, body, time.clock.now());
  /** A buy far under the market (mid 50,000): it rests until cancelled. */
  const rest = (clientId: string) => {
    const placed = engine.place({
      symbol: 'BTC-USDT-SWAP',
      side: 'buy',
      type: 'limit',
      price: '40000',
      size: '1',
      reduceOnly: false,
      marginMode: 'cross',
      clientId,
    });
    if (!placed.ok) throw new Error(placed.failure.reason);
    return placed.value;
  };
  /** The orders the changes from `from` on announce (a change holds the live order, not a copy). */
  const announcedIds = (from: number) =>
    changes.slice(from).flatMap((change) => change.orders.map((order) => order.clientId));

  it('answers OKX shape with the deadline in ms, and cancels every resting order when it runs out', () => {
    rest('a');
    rest('b');
    expect(send({ timeOut: '10' })).toEqual({
      status: 200,
      body: { code: '0', msg: '', data: [{ triggerTime: String(T0 + 10_000), tag: '', ts: String(T0) }] },
    });
    time.advance(9_999);
    expect(engine.account.openOrders()).toHaveLength(2);
    const from = changes.length;
    time.advance(1);
    expect(engine.account.openOrders()).toEqual([]);
    expect(announcedIds(from)).toEqual(['a', 'b']);
    expect(changes.slice(from).every((change) => change.orders[0]?.state === 'canceled')).toBe(true);
    // Once fired it is off: a later order stays.
    rest('c');
    time.advance(60_000);
    expect(engine.account.openOrders()).toHaveLength(1);
  });

  it('moves the deadline when armed again before it', () => {
    rest('a');
    send({ timeOut: '10' });
    time.advance(8_000);
    expect(send({ timeOut: '10' }).body).toMatchObject({ data: [{ triggerTime: String(T0 + 18_000) }] });
    time.advance(9_999);
    expect(engine.account.openOrders()).toHaveLength(1);
    time.advance(1);
    expect(engine.account.openOrders()).toEqual([]);
    expect(time.pending()).toBe(0);
  });

  it('turns off with "0" and answers triggerTime "0"', () => {
    rest('a');
    send({ timeOut: '120' });
    expect(send({ timeOut: '0' }).body).toMatchObject({ data: [{ triggerTime: '0', tag: '' }] });
    time.advance(300_000);
    expect(engine.account.openOrders()).toHaveLength(1);
    expect(time.pending()).toBe(0);
  });

  it.each(['9', '121', '10.5', '-10', 'soon'])(
    'refuses timeOut "%s" with 51000, leaving the timer as it was',
    (timeOut) => {
      send({ timeOut: '30' });
      expect(send({ timeOut }).body).toEqual({ code: '51000', msg: 'Parameter timeOut error', data: [] });
      expect(deadMan.triggerTime).toBe(T0 + 30_000);
    },
  );

  it('names a missing timeOut with 50014 and refuses a tag it does not simulate', () => {
    expect(send({}).body).toMatchObject({ code: '50014', msg: 'Parameter timeOut can not be empty' });
    expect(send({ timeOut: '30', tag: 'bot1' }).body).toMatchObject({ code: '51000' });
    expect(time.pending()).toBe(0);
  });

  it('refuses a read-only key', () => {
    engine.account.permission = 'read_only';
    expect(send({ timeOut: '30' }).body).toMatchObject({ code: '50120' });
    expect(time.pending()).toBe(0);
  });
});
