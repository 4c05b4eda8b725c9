/**
 * Exact decimal-string arithmetic for sizes the trader sees (contracts x contract value). Floats would
 * turn 0.1 x 3 into 0.30000000000000004; these keep the exchange's precision.
 */

function toScaled(value: string): { digits: bigint; scale: number } {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (match === null) throw new RangeError(`Not a decimal number: "${value}"`);
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = BigInt(`${sign}${whole || '0'}${fraction}`);
  return { digits, scale: fraction.length };
}

function fromScaled(digits: bigint, scale: number): string {
  const negative = digits < 0n;
  const text = (negative ? -digits : digits).toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

/** a x b, exact. */
export function multiplyDecimals(a: string, b: string): string {
  const left = toScaled(a);
  const right = toScaled(b);
  return fromScaled(left.digits * right.digits, left.scale + right.scale);
}

/** a - b, exact. */
export function subtractDecimals(a: string, b: string): string {
  const left = toScaled(a);
  const right = toScaled(b);
  const scale = Math.max(left.scale, right.scale);
  const align = (value: { digits: bigint; scale: number }) =>
    value.digits * 10n ** BigInt(scale - value.scale);
  return fromScaled(align(left) - align(right), scale);
}

/** |value| as the same decimal string without a sign. */
export function absoluteDecimal(value: string): string {
  return value.trim().replace(/^-/, '');
}

/** a / b rounded to `places` decimals (inverse contracts: USD size / price); undefined when b is zero or absent. */
export function divideDecimals(a: string, b: string | undefined, places = 8): string | undefined {
  const divisor = b === undefined ? 0 : Number(b);
  if (!Number.isFinite(divisor) || divisor === 0) return undefined;
  return fromScaled(BigInt(Math.round((Number(a) / divisor) * 10 ** places)), places);
}

/** '' (OKX's "no value") and undefined both become undefined. */
export function present(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
