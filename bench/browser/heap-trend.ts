import { slope } from '../report/stats';
import type { HeapSample } from './worker-heap';

export interface HeapTrend {
  readonly firstMb: number;
  readonly lastMb: number;
  readonly maxMb: number;
  /** Least-squares MB per minute over every sample: one early spike does not make a trend. */
  readonly slopeMbPerMin: number;
  /**
   * The same over the second half of the watch, and the mean heap there. The worker fills its caches
   * (instruments, books, quotes) in its first minutes; a leak keeps growing after that, a warm-up does not.
   */
  readonly lateSlopeMbPerMin: number;
  readonly lateMeanMb: number;
}

const perMinute = (samples: readonly HeapSample[]) =>
  slope(samples.map((sample) => ({ x: sample.at / 60_000, y: sample.usedMb })));

export function heapTrend(samples: readonly HeapSample[]): HeapTrend {
  const used = samples.map((sample) => sample.usedMb);
  const halfway = ((samples[0]?.at ?? 0) + (samples.at(-1)?.at ?? 0)) / 2;
  const late = samples.filter((sample) => sample.at >= halfway);
  return {
    lateSlopeMbPerMin: perMinute(late),
    lateMeanMb: late.reduce((sum, sample) => sum + sample.usedMb, 0) / late.length,
    firstMb: used[0] ?? Number.NaN,
    lastMb: used.at(-1) ?? Number.NaN,
    maxMb: used.length === 0 ? Number.NaN : Math.max(...used),
    slopeMbPerMin: perMinute(samples),
  };
}
