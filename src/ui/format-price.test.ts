import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('shows the same price from OKX and Bybit the same way', () => {
    expect(formatPrice('67000.1')).toBe('67,000.10');
    expect(formatPrice('67000.10')).toBe('67,000.10');
  });

  it.each([
    ['67000', '67,000.00'],
    ['1234567.891', '1,234,567.891'],
    ['0.00012340', '0.0001234'],
    ['999.5', '999.50'],
    ['-12.3', '-12.30'],
  ])('shows %s as %s', (price, shown) => {
    expect(formatPrice(price)).toBe(shown);
  });

  it('leaves something that is not a decimal as it came', () => {
    expect(formatPrice('n/a')).toBe('n/a');
  });
});
