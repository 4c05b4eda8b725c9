import { describe, expect, it } from 'vitest';
import {
  absoluteDecimal,
  addDecimals,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  plainDecimal,
  present,
  priceOrNone,
  roundToStep,
  subtractDecimals,
} from './decimal';

describe('decimal strings', () => {
  it.each([
    ['0.1', '3', '0.3'],
    ['3', '0.01', '0.03'],
    ['-2', '0.5', '-1'],
    ['100', '10', '1000'],
    ['0.0001', '0.0001', '0.00000001'],
    ['1.1', '1.1', '1.21'],
    // Past 2^53 a float can no longer hold every integer: 9007199254740993 would come back ...992.
    ['9007199254740993', '1', '9007199254740993'],
    ['123456789012345678.9', '0.01', '1234567890123456.789'],
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

  it.each(['', 'abc', '1,5', '--1'])('rejects %j with a message naming the text', (text) => {
    expect(() => multiplyDecimals(text, '1')).toThrow(`Not a decimal number: "${text}"`);
    expect(() => subtractDecimals(text, '1')).toThrow(`Not a decimal number: "${text}"`);
  });

  it.each([
    ['100', '30000', '0.00333333'],
    ['1', '3', '0.33333333'],
    ['2', '3', '0.66666667'],
    ['-2', '3', '-0.66666667'],
    // 0.3 / 0.1 is 2.9999999999999996 in floats.
    ['0.3', '0.1', '3'],
    // Exactly half a unit in the 8th place rounds away from zero; floats see 0.000000145 as just below the half.
    ['0.000000015', '1', '0.00000002'],
    ['0.000000145', '1', '0.00000015'],
    ['-0.000000015', '1', '-0.00000002'],
    ['123456789012345678901234', '2', '61728394506172839450617'],
  ])('%s / %s = %s to 8 places', (a, b, quotient) => {
    expect(divideDecimals(a, b)).toBe(quotient);
  });

  it('refuses zero or missing divisors', () => {
    expect(divideDecimals('100', '0')).toBeUndefined();
    expect(divideDecimals('100', '0.000')).toBeUndefined();
    expect(divideDecimals('100', undefined)).toBeUndefined();
  });

  it.each([
    ['0.03', '0.05', -1],
    ['0.050', '0.05', 0],
    ['5', '3', 1],
    // Floats call these equal: both are 9007199254740992 as a double.
    ['9007199254740993', '9007199254740992', 1],
    ['0.30000000000000001', '0.3', 1],
  ] as const)('compares %s with %s exactly: %i', (a, b, order) => {
    expect(compareDecimals(a, b)).toBe(order);
  });

  it('writes a number in its shortest plain form', () => {
    expect(plainDecimal('0.030')).toBe('0.03');
    expect(plainDecimal('5.0')).toBe('5');
    expect(plainDecimal('0.00000001')).toBe('0.00000001');
    expect(plainDecimal('1e3')).toBe('1000');
  });

  it('drops the sign and treats "" as absent', () => {
    expect(absoluteDecimal('-12.5')).toBe('12.5');
    expect(present('')).toBeUndefined();
    expect(present('1')).toBe('1');
  });

  it('rounds to a step exactly: sizes down, prices to the nearest', () => {
    expect(roundToStep('0.0299999999999', '0.01', 'down')).toBe('0.02');
    expect(roundToStep('1.75', '0.5', 'down')).toBe('1.5');
    expect(roundToStep('61250.26', '0.5', 'nearest')).toBe('61250.5');
    expect(roundToStep('61250.24', '0.5', 'nearest')).toBe('61250');
    expect(roundToStep('61250.25', '0.5', 'nearest')).toBe('61250.5');
    expect(roundToStep('-1.25', '0.5', 'nearest')).toBe('-1.5');
    expect(roundToStep('3', '1', 'down')).toBe('3');
    expect(() => roundToStep('1', '0', 'down')).toThrow(RangeError);
  });

  it('adds exactly', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
  });

  it.each([
    ['95000.1', '95000.1'],
    ['0.5', '0.5'],
    ['1', '1'],
    ['0', undefined],
    ['0.000', undefined],
    ['00', undefined],
    ['-0', undefined],
    ['', undefined],
    [undefined, undefined],
    ['1e-400', undefined],
    ['9E-999', undefined],
    ['2e3', '2e3'],
  ])('reads the price %s as %s (zero is none)', (text, price) => {
    expect(priceOrNone(text)).toBe(price);
  });
});
