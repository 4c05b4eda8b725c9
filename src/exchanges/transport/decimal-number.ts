/** 10 to the power of each index: every one exact as a double. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, power) => 10 ** power);

/** Longest text read by hand: 15 digits stay below 2^53, so the digits are read without rounding. */
const LONGEST = 15;

/**
 * `Number(text)`, the same value for every text, read without the engine's general number parser for
 * the plain decimals exchanges send ("95000.1", "0.004"): a book reads a price and a size per level
 * of every push, and the general parser is most of that.
 *
 * Exact: the digits make an integer below 2^53 and the divisor is a power of ten a double holds
 * exactly, so their quotient is the one correctly rounded double, which is what `Number` returns.
 * Anything else (a sign, an exponent, spaces, more digits) goes to `Number`.
 */
export function decimalNumber(text: string): number {
  const length = text.length;
  if (length > LONGEST) return Number(text);
  let digits = 0;
  let value = 0;
  let decimals = -1;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) {
      value = value * 10 + (code - 0x30);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (code === 0x2e && decimals < 0) {
      decimals = 0;
    } else {
      return Number(text);
    }
  }
  if (digits === 0) return Number(text);
  return decimals > 0 ? value / (POWERS_OF_TEN[decimals] ?? 1) : value;
}
