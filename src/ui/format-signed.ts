import Big from 'big.js';

/**
 * Figures that go up and down (PnL, 24h change) always carry their sign, so a trader never has to
 * read the colour to know which way it went.
 */
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** 1234.5 -> "+1,234.50 USD", -12.3 -> "-12.30 USD", 0 -> "0.00 USD". */
export function formatSignedAmount(amount: number, unit: string): string {
  return `${twoDecimals.format(amount)} ${unit}`;
}

/** 1.234 -> "+1.23%", -0.5 -> "-0.50%". */
export function formatSignedPercent(percent: number): string {
  return `${twoDecimals.format(percent)}%`;
}

/** Which way a figure went: the class that colours it (up, down, or neither for zero). */
export function signTone(value: number): 'perch-up' | 'perch-down' | 'perch-flat' {
  if (value > 0) return 'perch-up';
  if (value < 0) return 'perch-down';
  return 'perch-flat';
}

/**
 * The change since 24 hours ago, in percent, from the exchange's decimal strings; undefined when
 * either is missing or the old price is zero.
 */
export function changePercent(last: string | undefined, open24h: string | undefined): number | undefined {
  if (last === undefined || open24h === undefined) return undefined;
  try {
    const open = new Big(open24h);
    if (open.eq(0)) return undefined;
    return new Big(last).minus(open).div(open).times(100).toNumber();
  } catch {
    return undefined;
  }
}
