import { describe, expect, it } from 'vitest';
import { median, ratio } from './stats';

describe('median', () => {
  it('takes the middle sample of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('averages the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN without samples', () => {
    expect(median([])).toBeNaN();
  });
});

describe('ratio', () => {
  it('rounds to two decimals', () => {
    expect(ratio(2, 3)).toBe(0.67);
  });
});
