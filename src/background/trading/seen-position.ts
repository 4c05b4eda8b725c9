import type { SeenPosition } from '../../contracts';
import { compareDecimals, type Position } from '../../exchanges';

/**
 * How the position just looked up on the exchange stands to the one the trader saw when asking to close:
 * `same`, `shrunk` (same side, smaller: closing what is left is what the trader asked for), or `changed`
 * (the other side, or larger: closing it would act on exposure the trader never looked at). Sizes are
 * compared as exact decimals in the exchange's order unit, never as floats.
 */
export function compareWithSeen(
  seen: SeenPosition,
  found: Pick<Position, 'side' | 'sizeContracts'>,
): 'same' | 'shrunk' | 'changed' {
  if (found.side !== seen.side) return 'changed';
  const order = compareDecimals(found.sizeContracts, seen.sizeContracts);
  if (order > 0) return 'changed';
  return order < 0 ? 'shrunk' : 'same';
}
