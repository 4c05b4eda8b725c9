/** The median of some samples (the mean of the middle two for an even count); NaN for none. */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A ratio rounded for the report (two decimals). */
export function ratio(numerator: number, denominator: number): number {
  return Math.round((numerator / denominator) * 100) / 100;
}
