import { describe, expect, it } from 'vitest';
import { changePercent, formatSignedAmount, formatSignedPercent, signTone } from './format-signed';

describe('signed figures', () => {
  it.each([
    [1234.5, '+1,234.50 USD'],
    [-12.3, '-12.30 USD'],
    [0, '0.00 USD'],
    [0.004, '0.00 USD'],
  ])('shows %d as %s', (amount, shown) => {
    expect(formatSignedAmount(amount, 'USD')).toBe(shown);
  });

  it('shows percentages with their sign', () => {
    expect(formatSignedPercent(1.234)).toBe('+1.23%');
    expect(formatSignedPercent(-0.5)).toBe('-0.50%');
  });

  it('colours a rise up, a fall down and nothing neither', () => {
    expect([signTone(0.01), signTone(-3), signTone(0)]).toEqual(['perch-up', 'perch-down', 'perch-flat']);
  });
});

describe('changePercent', () => {
  it('is the change from the price 24 hours ago, in percent', () => {
    expect(changePercent('67000', '66000')).toBeCloseTo(1.51515, 4);
    expect(changePercent('50', '100')).toBe(-50);
  });

  it.each([
    [undefined, '66000'],
    ['67000', undefined],
    ['67000', '0'],
    ['67000', 'n/a'],
  ])('is unknown for last %s and open %s', (last, open) => {
    expect(changePercent(last, open)).toBeUndefined();
  });
});
