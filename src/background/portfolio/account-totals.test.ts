import { describe, expect, it } from 'vitest';
import { emptyBalance, type Balance } from '../../exchanges';
import { accountTotals } from './account-totals';

const okx: Balance = {
  ...emptyBalance('okx'),
  totalEquityUsd: '10000.1',
  availableUsd: '8000.2',
  usedMarginUsd: '1500',
  unrealisedPnlUsd: '-12.3',
  marginRisk: { kind: 'okx-margin-ratio', value: '3.5' },
};
const bybit: Balance = {
  ...emptyBalance('bybit'),
  totalEquityUsd: '5000.2',
  availableUsd: '4000',
  usedMarginUsd: '900.5',
  unrealisedPnlUsd: '12.3',
  marginRisk: { kind: 'maintenance-margin-rate', value: '0.12' },
};

describe('account totals', () => {
  it('sums both exchanges’ USD figures exactly', () => {
    expect(accountTotals([okx, bybit])).toEqual({
      equityUsd: { usd: '15000.3', missing: [] },
      availableUsd: { usd: '12000.2', missing: [] },
      usedMarginUsd: { usd: '2400.5', missing: [] },
      unrealisedPnlUsd: { usd: '0', missing: [] },
    });
  });

  it('never adds an unknown figure as 0: the total is unknown and names who left it out', () => {
    // Bybit isolated margin states no account-level available balance.
    const totals = accountTotals([okx, { ...bybit, availableUsd: undefined }]);
    expect(totals?.availableUsd).toEqual({ usd: undefined, missing: ['bybit'] });
    expect(totals?.equityUsd.usd).toBe('15000.3');
  });

  it('is one exchange’s own figures when only it has an account', () => {
    expect(accountTotals([okx])?.equityUsd).toEqual({ usd: '10000.1', missing: [] });
  });

  it('is unknown before any balance arrived', () => {
    expect(accountTotals([])).toBeUndefined();
  });
});
