import Big from 'big.js';

export type TickDirection = 'up' | 'down';

/** Which way a last price moved, compared exactly; undefined when it did not move or one is missing. */
export function tickDirection(
  previous: string | undefined,
  next: string | undefined,
): TickDirection | undefined {
  if (previous === undefined || next === undefined) return undefined;
  try {
    const step = new Big(next).cmp(new Big(previous));
    if (step === 0) return undefined;
    return step > 0 ? 'up' : 'down';
  } catch {
    return undefined;
  }
}
