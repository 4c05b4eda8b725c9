import { slope } from './stats';
import type { HeapSample } from './worker-heap';

export interface HeapTrend {
  readonly firstMb: number;
  readonly lastMb: number;
  readonly maxMb: number;
  /** Least-squares MB per minute over every sample: one early spike does not make a trend. */
  readonly slopeMbPerMin: number;
}

export function heapTrend(samples: readonly HeapSample[]): HeapTrend {
  const used = samples.map((sample) => sample.usedMb);
  return {
    firstMb: used[0] ?? Number.NaN,
    lastMb: used.at(-1) ?? Number.NaN,
    maxMb: used.length === 0 ? Number.NaN : Math.max(...used),
    slopeMbPerMin: slope(samples.map((sample) => ({ x: sample.at / 60_000, y: sample.usedMb }))),
  };
}
