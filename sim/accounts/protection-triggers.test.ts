import { beforeEach, describe, expect, it } from 'vitest';
import { FakeMarket } from './fake-market.test-helper.js';
import { protectionBook, type SimLeg } from './protection-book.js';
import { checkProtection, deactivateWithPositions, ratchet } from './protection-triggers.js';
import { SimAccount } from './sim-account.js';
import { TradingEngine } from './trading-engine.js';
import type { AccountChange, PositionSide } from './types.js';

const symbol = 'BTC-USDT-SWAP';
const NOW = 1_700_000_000_000;
let legSeq = 0;

describe('protection triggers', () => {
  let market: FakeMarket;
  let account: SimAccount;
  let engine: TradingEngine;
  let changes: AccountChange[];
  /** The price every leg watches, set by each test. */
  let price: number;
  const check = (at: number) => {
    price = at;
    checkProtection(engine, () => price, NOW);
  };

  beforeEach(() => {
    market = new FakeMarket();
    account = new SimAccount('okx', '1001');
    engine = new TradingEngine(account, market, () => NOW);
    changes = [];
    account.onChange((change) => changes.push(change));
  });

  const open = (size: number, posSide: PositionSide = 'net') => {
    const result = engine.place({
      symbol,
      side: size > 0 ? 'buy' : 'sell',
      type: 'market',
      size: String(Math.abs(size)),
      posSide,
      reduceOnly: false,
      marginMode: 'cross',
      clientId: '',
    });
    if (!result.ok) throw new Error(result.failure.reason);
  };
  const leg = (values: Partial<SimLeg>): SimLeg =>
    protectionBook(account).add({
      id: `leg-${String(++legSeq)}`,
      kind: 'stop',
      full: true,
      symbol,
      posSide: 'net',
      long: true,
      triggerPrice: 0,
      triggerBy: 'mark',
      size: undefined,
      distance: 0,
      activationPrice: undefined,
      best: undefined,
      state: 'untriggered',
      createdAt: NOW,
      updatedAt: NOW,
      ...values,
    });
  const size = () => account.findPosition(symbol, 'net')?.size;
  const pushedLegStates = () => changes.flatMap((change) => (change.legs ?? []).map((l) => l.state));

  it('fires a long stop only when the price reaches it, closing the whole position at market', () => {
    open(3);
    const stop = leg({ kind: 'stop', triggerPrice: 49_000 });
    check(49_000.5);
    expect(stop.state).toBe('untriggered');
    check(49_000);
    expect(stop.state).toBe('triggered');
    expect(size()).toBe(0);
    const close = changes.at(-1)?.orders[0];
    expect(close).toMatchObject({ side: 'sell', reduceOnly: true, type: 'market', size: 3 });
  });

  it('fires a short stop upwards and a partial target for its own size only', () => {
    open(-4);
    const target = leg({ kind: 'target', full: false, long: false, triggerPrice: 48_000, size: 1 });
    const stop = leg({ kind: 'stop', long: false, triggerPrice: 52_000 });
    check(48_000);
    expect(target.state).toBe('triggered');
    expect(size()).toBe(-3);
    check(51_999);
    expect(stop.state).toBe('untriggered');
    check(52_000);
    expect(stop.state).toBe('triggered');
    expect(size()).toBe(0);
  });

  it('ratchets a long trailing stop up with the best price, never down, and fires when the price turns', () => {
    open(1);
    const trailing = leg({ kind: 'trailing', distance: 100 });
    check(50_000);
    expect(trailing.triggerPrice).toBe(49_900);
    check(50_300);
    expect(trailing.triggerPrice).toBe(50_200);
    check(50_250);
    expect(trailing.triggerPrice).toBe(50_200);
    expect(trailing.state).toBe('untriggered');
    check(50_200);
    expect(trailing.state).toBe('triggered');
    expect(size()).toBe(0);
  });

  it('starts trailing a short only once its activation price is reached', () => {
    const trailing = leg({ kind: 'trailing', long: false, distance: 50, activationPrice: 49_000 });
    ratchet(trailing, 49_500, -1);
    expect(trailing.best).toBeUndefined();
    ratchet(trailing, 49_000, -1);
    ratchet(trailing, 48_800, -1);
    ratchet(trailing, 48_900, -1);
    expect(trailing.triggerPrice).toBe(48_850);
  });

  it('ends every waiting leg of a position that closes, after the change that closed it', async () => {
    deactivateWithPositions(account, () => NOW);
    open(2);
    const stop = leg({ kind: 'stop', triggerPrice: 40_000 });
    const target = leg({ kind: 'target', full: false, triggerPrice: 60_000, size: 1 });
    open(-2);
    expect([stop.state, target.state]).toEqual(['deactivated', 'deactivated']);
    await Promise.resolve();
    expect(pushedLegStates()).toEqual(['deactivated', 'deactivated']);
  });
});
