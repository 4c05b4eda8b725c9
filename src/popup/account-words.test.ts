import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  fundingPaymentWords,
  fundingRateWords,
  liquidationWords,
  marginRiskWords,
  timeUntil,
} from './account-words';

describe('account words', () => {
  it('money to two decimals, grouped, sign kept', () => {
    expect(['1234.5', '-12.345', '0', '1000000.004'].map(formatMoney)).toEqual([
      '1,234.50',
      '-12.35',
      '0.00',
      '1,000,000.00',
    ]);
  });

  it('names each exchange’s margin risk by its own measure', () => {
    expect(marginRiskWords({ kind: 'okx-margin-ratio', value: '3.5' })).toBe('margin ratio 350 %');
    expect(marginRiskWords({ kind: 'maintenance-margin-rate', value: '0.1234' })).toBe('MMR 12.34 %');
  });

  it('says the liquidation level in words, not only in colour', () => {
    expect(liquidationWords('4.16666667', 'danger')).toBe('Danger: 4.2 % to liquidation');
    expect(liquidationWords('8', 'warning')).toBe('Warning: 8 % to liquidation');
    expect(liquidationWords('23.45', 'ok')).toBe('23.5 % to liquidation');
    expect(liquidationWords('0.456', 'danger')).toBe('Danger: 0.46 % to liquidation');
  });

  it('time to the next funding', () => {
    const now = 1_000_000;
    expect(timeUntil(now + (3 * 3600 + 12 * 60 + 5) * 1000, now)).toBe('in 3h 12m');
    expect(timeUntil(now + 12 * 60_000, now)).toBe('in 12m');
    expect(timeUntil(now + 45_000, now)).toBe('in 45s');
    expect(timeUntil(now - 1, now)).toBe('due now');
  });

  it('funding rate and what the next funding does to the position', () => {
    expect(fundingRateWords('0.0001')).toBe('+0.0100 %');
    expect(fundingRateWords('-0.000125')).toBe('-0.0125 %');
    expect(fundingPaymentWords({ rate: '0.0001', nextPayment: '-1.8', unit: 'USDT' })).toBe('pays 1.80 USDT');
    expect(fundingPaymentWords({ rate: '0.0001', nextPayment: '0.45', unit: 'USDT' })).toBe(
      'receives 0.45 USDT',
    );
    expect(fundingPaymentWords({ rate: '0.0001', unit: 'USDT' })).toBeUndefined();
  });
});
