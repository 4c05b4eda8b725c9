/** Pure position arithmetic for signed sizes: long > 0, short < 0. */
export interface PositionFillOutcome {
  readonly size: number;
  readonly avgPx: number;
  /** Realised PnL in price × size units (multiply by the contract multiplier for USDT). */
  readonly realised: number;
  /** How much of the old position this fill closed. */
  readonly closed: number;
}

/** Rounds away float noise from repeated sums (sizes and prices never need more than 12 decimals). */
export const clean = (value: number): number => Math.round(value * 1e12) / 1e12;

/**
 * Applies a signed fill at `price` to a position: same direction grows it at a size-weighted
 * average entry; the other direction closes up to its size, realising PnL against the entry,
 * and any excess opens the other way at the fill price (a flip).
 */
export function applyFillToPosition(
  size: number,
  avgPx: number,
  signedFill: number,
  price: number,
): PositionFillOutcome {
  if (size === 0 || Math.sign(size) === Math.sign(signedFill)) {
    const grown = clean(size + signedFill);
    const avg = (Math.abs(size) * avgPx + Math.abs(signedFill) * price) / Math.abs(grown);
    return { size: grown, avgPx: avg, realised: 0, closed: 0 };
  }
  const closed = Math.min(Math.abs(size), Math.abs(signedFill));
  const realised = closed * (price - avgPx) * Math.sign(size);
  const remaining = clean(size + signedFill);
  if (remaining === 0) return { size: 0, avgPx: 0, realised, closed };
  const flipped = Math.sign(remaining) !== Math.sign(size);
  return { size: remaining, avgPx: flipped ? price : avgPx, realised, closed };
}

/** Unrealised PnL of a signed position at `markPx`, in price × size units. */
export const unrealisedPnl = (size: number, avgPx: number, markPx: number): number => size * (markPx - avgPx);
