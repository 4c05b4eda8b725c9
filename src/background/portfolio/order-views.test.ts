import { beforeEach, describe, expect, it } from 'vitest';
import { portfolioView } from '../../contracts/portfolio';
import type { PositionProtection } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { aPosition, anOrder, aProtectionLeg } from './model-fakes.test-helper';
import { createPortfolio, type Portfolio, type PortfolioChanges } from './portfolio-state';

let portfolio: Portfolio;
let changes: PortfolioChanges[];
const listed = () => portfolioView.parse(portfolio.snapshot()).orders;

const bybitStop: PositionProtection = {
  exchange: 'bybit',
  symbol: 'ETHUSDT',
  instrumentKind: 'perpetual',
  positionSlot: 'one-way',
  legs: [aProtectionLeg({ id: 'cond-7', triggerPrice: '2900', size: '0.5' })],
};

beforeEach(() => {
  portfolio = createPortfolio({ clock: createFakeTime(10_000).clock });
  changes = [];
  portfolio.onChange((change) => changes.push(change));
});

describe('the open orders list', () => {
  it('lists regular orders with type, price, size, filled, reduce-only and the age the exchange gave', () => {
    portfolio.applyEvent(
      anOrder({ orderId: 'o-1', orderType: 'post_only', filledSize: '0.2', createdAt: 3_000 }),
    );
    portfolio.applyEvent(anOrder({ orderId: 'o-2', orderType: 'Market', price: '0' }));
    expect(listed()).toEqual([
      expect.objectContaining({
        source: 'order',
        id: 'o-1',
        side: 'buy',
        type: 'post only',
        price: '3000',
        size: '1',
        filled: '0.2',
        reduceOnly: false,
        createdAt: 3_000,
      }),
      expect.objectContaining({ id: 'o-2', type: 'market' }),
    ]);
    // No time from the exchange is no time at all, never "now".
    expect(listed()[1]).not.toHaveProperty('price');
    expect(listed()[1]?.createdAt).toBeUndefined();
  });

  it('lists the legs waiting on positions as conditional orders that close them', () => {
    portfolio.replaceAccount('okx', {
      positions: [aPosition({ side: 'short' })],
      balance: undefined,
      orders: [],
    });
    portfolio.replaceProtection('okx', [
      {
        exchange: 'okx',
        symbol: 'BTC-USDT-SWAP',
        instrumentKind: 'perpetual',
        positionSlot: 'one-way',
        legs: [
          aProtectionLeg({ id: 'algo-1', role: 'stop', triggerPrice: '52000' }),
          aProtectionLeg({
            id: 'algo-2',
            role: 'trailing',
            triggerPrice: undefined,
            trailing: { distance: '100', ratio: undefined, activationPrice: undefined },
          }),
        ],
      },
    ]);
    expect(changes.at(-1)?.orders).toEqual(['okx']);
    expect(listed()).toEqual([
      expect.objectContaining({
        exchange: 'okx',
        kind: 'perpetual',
        source: 'leg',
        id: 'algo-1',
        role: 'stop',
        type: 'stop',
        side: 'buy',
        trigger: '52000',
        triggerBy: 'mark',
        reduceOnly: true,
      }),
      expect.objectContaining({ id: 'algo-2', type: 'trailing stop', trailing: { distance: '100' } }),
    ]);
    expect(listed()[0]?.size).toBeUndefined();
  });

  it('shows a Bybit stop that is also an untriggered order once, as the leg', () => {
    portfolio.applyEvent(anOrder({ orderId: 'cond-7', status: 'untriggered', side: 'sell' }));
    portfolio.replaceProtection('bybit', [bybitStop]);
    expect(listed().map((order) => [order.source, order.id])).toEqual([['leg', 'cond-7']]);
  });

  it('shows a Bybit Full-mode stop (an untriggered reduce-only order under its own id) once, as the leg', () => {
    const fullStop = aProtectionLeg({ id: 'full-stop', triggerPrice: '2900' });
    portfolio.applyEvent(anOrder({ orderId: 'o-88', status: 'untriggered', side: 'sell', reduceOnly: true }));
    // A conditional entry is no leg: it is not reduce-only.
    portfolio.applyEvent(anOrder({ orderId: 'o-89', status: 'untriggered', reduceOnly: false }));
    portfolio.replaceProtection('bybit', [{ ...bybitStop, legs: [fullStop] }]);
    expect(listed().map((order) => [order.source, order.id])).toEqual([
      ['order', 'o-89'],
      ['leg', 'full-stop'],
    ]);
  });

  it('drops a leg once the stream says it was cancelled, and tells the ports', () => {
    portfolio.replaceProtection('bybit', [bybitStop]);
    portfolio.applyEvent({
      kind: 'protection',
      exchange: 'bybit',
      symbol: 'ETHUSDT',
      instrumentKind: 'perpetual',
      positionSlot: 'one-way',
      ts: 5_000,
      leg: bybitStop.legs[0] ?? aProtectionLeg(),
      status: 'cancelled',
      rawStatus: 'Cancelled',
    });
    expect(listed()).toEqual([]);
    expect(changes.at(-1)?.orders).toEqual(['bybit']);
  });

  it('groups by exchange and instrument, oldest first', () => {
    portfolio.applyEvent(anOrder({ orderId: 'late', createdAt: 9_000 }));
    portfolio.applyEvent(anOrder({ orderId: 'other', symbol: 'BTCUSDT', createdAt: 9_500 }));
    portfolio.applyEvent(anOrder({ orderId: 'early', createdAt: 1_000 }));
    portfolio.applyEvent(anOrder({ exchange: 'okx', symbol: 'ETH-USDT-SWAP', orderId: 'okx-1' }));
    expect(listed().map((order) => order.id)).toEqual(['other', 'early', 'late', 'okx-1']);
  });
});
