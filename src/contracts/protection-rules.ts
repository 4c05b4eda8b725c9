import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  plainDecimal,
  roundToStep,
  subtractDecimals,
} from '../exchanges/decimal';
import type { ProtectionLeg } from '../exchanges/protection-types';

/**
 * The rules a stop, a target and a partial close obey, shared by the popup (checked as the trader types,
 * before anything is sent) and the worker (checked again on the position it has just looked up). Prices
 * and sizes are the exchange's decimal strings, worked on exactly, never as floats.
 */

export type PositionSide = 'long' | 'short';

/** How a screen names a position's protection. */
export type ProtectionStatus = 'unprotected' | 'stop-set' | 'stop-beyond-liquidation' | 'breakeven';

export const PROTECTION_STATUS_WORDS: Record<ProtectionStatus, string> = {
  unprotected: 'unprotected',
  'stop-set': 'stop set',
  'stop-beyond-liquidation': 'stop beyond liquidation',
  breakeven: 'breakeven',
};

/** What the status needs of a position: its side and the prices it is judged against. */
export interface ProtectedSide {
  readonly side: PositionSide;
  readonly entryPrice: string | undefined;
  readonly breakEvenPrice: string | undefined;
  readonly liquidationPrice: string | undefined;
}

/** Below (long) or above (short): `a` is further on the losing side than `b`, or level with it. */
function atOrWorse(side: PositionSide, a: string, b: string): boolean {
  const order = compareDecimals(a, b);
  return side === 'long' ? order <= 0 : order >= 0;
}

/** The price at which closing neither gains nor loses: the exchange's own breakeven, else the entry. */
export function breakevenPrice(position: {
  readonly entryPrice?: string | undefined;
  readonly breakEvenPrice?: string | undefined;
}): string | undefined {
  return position.breakEvenPrice ?? position.entryPrice;
}

/**
 * A position with no stop is unprotected. Of several stops the one that fires first counts: beyond the
 * liquidation price it would never fire before the exchange liquidates; at or past breakeven (the
 * exchange's breakeven price, else the entry) the position can no longer lose. A trailing stop whose
 * price the exchange has not told yet is a stop set.
 */
export function protectionStatus(
  position: ProtectedSide,
  legs: readonly Pick<ProtectionLeg, 'role' | 'triggerPrice'>[],
): ProtectionStatus {
  const stops = legs.filter((leg) => leg.role !== 'target');
  if (stops.length === 0) return 'unprotected';
  const priced = stops.flatMap((leg) => (leg.triggerPrice === undefined ? [] : [leg.triggerPrice]));
  // The first to fire: the highest stop of a long, the lowest of a short.
  const first = priced.reduce<string | undefined>(
    (best, price) => (best === undefined || atOrWorse(position.side, best, price) ? price : best),
    undefined,
  );
  if (first === undefined) return 'stop-set';
  const { liquidationPrice } = position;
  if (liquidationPrice !== undefined && atOrWorse(position.side, first, liquidationPrice)) {
    return 'stop-beyond-liquidation';
  }
  const even = breakevenPrice(position);
  return even !== undefined && atOrWorse(position.side, even, first) ? 'breakeven' : 'stop-set';
}

/** A typed decimal: digits, optionally a fraction; no sign, exponent or float noise. */
const TYPED = /^\d{1,30}(\.\d{1,30})?$/;

export type RuleVerdict<T> =
  | ({ readonly ok: true; readonly notes: readonly string[] } & T)
  | { readonly ok: false; readonly message: string };

export interface TriggerPriceInput {
  readonly role: 'stop' | 'target';
  readonly side: PositionSide;
  /** What the trader typed. */
  readonly typed: string;
  readonly markPrice: string | undefined;
  readonly tickSize: string | undefined;
  readonly liquidationPrice: string | undefined;
}

/**
 * A typed stop or target price: rounded to the tick size (and saying so), on the side of the mark where
 * it protects (a long's stop below, its target above; a short's the other way). A stop beyond the
 * liquidation price passes with a warning in words: the trader may still want it.
 */
export function checkTriggerPrice(
  input: TriggerPriceInput,
): RuleVerdict<{ readonly price: string; readonly warning: string | undefined }> {
  const { role, side, typed, markPrice, tickSize, liquidationPrice } = input;
  const text = typed.trim();
  if (!TYPED.test(text)) return { ok: false, message: `Type the ${role} price as a number, like 61250.5.` };
  const notes: string[] = [];
  let price = plainDecimal(text);
  if (tickSize !== undefined && compareDecimals(tickSize, '0') > 0) {
    const rounded = roundToStep(price, tickSize, 'nearest');
    if (compareDecimals(rounded, price) !== 0) {
      notes.push(`Rounded to ${rounded}: prices move in steps of ${plainDecimal(tickSize)}.`);
    }
    price = rounded;
  }
  if (compareDecimals(price, '0') <= 0) return { ok: false, message: `A ${role} price must be above 0.` };
  if (markPrice === undefined) {
    return { ok: false, message: `There is no mark price yet to check the ${role} against; wait a moment.` };
  }
  const below = (role === 'stop') === (side === 'long');
  const order = compareDecimals(price, markPrice);
  if (below ? order >= 0 : order <= 0) {
    return {
      ok: false,
      message: `A ${role} on a ${side} must be ${below ? 'below' : 'above'} the mark price (${plainDecimal(markPrice)}); ${price} is not.`,
    };
  }
  const beyond =
    role === 'stop' && liquidationPrice !== undefined && atOrWorse(side, price, liquidationPrice);
  const warning = beyond
    ? `This stop (${price}) is beyond the liquidation price (${plainDecimal(liquidationPrice)}): the position would be liquidated before it fires.`
    : undefined;
  return { ok: true, notes, price, warning };
}

