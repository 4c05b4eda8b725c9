/**
 * Fixed-point helpers. Prices and sizes live as integers of the instrument's smallest unit
 * (10^-decimals), so no float noise (0.30000000000000004) ever reaches a response.
 */

/** How an exchange writes numbers: Bybit pads to the step's decimals ("67000.10"), OKX trims ("67000.1"). */
export type DecimalStyle = 'fixed' | 'trimmed';

/** Formats `units` × 10^-decimals as a decimal string. */
export function formatUnits(units: number, decimals: number, style: DecimalStyle): string {
  const negative = units < 0;
  const digits = Math.abs(Math.round(units))
    .toString()
    .padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = decimals > 0 ? digits.slice(digits.length - decimals) : '';
  if (style === 'trimmed') {
    let end = fraction.length;
    while (end > 0 && fraction.charCodeAt(end - 1) === 48 /* '0' */) end--;
    fraction = fraction.slice(0, end);
  }
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Parses a decimal string into units of 10^-decimals; undefined when it is not a plain decimal. */
export function parseUnits(text: string, decimals: number): number | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const padded = (fraction + '0'.repeat(decimals)).slice(0, decimals);
  const units = Number(whole + padded);
  return sign === '-' ? -units : units;
}

/** Number of decimals in a step such as "0.001" (3) or "1" (0). */
export function decimalsOf(step: string): number {
  const dot = step.indexOf('.');
  return dot === -1 ? 0 : step.length - dot - 1;
}
