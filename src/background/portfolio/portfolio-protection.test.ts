import { beforeEach, describe, expect, it } from 'vitest';
import { portfolioView } from '../../contracts/portfolio';
import type { PositionProtection, ProtectionEvent, ProtectionLeg } from '../../exchanges';
import { createFakeTime } from '../../exchanges/transport/time-fake.test-helper';
import { aPosition, aProtectionLeg } from './model-fakes.test-helper';
import { createPortfolio, type Portfolio, type PortfolioChanges } from './portfolio-state';

let portfolio: Portfolio;
let changes: PortfolioChanges[];

const where = {
  exchange: 'okx',
  symbol: 'BTC-USDT-SWAP',
  instrumentKind: 'perpetual',
  positionSlot: 'one-way',
} as const;
const leg = (overrides: Partial<ProtectionLeg> = {}) =>
  aProtectionLeg({ id: 'algo-1', triggerPrice: '48000', ...overrides });
const push = (pushed: ProtectionLeg, status: ProtectionEvent['status'] = 'live'): ProtectionEvent => ({
  ...where,
  kind: 'protection',
  ts: 2_000,
  leg: pushed,
  status,
  rawStatus: status,
});
const listing = (...legs: ProtectionLeg[]): PositionProtection[] => [{ ...where, legs }];
const shown = () => portfolioView.parse(portfolio.snapshot()).positions[0]?.protection;

beforeEach(() => {
  portfolio = createPortfolio({ clock: createFakeTime(10_000).clock });
  portfolio.replaceAccount('okx', {
    positions: [aPosition({ liquidationPrice: '45000', breakEvenPrice: '50020' })],
    balance: undefined,
    orders: [],
  });
  changes = [];
  portfolio.onChange((change) => changes.push(change));
});

describe('protection on the portfolio', () => {
  it('shows no protection until the exchange has listed it, then its legs and status in words', () => {
    portfolio.applyEvent(push(leg()));
    expect(shown()).toBeUndefined();
    portfolio.replaceProtection('okx', listing(leg()));
    expect(shown()).toEqual({
      legs: [
        {
          id: 'algo-1',
          role: 'stop',
          triggerPrice: '48000',
          triggerBy: 'mark',
          size: undefined,
          trailing: undefined,
        },
      ],
      status: 'stop-set',
      words: 'stop set',
    });
    portfolio.replaceProtection('okx', []);
    expect(shown()).toMatchObject({ legs: [], status: 'unprotected', words: 'unprotected' });
  });

  it('merges pushes: a moved leg replaces itself, a same-id target stays beside its stop, a cancelled one goes', () => {
    portfolio.replaceProtection('okx', listing(leg()));
    portfolio.applyEvent(push(leg({ triggerPrice: '50020' })));
    portfolio.applyEvent(push(leg({ role: 'target', triggerPrice: '60000' })));
    expect(shown()).toMatchObject({ status: 'breakeven', words: 'breakeven' });
    expect(shown()?.legs.map((each) => [each.role, each.triggerPrice])).toEqual([
      ['stop', '50020'],
      ['target', '60000'],
    ]);
    portfolio.applyEvent(push(leg({ triggerPrice: '50020' }), 'cancelled'));
    expect(shown()).toMatchObject({ status: 'unprotected' });
  });

  it('names a stop beyond liquidation', () => {
    portfolio.replaceProtection('okx', listing(leg({ triggerPrice: '44000' })));
    expect(shown()).toMatchObject({ status: 'stop-beyond-liquidation', words: 'stop beyond liquidation' });
  });

  it('is idempotent: the same live leg pushed again changes nothing and tells no one', () => {
    portfolio.replaceProtection('okx', listing());
    changes = [];
    portfolio.applyEvent(push(leg()));
    portfolio.applyEvent(push(leg()));
    portfolio.applyEvent(push(leg()));
    expect(changes).toHaveLength(1);
    expect(shown()?.legs).toHaveLength(1);
  });
});
