import { describe, expect, it } from 'vitest';
import { groupDecimal } from './grouped-number';

describe('groupDecimal', () => {
  it('groups the whole part by thousands and keeps the fraction as written', () => {
    expect(groupDecimal('65000')).toBe('65,000');
    expect(groupDecimal('65010.50')).toBe('65,010.50');
    expect(groupDecimal('-1234567.125')).toBe('-1,234,567.125');
    expect(groupDecimal('999')).toBe('999');
    expect(groupDecimal('0.00012')).toBe('0.00012');
  });

  it('leaves what is not a plain decimal as it is', () => {
    expect(groupDecimal('1e5')).toBe('1e5');
  });
});
