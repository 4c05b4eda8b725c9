import { groupThousands } from '../contracts/grouped-number';

export { groupThousands };

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const MIN_FRACTION_DIGITS = 2;

/**
 * One way to show a price from either exchange: thousands grouped, at least two decimals, and every
 * further digit the exchange sent (trailing zeros beyond two dropped), so OKX's "67000.1" and Bybit's
 * "67000.10" both read "67,000.10". Works on the exact decimal string, never through a float.
 */
export function formatPrice(price: string): string {
  const match = DECIMAL.exec(price);
  if (match === null) return price;
  const [, sign = '', whole = '', fraction = ''] = match;
  const grouped = groupThousands(whole);
  const digits = fraction.replace(/0+$/, '').padEnd(MIN_FRACTION_DIGITS, '0');
  return `${sign}${grouped}.${digits}`;
}
