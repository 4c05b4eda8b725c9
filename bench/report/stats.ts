/** The statistics every part of the bench reports with. */

/** The median of some samples (the mean of the middle two for an even count); NaN for none. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A ratio rounded for the report (two decimals). */
export const ratio = (numerator: number, denominator: number): number => round2(numerator / denominator);

/** The nearest-rank percentile (`p` from 0 to 100) of `values`: always one of the measured values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/** Rounded to 0.01 for the report: the clocks behind these figures are finer, the noise is not. */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** The least-squares slope of `points` (y per unit of x); 0 for fewer than two distinct x. */
export function slope(points: readonly { readonly x: number; readonly y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, point) => sum + point.x, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.y, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const { x, y } of points) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return variance === 0 ? 0 : covariance / variance;
}
