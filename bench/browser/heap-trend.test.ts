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

it('tells a worker that filled its caches and then held steady from one that keeps growing', () => {
  const minutes = Array.from({ length: 21 }, (_, index) => index / 2);
  const warmedUp = heapTrend(minutes.map((m) => ({ at: m * 60_000, usedMb: m < 3 ? 1.8 + m * 0.3 : 2.7 })));
  expect(warmedUp.slopeMbPerMin).toBeGreaterThan(0.05);
  expect(warmedUp.lateSlopeMbPerMin).toBeCloseTo(0);
  expect(warmedUp.lateMeanMb).toBeCloseTo(2.7);
  const leaking = heapTrend(minutes.map((m) => ({ at: m * 60_000, usedMb: 1.8 + m * 0.1 })));
  expect(leaking.lateSlopeMbPerMin).toBeCloseTo(0.1);
});

it('says NaN, not 0, when there was no sample', () => {
  expect(heapTrend([])).toMatchObject({ firstMb: Number.NaN, maxMb: Number.NaN, slopeMbPerMin: 0 });
});
