import { median } from '../report/stats';

/** A ratio taken once per round, summed up: its median, and the spread of the rounds (min to max). */
export interface RatioSpread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** The median of per-round ratios and their spread; NaN throughout for no rounds. */
export function ratioSpread(perRound: readonly number[]): RatioSpread {
  if (perRound.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  return { median: median(perRound), min: Math.min(...perRound), max: Math.max(...perRound) };
}

/**
 * Runs each implementation once per round, the order rotated by one each round (so none always runs
 * first, or right after the same neighbour), and returns each one's time per round, in `names` order:
 * a ratio of two of them is then taken within one round, on the same machine state.
 */
export function interleaveRounds<Name extends string>(
  implementations: Readonly<Record<Name, () => number>>,
  rounds: number,
): Record<Name, number[]> {
  const names = Object.keys(implementations) as Name[];
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Name, number[]>;
  for (let round = 0; round < rounds; round++)
    for (let step = 0; step < names.length; step++) {
      const name = names[(round + step) % names.length] as Name;
      times[name][round] = implementations[name]();
    }
  return times;
}

/** Per round, how many times faster `times` ran than `reference` (the reference's time over its own). */
export function speedRatios(times: readonly number[], reference: readonly number[]): number[] {
  return times.map((time, round) => (reference[round] ?? Number.NaN) / time);
}
