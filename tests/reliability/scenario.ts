/**
 * The reliability suite's shared vocabulary. Each scenario test, once its assertions have passed, records
 * a row (what was injected, how many times, what the trader saw) on its own task; the reliability
 * reporter turns the rows of one run into docs/reliability.md's table (`npm run test:reliability`).
 */
export interface ScenarioRow {
  /** The table the row belongs in, e.g. "Sockets" or "Closing under REST faults". */
  readonly section: string;
  readonly scenario: string;
  readonly injected: string;
  /** How many times it was injected in this run, in words or figures ("12 drops over 60 s"). */
  readonly times: string;
  /** What the trader saw and what was (not) lost or done twice, with the figures measured. */
  readonly result: string;
}

/**
 * `npm run test:reliability` sets PERCH_RELIABILITY=full: the long forms (a 60 s flap, more rounds).
 * `npm test` runs the shortened form of the same scenarios.
 */
export const FULL_RUN = process.env.PERCH_RELIABILITY === 'full';

/** The figure for this run: the short one in `npm test`, the long one in `npm run test:reliability`. */
export function byRun<T>(short: T, full: T): T {
  return FULL_RUN ? full : short;
}

/** Attaches a row to the running test; call it after the assertions, so only a passed scenario reports. */
export function recordScenario(task: { meta: object }, row: ScenarioRow): void {
  const meta = task.meta as { reliability?: ScenarioRow[] };
  meta.reliability = [...(meta.reliability ?? []), row];
}
