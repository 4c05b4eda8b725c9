import { beforeEach, describe, expect, it } from 'vitest';
import { createSimFakeTime } from '../server/fake-time.test-helper.js';
import { adlRank } from './adl-rank.js';
import { FakeMarket } from './fake-market.test-helper.js';
import { settleFunding, startFundingSchedule } from './funding.js';
import { SimAccount } from './sim-account.js';
import { TradingEngine } from './trading-engine.js';
import type { AccountChange } from './types.js';

const symbol = 'BTC-USDT-SWAP';
/** Monday 2026-01-05 07:59 UTC: a minute before the 08:00 settlement. */
const BEFORE_EIGHT = Date.UTC(2026, 0, 5, 7, 59);
const EIGHT = Date.UTC(2026, 0, 5, 8);

describe('funding settlement', () => {
  let market: FakeMarket;
  let account: SimAccount;
  let engine: TradingEngine;
  let changes: AccountChange[];

  beforeEach(() => {
    market = new FakeMarket();
    account = new SimAccount('okx', '1001');
    engine = new TradingEngine(account, market, () => BEFORE_EIGHT);
    changes = [];
    account.onChange((change) => changes.push(change));
  });

  /** Opens a position of `contracts` (signed) of 0.01 BTC each at the market. */
  const open = (contracts: number) => {
    const result = engine.place({
      symbol,
      side: contracts > 0 ? 'buy' : 'sell',
      type: 'market',
      size: String(Math.abs(contracts)),
      posSide: 'net',
      reduceOnly: false,
      marginMode: 'cross',
      clientId: '',
    });
    if (!result.ok) throw new Error(result.failure.reason);
    changes = [];
  };

  it.each([
    ['a long pays a positive rate', 2, 0.0001, 0.1],
    ['a short receives a positive rate', -2, 0.0001, -0.1],
    ['a long receives a negative rate', 2, -0.0002, -0.2],
  ])('%s: size x mark x rate', (_, contracts, rate, paid) => {
    open(contracts);
    market.setMid(50_000);
    const cash = account.cash;
    // 2 contracts of 0.01 BTC at a mark of 50,000 are worth 1,000 USDT: 0.1 USDT at 0.01 %.
    const [funding] = settleFunding(account, market, () => rate, EIGHT);
    expect(funding).toMatchObject({ rate, markPrice: 50_000, size: 2, ts: EIGHT });
    expect(funding?.amount).toBeCloseTo(paid, 12);
    expect(account.cash).toBeCloseTo(cash - paid, 9);
    expect(account.openPositions()[0]?.fundingPaid).toBeCloseTo(paid, 12);
    expect(account.openPositions()[0]?.updatedAt).toBe(EIGHT);
  });

  it('announces the positions, the balance and the payments as one change', () => {
    open(2);
    settleFunding(account, market, () => 0.0001, EIGHT);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ orders: [], fills: [], balanceChanged: true });
    expect(changes[0]?.positions).toEqual(account.openPositions());
    expect(changes[0]?.fundings).toHaveLength(1);
  });

  it('settles nothing, and says nothing, without an open perpetual', () => {
    expect(settleFunding(account, market, () => 0.0001, EIGHT)).toEqual([]);
    expect(changes).toEqual([]);
  });
});

describe('funding schedule', () => {
  it('settles at 08:00, 16:00 and 00:00 UTC on simulator time, once each', () => {
    const time = createSimFakeTime(BEFORE_EIGHT);
    const settled: number[] = [];
    const stop = startFundingSchedule(time.timers, time.clock.now, (at) => settled.push(at));
    time.advance(59_999);
    expect(settled).toEqual([]);
    time.advance(1);
    expect(settled).toEqual([EIGHT]);
    time.advance(16 * 3_600_000);
    expect(settled).toEqual([EIGHT, EIGHT + 8 * 3_600_000, EIGHT + 16 * 3_600_000]);
    stop();
    time.advance(8 * 3_600_000);
    expect(settled).toHaveLength(3);
    expect(time.pending()).toBe(0);
  });

  it('settles each time once when the timers run ahead of a clock that stands still', () => {
    const time = createSimFakeTime(BEFORE_EIGHT);
    const settled: number[] = [];
    const stop = startFundingSchedule(
      time.timers,
      () => BEFORE_EIGHT,
      (at) => settled.push(at),
    );
    // Each wait is measured on the standing clock, so the second comes a minute late, but only once.
    time.advance(8 * 3_600_000 + 120_000);
    expect(settled).toEqual([EIGHT, EIGHT + 8 * 3_600_000]);
    stop();
  });
});

describe('auto-deleveraging rank', () => {
  const market = new FakeMarket();
  const account = new SimAccount('okx', '1001');
  const engine = new TradingEngine(account, market, () => BEFORE_EIGHT);

  it('is 0 for a flat position, 1 at a loss, and climbs with profit times leverage', () => {
    market.setMid(50_000);
    const result = engine.place({
      symbol,
      side: 'buy',
      type: 'market',
      size: '2',
      posSide: 'net',
      reduceOnly: false,
      marginMode: 'cross',
      clientId: '',
    });
    if (!result.ok) throw new Error(result.failure.reason);
    const [position] = account.openPositions();
    // Entry 50,000.5 at leverage 10: the score is the price change over entry, times 10.
    const rankAt = (mark: number) => {
      market.setMid(mark);
      return adlRank(position!, market);
    };
    expect([
      rankAt(45_000),
      rankAt(50_000),
      rankAt(50_300),
      rankAt(51_000),
      rankAt(52_000),
      rankAt(60_000),
    ]).toEqual([1, 1, 2, 3, 4, 5]);
    expect(adlRank({ ...position!, size: 0 }, market)).toBe(0);
  });
});
