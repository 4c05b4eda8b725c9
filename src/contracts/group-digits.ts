/**
 * A decimal string with its whole part grouped by thousands and its fraction kept exactly as given
 * ("65000" -> "65,000", "-1234.5" -> "-1,234.5"): how a price reads in words a trader gets outside the
 * popup (alert notifications). The popup's own formatters live in src/ui, which the worker may not import.
 */
export function groupDigits(value: string): string {
  const match = /^([-+]?)(\d+)(\.\d+)?$/.exec(value.trim());
  if (match === null) return value;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction}`;
}
