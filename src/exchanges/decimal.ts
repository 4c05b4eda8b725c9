import Big from 'big.js';

/**
 * Exact decimal-string arithmetic for sizes the trader sees (contracts x contract value), on big.js. Floats
 * would turn 0.1 x 3 into 0.30000000000000004; these keep the exchange's precision. Only position mapping
 * (a few pushes a second), a close's check of the size the trader saw and the protection rules
 * (contracts/protection-rules.ts, shared with the popup) call them, never the quote or book path:
 * bench/decimal.bench.ts measures the cost. Imports nothing of src/exchanges, so contracts may share it.
 */

/** Division's precision and rounding: 8 places, halves away from zero (0.000000005 -> 0.00000001). */
const DIVIDE_PLACES = 8;
const Decimal = Big();
Decimal.DP = DIVIDE_PLACES;
Decimal.RM = Decimal.roundHalfUp;

function parse(value: string): Big {
  try {
    return new Decimal(value.trim());
  } catch {
    throw new RangeError(`Not a decimal number: "${value}"`);
  }
}

/** a x b, exact. */
export function multiplyDecimals(a: string, b: string): string {
  return parse(a).times(parse(b)).toFixed();
}

/** a + b, exact. */
export function addDecimals(a: string, b: string): string {
  return parse(a).plus(parse(b)).toFixed();
}

/** a - b, exact. */
export function subtractDecimals(a: string, b: string): string {
  return parse(a).minus(parse(b)).toFixed();
}

/** -1, 0 or 1 as a is below, equal to or above b, exactly: "0.030" equals "0.03". */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  return parse(a).cmp(parse(b));
}

/** The same number in its shortest plain form ("0.030" -> "0.03", "5.0" -> "5"), for words a trader reads. */
export function plainDecimal(value: string): string {
  return parse(value).toFixed();
}

/** |value| as the same decimal string without a sign. */
export function absoluteDecimal(value: string): string {
  return value.trim().replace(/^-/, '');
}

/** a / b, exact to 8 places (inverse contracts: USD size / price); undefined when b is zero or absent. */
export function divideDecimals(a: string, b: string | undefined): string | undefined {
  if (b === undefined) return undefined;
  const divisor = parse(b);
  return divisor.eq(0) ? undefined : parse(a).div(divisor).toFixed();
}

/** '' (OKX's "no value") and undefined both become undefined. */
export function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** A time in ms since the epoch sent as text, where "" and "0" mean none (Bybit futures' nextFundingTime). */
export function timeOrNone(value: string | undefined): number | undefined {
  const time = Number(present(value) ?? 0);
  return Number.isFinite(time) && time > 0 ? time : undefined;
}

/**
 * An auto-deleveraging rank 1 to 5, or undefined for anything else: OKX `adl` "" and Bybit
 * `adlRankIndicator` 0 say the position has none (docs/protocol.md "Auto-deleveraging rank").
 */
export function adlRankOrNone(value: string | number | undefined): { adlRank?: number } {
  const rank = typeof value === 'string' ? Number(present(value) ?? 0) : (value ?? 0);
  return Number.isInteger(rank) && rank >= 1 && rank <= 5 ? { adlRank: rank } : {};
}

/**
 * A price where "0" means none, as real payloads send it: Bybit's option with no bid, flat position's
 * entry and liquidation price and unfilled order's average price; OKX's unfilled order's avgPx.
 */
export function priceOrNone(value: string | undefined): string | undefined {
  const price = present(value);
  if (price === undefined) return undefined;
  // Tickers read two prices a push: a decimal led by a digit 1–9 and without an exponent is not zero,
  // which needs no conversion.
  const lead = price.charCodeAt(0);
  if (lead >= DIGIT_ONE && lead <= DIGIT_NINE && !price.includes('e') && !price.includes('E')) return price;
  return Number(price) === 0 ? undefined : price;
}

const DIGIT_ONE = 49;
const DIGIT_NINE = 57;

/**
 * `value` on a multiple of `step` (a tick or lot size), exactly: `down` towards zero (a size never rounds
 * up past what the trader asked), `nearest` halves away from zero (a price the trader typed).
 */
export function roundToStep(value: string, step: string, direction: 'down' | 'nearest' = 'nearest'): string {
  const size = parse(step);
  if (size.lte(0)) throw new RangeError(`Not a step size: "${step}"`);
  const amount = parse(value);
  // mod truncates its quotient exactly (no 8-place division), and keeps the sign of `amount`.
  const rest = amount.mod(size);
  const down = amount.minus(rest);
  if (direction === 'down' || rest.abs().times(2).lt(size)) return down.toFixed();
  return (amount.lt(0) ? down.minus(size) : down.plus(size)).toFixed();
}
