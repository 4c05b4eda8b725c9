import { describe, expect, it } from 'vitest';
import { liquidationDistancePercent, nextFundingPayment, riskLevel } from './position-risk';

const DEFAULTS = { warnBelowPercent: 10, dangerBelowPercent: 5 };

describe('liquidation distance', () => {
  it.each([
    ['long: liquidation below the mark', '100', '90', '10'],
    ['short: liquidation above the mark', '100', '104.5', '4.5'],
    ['exact decimals, no float noise', '0.3', '0.27', '10'],
    ['divides to 8 places', '3', '2', '33.33333333'],
  ])('%s', (_, mark, liq, distance) => {
    expect(liquidationDistancePercent(mark, liq)).toBe(distance);
  });

  it.each([
    ['no mark', undefined, '90'],
    ['no liquidation price', '100', undefined],
    ['a liquidation price of 0 (cannot be liquidated by price)', '100', '0'],
    ['an empty liquidation price', '100', ''],
  ])('is unknown with %s', (_, mark, liq) => {
    expect(liquidationDistancePercent(mark, liq)).toBeUndefined();
  });
});

describe('risk level', () => {
  it.each([
    ['12', 'ok'],
    ['10', 'ok'],
    ['9.99999999', 'warning'],
    ['5', 'warning'],
    ['4.2', 'danger'],
  ] as const)('%s %% is %s with the default thresholds', (distance, level) => {
    expect(riskLevel(distance, DEFAULTS)).toBe(level);
  });

  it('follows the trader’s thresholds', () => {
    expect(riskLevel('12', { warnBelowPercent: 20, dangerBelowPercent: 15 })).toBe('danger');
  });

  it('is unknown without a distance', () => {
    expect(riskLevel(undefined, DEFAULTS)).toBeUndefined();
  });
});

describe('next funding payment', () => {
  it('a long pays a positive rate: size in coin x mark x rate', () => {
    expect(nextFundingPayment('long', '0.3', '60000', '0.0001')).toBe('-1.8');
  });

  it('a short receives a positive rate', () => {
    expect(nextFundingPayment('short', '0.3', '60000', '0.0001')).toBe('1.8');
  });

  it('a negative rate turns it round: the long receives, the short pays', () => {
    expect(nextFundingPayment('long', '2', '3000.5', '-0.00025')).toBe('1.50025');
    expect(nextFundingPayment('short', '2', '3000.5', '-0.00025')).toBe('-1.50025');
  });

  it('is unknown when a figure is', () => {
    expect(nextFundingPayment('long', undefined, '60000', '0.0001')).toBeUndefined();
    expect(nextFundingPayment('long', '1', '60000', undefined)).toBeUndefined();
  });
});
