/**
 * The unified vocabulary both exchanges are mapped into (DESIGN.md "The house"). Prices and sizes that
 * go back to an exchange keep the exchange's decimal strings; numbers are only for display and maths.
 */

export type ExchangeId = 'okx' | 'bybit';
export const EXCHANGE_IDS: readonly ExchangeId[] = ['okx', 'bybit'];
