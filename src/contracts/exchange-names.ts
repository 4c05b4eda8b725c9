import type { ExchangeId } from '../exchanges';

/** The exchanges Perch trades on, in the order the screens list them. */
export const EXCHANGE_IDS = ['okx', 'bybit'] as const satisfies readonly ExchangeId[];

/**
 * How Perch names each exchange to a trader. Its own file (with the ids), so a page's code can name
 * and list exchanges without loading the schemas: the popup's app loads none.
 */
export const EXCHANGE_NAMES: Readonly<Record<ExchangeId, string>> = { okx: 'OKX', bybit: 'Bybit' };
