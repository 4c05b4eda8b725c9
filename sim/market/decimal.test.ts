import { describe, expect, it } from 'vitest';
import { decimalsOf, formatUnits, parseUnits } from './decimal';

describe('decimal strings', () => {
  it('pads to the step for Bybit and trims for OKX', () => {
    expect(formatUnits(6700010, 2, 'fixed')).toBe('67000.10');
    expect(formatUnits(6700010, 2, 'trimmed')).toBe('67000.1');
    expect(formatUnits(6700000, 2, 'trimmed')).toBe('67000');
    expect(formatUnits(5, 3, 'fixed')).toBe('0.005');
    expect(formatUnits(0, 3, 'fixed')).toBe('0.000');
    expect(formatUnits(-25, 2, 'trimmed')).toBe('-0.25');
  });

  it('never shows float noise', () => {
    expect(formatUnits(parseUnits('0.1', 2)! + parseUnits('0.2', 2)!, 2, 'trimmed')).toBe('0.3');
  });

  it('parses plain decimals to units and refuses anything else', () => {
    expect(parseUnits('67000.1', 2)).toBe(6700010);
    expect(parseUnits('3', 3)).toBe(3000);
    expect(parseUnits('1e5', 2)).toBeUndefined();
    expect(parseUnits('abc', 2)).toBeUndefined();
  });

  it('counts the decimals of a step', () => {
    expect(decimalsOf('0.001')).toBe(3);
    expect(decimalsOf('0.10')).toBe(2);
    expect(decimalsOf('1')).toBe(0);
  });
});
