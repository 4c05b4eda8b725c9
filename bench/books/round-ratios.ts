import { rotated } from '../report/rounds';

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
    for (const name of rotated(names, round)) times[name][round] = implementations[name]();
  return times;
}
