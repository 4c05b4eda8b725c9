import { median } from './stats';

/**
 * Interleaved rounds: every implementation times one pass per round, and the order turns by one each
 * round, so no implementation always runs first (or just after the heaviest one). Round `round` starts
 * at `round mod n`.
 */
export function rotated<T>(items: readonly T[], round: number): T[] {
  if (items.length === 0) return [];
  const start = ((round % items.length) + items.length) % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

export interface RatioSpread {
  /** The median of the per-round ratios. */
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly rounds: number;
}

/**
 * The ratio of two implementations taken round by round (the two passes of a round run seconds apart, not
 * minutes), then summarised: its median and its range. Rounds missing on either side are skipped.
 */
export function ratioSpread(numerators: readonly number[], denominators: readonly number[]): RatioSpread {
  const perRound: number[] = [];
  numerators.forEach((numerator, round) => {
    const denominator = denominators[round];
    if (denominator !== undefined && denominator > 0) perRound.push(numerator / denominator);
  });
  if (perRound.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, rounds: 0 };
  return {
    median: median(perRound),
    min: Math.min(...perRound),
    max: Math.max(...perRound),
    rounds: perRound.length,
  };
}
