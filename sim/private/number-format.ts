/** Decimal text without float noise: OKX trims trailing zeros ("67000.1"), Bybit pads ("67000.10"). */
export function trimmedDecimal(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

export function paddedDecimal(value: number, decimals: number): string {
  const text = value.toFixed(decimals);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

/** Money in USDT: 8 decimals at most, trimmed (both exchanges trim amounts). */
export const usdt = (value: number): string => trimmedDecimal(value, 8);

/** An average price keeps the precision the fills give it (an average need not sit on the tick). */
export const averagePrice = (value: number): string => trimmedDecimal(value, 8);
