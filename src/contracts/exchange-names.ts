import type { ExchangeId } from '../exchanges';

/**
 * How Perch names each exchange to a trader. Its own file, so a page's first script (the popup's early
 * painter) can name exchanges without loading the schemas.
 */
export const EXCHANGE_NAMES: Readonly<Record<ExchangeId, string>> = { okx: 'OKX', bybit: 'Bybit' };
