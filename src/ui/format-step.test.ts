import { describe, expect, it } from 'vitest';
import { formatByStep, formatPriceByTick } from './format-step';

describe('formatByStep', () => {
  it.each([
    ['67000.1', '0.01', '67,000.10'],
    ['0.03', '0.001', '0.030'],
    ['3', '1', '3'],
    ['1234567.5', '0.5', '1,234,567.5'],
    ['0.1', '0.00000001', '0.10000000'],
    ['-12.3456', '0.01', '-12.35'],
    ['67000.1', '10', '67,000'],
    ['0.3', '0.1', '0.3'],
  ])('shows %s by the step %s as %s', (value, step, shown) => {
    expect(formatByStep(value, step)).toBe(shown);
  });

  it('rounds the exact decimal, where a float would not', () => {
    // As a float, 1.005 is 1.00499999999999989...: toFixed(2) gives "1.00".
    expect(formatByStep('1.005', '0.01')).toBe('1.01');
    expect(formatByStep('123456789.123456789', '0.000000001')).toBe('123,456,789.123456789');
  });

  it.each([
    ['n/a', '0.01'],
    ['67000.1', 'tick'],
    ['67000.1', '0'],
  ])('leaves %s as it came when the value or step %s is not a usable decimal', (value, step) => {
    expect(formatByStep(value, step)).toBe(value);
  });
});

describe('formatPriceByTick', () => {
  it('uses the tick size when the quote has one, else shows the price as the exchange sent it', () => {
    expect(formatPriceByTick('67000.1', '0.01')).toBe('67,000.10');
    expect(formatPriceByTick('2.5', '0.0001')).toBe('2.5000');
    expect(formatPriceByTick('2.5', undefined)).toBe('2.50');
  });
});
