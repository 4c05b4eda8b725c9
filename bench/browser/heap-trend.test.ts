import { expect, it } from 'vitest';
import { heapTrend } from './heap-trend';

it('reads first, last, max and the MB per minute of a heap watch', () => {
  const trend = heapTrend([
    { at: 0, usedMb: 10 },
    { at: 30_000, usedMb: 12 },
    { at: 60_000, usedMb: 11 },
    { at: 90_000, usedMb: 11.5 },
  ]);
  expect(trend).toMatchObject({ firstMb: 10, lastMb: 11.5, maxMb: 12 });
  expect(trend.slopeMbPerMin).toBeCloseTo(0.7);
});

it('says NaN, not 0, when there was no sample', () => {
  expect(heapTrend([])).toMatchObject({ firstMb: Number.NaN, maxMb: Number.NaN, slopeMbPerMin: 0 });
});
