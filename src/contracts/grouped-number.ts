/**
 * Numbers as the trader reads them, shared by the worker's words and the screens: the worker may not import
 * src/ui, and an alert's level reads the same in the popup and in the notification.
 */

/** "1234567" -> "1,234,567": the digits of a whole number, grouped by thousands. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** "65000.5" -> "65,000.5": a decimal as written, thousands grouped, its fraction kept as it came. */
export function groupDecimal(value: string): string {
  const [whole = '', fraction] = value.split('.');
  return fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
}
