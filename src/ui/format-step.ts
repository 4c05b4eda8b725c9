import Big from 'big.js';
import { formatPrice, groupThousands } from './format-price';

/** How many decimals a step has: "0.01" -> 2, "0.5" -> 1, "1" and "10" -> 0. */
function decimalsOf(step: Big): number {
  return Math.max(0, step.c.length - step.e - 1);
}

function parse(decimal: string): Big | undefined {
  try {
    return new Big(decimal);
  } catch {
    return undefined;
  }
}

/**
 * Shows a price by its instrument's tick size or a size by its lot size: exactly as many decimals as
 * the step has, thousands grouped, computed on the exchange's decimal strings (never a float), so
 * ('67000.1', '0.01') reads "67,000.10" and ('0.03', '0.001') reads "0.030". A value or step that is
 * not a decimal comes back as it was.
 */
export function formatByStep(value: string, step: string): string {
  const amount = parse(value);
  const stepSize = parse(step);
  if (amount === undefined || stepSize === undefined || stepSize.lte(0)) return value;
  const fixed = amount.toFixed(decimalsOf(stepSize), Big.roundHalfUp);
  const [whole = '', fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = groupThousands(whole.replace('-', ''));
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}

/** A quote's price by its tick size when the background knows the instrument, else as the exchange sent it. */
export function formatPriceByTick(price: string, tickSize: string | undefined): string {
  return tickSize === undefined ? formatPrice(price) : formatByStep(price, tickSize);
}