export interface PartCloseInput {
  /** The position's size in the exchange's order unit. */
  readonly positionSize: string;
  readonly lotSize: string;
  readonly minSize: string;
  readonly part: { readonly percent: number } | { readonly size: string };
}

/** The quick choices for closing part of a position. */
export const PART_CLOSE_PERCENTS = [25, 50, 75] as const;

/**
 * How much of a position a partial close sends: a percentage of it or a typed size, rounded down to the
 * lot size (saying so), never above the position and never below the exchange's minimum order size.
 */
export function partCloseSize(input: PartCloseInput): RuleVerdict<{ readonly size: string }> {
  const { positionSize, lotSize, minSize, part } = input;
  let wanted: string;
  if ('percent' in part) {
    if (!Number.isInteger(part.percent) || part.percent <= 0 || part.percent > 100) {
      return { ok: false, message: 'Choose a part of the position between 1 and 100 %.' };
    }
    wanted = multiplyDecimals(positionSize, divideDecimals(String(part.percent), '100') ?? '0');
  } else {
    const text = part.size.trim();
    if (!TYPED.test(text)) return { ok: false, message: 'Type the size to close as a number, like 0.5.' };
    wanted = plainDecimal(text);
  }
  if (compareDecimals(wanted, positionSize) > 0) {
    return {
      ok: false,
      message: `${wanted} is more than the position (${plainDecimal(positionSize)}); type a smaller size.`,
    };
  }
  const size = roundToStep(wanted, lotSize, 'down');
  const notes =
    compareDecimals(size, wanted) === 0
      ? []
      : [`Rounded down to ${size}: sizes move in steps of ${plainDecimal(lotSize)}.`];
  if (compareDecimals(size, minSize) < 0 || compareDecimals(size, '0') <= 0) {
    return {
      ok: false,
      message: `${size} is below the smallest order this market takes (${plainDecimal(minSize)}); close more, or close the whole position.`,
    };
  }
  return { ok: true, notes, size };
}

/** How the size of a position counts for its PnL: in coin (linear) or in USD (inverse). */
export type PnlExposure =
  | { readonly contractType: 'linear'; readonly sizeCoin: string }
  | { readonly contractType: 'inverse'; readonly sizeUsd: string };

export interface DistanceInput {
  readonly role: 'stop' | 'target';
  readonly side: PositionSide;
  readonly entryPrice: string;
  readonly tickSize: string | undefined;
  /** A distance from the entry in % of it, or the PnL (in the settle coin) the trader will lose or gain. */
  readonly distance: { readonly percent: string } | { readonly pnl: string; readonly exposure: PnlExposure };
}

/**
 * The trigger price `distance` away from the entry, on the side where the role fires: a stop on the
 * losing side, a target on the winning one. A PnL amount turns into a price by the position's own
 * maths: linear PnL = Δprice × size in coin; inverse PnL (in coin) = size in USD × (1/entry − 1/exit),
 * so exit = entry × size / (size ∓ PnL × entry). Rounded to the tick size.
 */
export function triggerFromDistance(input: DistanceInput): RuleVerdict<{ readonly price: string }> {
  const { role, side, entryPrice, tickSize, distance } = input;
  const amount = 'percent' in distance ? distance.percent : distance.pnl;
  if (!TYPED.test(amount.trim()) || compareDecimals(amount, '0') <= 0) {
    return { ok: false, message: 'Type the distance as a number above 0.' };
  }
  // +1: the price moves up from the entry (a long's target, a short's stop).
  const up = (role === 'target') === (side === 'long');
  let price: string | undefined;
  if ('percent' in distance) {
    const move = divideDecimals(multiplyDecimals(entryPrice, amount), '100') ?? '0';
    price = up ? addDecimals(entryPrice, move) : subtractDecimals(entryPrice, move);
  } else if (distance.exposure.contractType === 'linear') {
    const move = divideDecimals(amount, distance.exposure.sizeCoin);
    if (move !== undefined) price = up ? addDecimals(entryPrice, move) : subtractDecimals(entryPrice, move);
  } else {
    const { sizeUsd } = distance.exposure;
    const pnlTimesEntry = multiplyDecimals(amount, entryPrice);
    const divisor = up ? subtractDecimals(sizeUsd, pnlTimesEntry) : addDecimals(sizeUsd, pnlTimesEntry);
    if (compareDecimals(divisor, '0') > 0)
      price = divideDecimals(multiplyDecimals(entryPrice, sizeUsd), divisor);
  }
  if (price !== undefined && tickSize !== undefined && compareDecimals(tickSize, '0') > 0) {
    price = roundToStep(price, tickSize, 'nearest');
  }
  if (price === undefined || compareDecimals(price, '0') <= 0) {
    return {
      ok: false,
      message: `No price is that far from the entry (${plainDecimal(entryPrice)}); choose a smaller distance.`,
    };
  }
  return { ok: true, notes: [], price };
}
