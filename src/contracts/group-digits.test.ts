import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits';

describe('groupDigits', () => {
  it('groups the whole part by thousands and keeps the fraction as written', () => {
    expect(groupDigits('65000')).toBe('65,000');
    expect(groupDigits('65010.50')).toBe('65,010.50');
    expect(groupDigits('-1234567.125')).toBe('-1,234,567.125');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0.00012')).toBe('0.00012');
  });

  it('leaves what is not a plain decimal as it is', () => {
    expect(groupDigits('1e5')).toBe('1e5');
  });
});
