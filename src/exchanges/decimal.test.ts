import { describe, expect, it } from 'vitest';
import { absoluteDecimal, divideDecimals, multiplyDecimals, present, subtractDecimals } from './decimal';

describe('decimal strings', () => {
  it.each([
    ['0.1', '3', '0.3'],
    ['3', '0.01', '0.03'],
    ['-2', '0.5', '-1'],
    ['100', '10', '1000'],
    ['0.0001', '0.0001', '0.00000001'],
  ])('%s x %s = %s exactly', (a, b, product) => {
    expect(multiplyDecimals(a, b)).toBe(product);
  });

  it.each([
    ['50.9714405', '11.5640358', '39.4074047'],
    ['0.3', '0.1', '0.2'],
    ['1', '2.5', '-1.5'],
  ])('%s - %s = %s exactly', (a, b, difference) => {
    expect(subtractDecimals(a, b)).toBe(difference);
  });

  it('rejects text that is not a number', () => {
    expect(() => multiplyDecimals('1e5', '1')).toThrow('Not a decimal number: "1e5"');
  });

  it('divides to 8 places and refuses zero or missing divisors', () => {
    expect(divideDecimals('100', '30000')).toBe('0.00333333');
    expect(divideDecimals('100', '0')).toBeUndefined();
    expect(divideDecimals('100', undefined)).toBeUndefined();
  });

  it('drops the sign and treats "" as absent', () => {
    expect(absoluteDecimal('-12.5')).toBe('12.5');
    expect(present('')).toBeUndefined();
    expect(present('1')).toBe('1');
  });
});
