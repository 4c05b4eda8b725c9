import { describe, expect, it } from 'vitest';
import { median, percentile, ratio, round2, slope } from './stats';

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

describe('percentile', () => {
  it('takes the nearest rank, so the answer is always a measured value', () => {
    const values = [5, 1, 4, 2, 3];
    expect(percentile(values, 50)).toBe(3);
    expect(percentile(values, 99)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(
      percentile(
        Array.from({ length: 1000 }, (_, i) => i + 1),
        99,
      ),
    ).toBe(990);
  });

  it('is NaN for no values, never a made-up number', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('slope', () => {
  it('fits a line through noisy points', () => {
    expect(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
    ).toBeCloseTo(2);
    expect(
      slope([
        { x: 0, y: 10 },
        { x: 1, y: 9 },
        { x: 2, y: 11 },
        { x: 3, y: 10 },
      ]),
    ).toBeCloseTo(0.2);
  });

  it('is 0 when there is no line to fit', () => {
    expect(slope([{ x: 1, y: 5 }])).toBe(0);
    expect(
      slope([
        { x: 1, y: 5 },
        { x: 1, y: 7 },
      ]),
    ).toBe(0);
  });
});

it('rounds to hundredths', () => {
  expect(round2(1.23456)).toBe(1.23);
});
