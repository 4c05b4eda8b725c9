import { describe, expect, it } from 'vitest';
import { paddedDecimal, trimmedDecimal, usdt } from './number-format.js';

describe('number formatting', () => {
  it('trims OKX-style and pads Bybit-style without float noise', () => {
    expect(trimmedDecimal(67000.1 + 0.2, 1)).toBe('67000.3');
    expect(trimmedDecimal(3366.0, 1)).toBe('3366');
    expect(paddedDecimal(67000.1, 2)).toBe('67000.10');
  });

  it('never writes a negative zero', () => {
    expect(trimmedDecimal(-0.000000001, 8)).toBe('0');
    expect(paddedDecimal(-0.0001, 2)).toBe('0.00');
    expect(usdt(-1e-12)).toBe('0');
  });

  it('keeps real negatives', () => {
    expect(usdt(-0.25)).toBe('-0.25');
    expect(paddedDecimal(-1.5, 2)).toBe('-1.50');
  });
});
